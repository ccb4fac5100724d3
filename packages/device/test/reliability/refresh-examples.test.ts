// Reliability (issue 23, finding 7): refreshFSDB adds example files under free names and never changes a file the unit wrote.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { API } from "@trc/protocol";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestDevice, type TestDevice } from "../helpers.ts";

let dev: TestDevice;
beforeAll(async () => {
  dev = await startTestDevice();
});
afterAll(() => dev.dispose());

it("an 18-line status.log and the unit's timing files stay byte for byte; the examples get other names", async () => {
  const dir = join(dev.dataDir, "files");
  const history = Array.from(
    { length: 18 },
    (_, i) => `2026-11-23T08:${String(i).padStart(2, "0")}:00.000Z INFO  real ${i}`,
  );
  const written: Record<string, string> = {
    "status.log": `${history.join("\n")}\n`,
    "timing_0001.csv": "tag,bib,time_utc,channel,rssi_dbm,reads\nREAL,1,2026-11-23T08:00:00.000Z,1,-50,3\n",
    "timing_0002.csv": "tag,bib,time_utc,channel,rssi_dbm,reads\nREAL,2,2026-11-23T08:01:00.000Z,1,-50,3\n",
  };
  for (const [name, text] of Object.entries(written)) await writeFile(join(dir, name), text);
  const before = new Set(await readdir(dir));

  const res = await dev.postJson(API.filesRefresh, {});
  expect(res.status).toBe(200);
  for (const [name, text] of Object.entries(written))
    expect(await readFile(join(dir, name), "utf8")).toBe(text);
  const created: string[] = res.body.refreshed;
  expect(created).toHaveLength(4);
  for (const name of created) expect(before.has(name), name).toBe(false);
  const after = await readdir(dir);
  for (const name of created) expect(after).toContain(name);

  // A second refresh again takes new names and leaves the first examples alone.
  const first = await readFile(join(dir, created[0] ?? ""), "utf8");
  const again = await dev.postJson(API.filesRefresh, {});
  for (const name of again.body.refreshed as string[]) expect(created).not.toContain(name);
  expect(await readFile(join(dir, created[0] ?? ""), "utf8")).toBe(first);
});
