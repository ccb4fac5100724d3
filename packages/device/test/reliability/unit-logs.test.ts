// Reliability (issue 23, findings 6 and 9): what the unit writes into status.log and its own output is escaped; an aborted request is one line.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { API } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChildDevice, startChildDevice } from "../../src/child.ts";
import { resolveOptions } from "../../src/options.ts";
import { FileSystem } from "../../src/state/file-system.ts";
import { tempDir, waitFor } from "../helpers.ts";

const FORGED = "1.4.2\n2026-01-01T00:00:00.000Z INFO  boot: forged\u001b[31m red\u0007";
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f\u0080-\u009f]/;

describe("status.log", () => {
  it("a log line with control characters is written as one escaped line", async () => {
    const files = new FileSystem(await tempDir());
    await files.appendLogLine("status.log", `2026 INFO  boot: firmware ${FORGED}`);
    const text = (await files.read("status.log"))?.toString("utf8") ?? "";
    expect(text.split("\n")).toEqual([
      "2026 INFO  boot: firmware 1.4.2\\n2026-01-01T00:00:00.000Z INFO  boot: forged\\x1b[31m red\\x07",
      "",
    ]);
  });
});

describe("a unit whose stored firmware version holds control characters", () => {
  let dev: ChildDevice;
  beforeAll(async () => {
    const dataDir = join(await tempDir(), "data");
    // A first start seeds the folder; the firmware table is then given a hostile version (as an old unit may hold).
    const seed = await startChildDevice({ dataDir, env: { CONSOLE_DIST: "/nonexistent" } });
    await seed.stop();
    const table = JSON.parse(await readFile(join(dataDir, "firmware.json"), "utf8"));
    table.slots["0"].version = FORGED;
    await writeFile(join(dataDir, "firmware.json"), JSON.stringify(table));
    await mkdir(join(dataDir, "files"), { recursive: true });
    dev = await startChildDevice({ dataDir, env: { CONSOLE_DIST: "/nonexistent", DEVICE_REBOOT_MS: "200" } });
  }, 30_000);
  afterAll(() => dev.close());

  it("boot lines in status.log stay one line each, with no raw control character", async () => {
    const log = await (await fetch(`${dev.url}${API.fileDownload("status.log")}`)).text();
    const boots = log.split("\n").filter((l) => l.includes("boot: firmware"));
    expect(boots.length).toBeGreaterThanOrEqual(2);
    expect(log).not.toMatch(RAW);
    expect(log).not.toMatch(/^2026-01-01T00:00:00.000Z INFO {2}boot: forged/m);
  });

  it("an aborted request is one line on the unit's output, without a stack trace", async () => {
    const req = request(`${dev.url}${API.configSet}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": 1000 },
    });
    req.on("error", () => {});
    req.write('{"key":"ap_ssid",');
    await new Promise((r) => setTimeout(r, 200));
    req.destroy();
    const line = await waitFor(async () => {
      const { stderr } = dev.output();
      return stderr.split("\n").find((l) => /aborted|closed the connection/i.test(l));
    });
    const { stdout, stderr } = dev.output();
    expect(line).toBe(
      "device: POST /api/config/set: the client closed the connection before its body arrived",
    );
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stdout + stderr).not.toMatch(RAW);
  });
});

describe("the emulator's own output", () => {
  it("escapes control characters in every line it writes", () => {
    const lines: string[] = [];
    const options = resolveOptions({ dataDir: "/tmp/unused", log: (l) => lines.push(l) });
    options.log(`rebooting (firmware ${FORGED} installed)`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(RAW);
    expect(lines[0]).not.toContain("\n");
    expect(lines[0]).toContain("1.4.2\\n2026-01-01");
  });
});
