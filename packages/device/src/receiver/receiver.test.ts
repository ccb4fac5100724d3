// The D14 receiver on loopback: both formats kept once per (device, session, n) across a restart, repeats counted,
// refuse / stall / hold / down as told, bodies that are not D14's refused with the reason.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type UploadPassing, uploadRequest } from "@trc/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { type RunningReceiver, startReceiver } from "./receiver.ts";
import { safeName } from "./store.ts";

const T = Date.UTC(2026, 4, 17, 9, 0, 0);
const passing = (n: number): UploadPassing => ({
  n,
  tag: `2000${n}`,
  time: T + n,
  ant: 1,
  rssi: -60,
  reads: 2,
});
const open: RunningReceiver[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function receiver(dir?: string) {
  const folder = dir ?? (await mkdtemp(join(tmpdir(), "trc-receiver-test-")));
  if (!dir) dirs.push(folder);
  const lines: string[] = [];
  const r = await startReceiver({ dir: folder, log: (l) => lines.push(l) });
  open.push(r);
  return { r, lines, folder };
}

function post(r: RunningReceiver, format: "json" | "text", numbers: number[], signal?: AbortSignal) {
  const req = uploadRequest(format, "DECODER-01", "timing_0004.csv", numbers.map(passing));
  return fetch(r.url, {
    method: "POST",
    headers: { "Content-Type": req.contentType, ...req.headers },
    body: req.body,
    ...(signal ? { signal } : {}),
  });
}

describe("the receiver", () => {
  it("keeps each passing once, in both formats, in a file per session; repeats counted; kept across a restart", async () => {
    const { r, lines, folder } = await receiver();
    expect(await (await post(r, "json", [1, 2, 3])).json()).toEqual({ stored: 3, repeats: 0 });
    expect(await (await post(r, "text", [3, 4])).json()).toEqual({ stored: 1, repeats: 1 });
    expect(lines).toEqual([
      "DECODER-01 timing_0004.csv json: 3 passings (n 1..3), 3 new, 0 repeats",
      "DECODER-01 timing_0004.csv text: 2 passings (n 3..4), 1 new, 1 repeats",
    ]);
    const file = await readFile(join(folder, "DECODER-01", "timing_0004.csv.txt"), "utf8");
    expect(file.trim().split("\n")).toHaveLength(4);
    await r.close();
    open.pop();
    const again = await receiver(folder);
    expect(await (await post(again.r, "json", [4, 5])).json()).toEqual({ stored: 1, repeats: 1 });
    expect((await again.r.store.passings("DECODER-01", "timing_0004.csv")).map((p) => p.n)).toEqual([
      1, 2, 3, 4, 5,
    ]);
  });

  it("refuses what is not a D14 post, with the reason", async () => {
    const { r } = await receiver();
    const bad = await fetch(r.url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect([bad.status, await bad.json()]).toEqual([400, { error: "the body is not JSON" }]);
    expect((await fetch(r.url)).status).toBe(405);
    expect(r.stats().bad).toBe(1);
    expect(safeName("../x y")).toBe("__x_y");
  });

  it("refuses (503), stalls, holds (kept, no answer) and goes down when told, then takes posts again", async () => {
    const { r } = await receiver();
    await r.setMode("refuse");
    const refused = await post(r, "json", [1]);
    expect([refused.status, refused.headers.get("retry-after")]).toEqual([503, "10"]);
    await r.setMode("stall");
    await expect(post(r, "json", [1], AbortSignal.timeout(300))).rejects.toThrow();
    await r.setMode("hold");
    await expect(post(r, "json", [1, 2], AbortSignal.timeout(300))).rejects.toThrow();
    expect(r.stats()).toMatchObject({ refused: 1, stalled: 1, held: 1, stored: 2, posts: 0 });
    await r.setMode("down");
    await expect(post(r, "json", [1])).rejects.toThrow();
    await r.setMode("ok");
    expect(await (await post(r, "json", [1, 2, 3])).json()).toEqual({ stored: 1, repeats: 2 });
    const viaHttp = await fetch(new URL("/__receiver/mode", r.url), {
      method: "POST",
      body: JSON.stringify({ mode: "refuse" }),
    });
    expect(await viaHttp.json()).toEqual({ mode: "refuse" });
    await expect.poll(() => r.mode()).toBe("refuse");
    expect(await (await fetch(new URL("/__receiver/stats", r.url))).json()).toMatchObject({
      mode: "refuse",
      posts: 1,
    });
  });
});
