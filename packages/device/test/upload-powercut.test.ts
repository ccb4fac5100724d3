// D14 across power cuts (SIGKILL of the unit's process) during posts: one while the server holds a post unanswered,
// one after the server kept a post whose answer never came (it comes again: a repeat, kept once), and cuts at random
// moments while it posts. After each restart (test mode: no timing started) the unit goes on from its cursor on disk;
// in the end the receiver holds every stored passing exactly once.
import { join } from "node:path";
import { API, TimingTelemetry, type UploadTelemetry } from "@trc/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { type ChildDevice, startChildDevice } from "../src/child.ts";
import { parseTimingFile } from "../src/timing/replay.ts";
import { type AnyJson, tempDir } from "./helpers.ts";
import { closeReceivers, keptPassings, receiver } from "./upload-helpers.ts";

afterAll(closeReceivers);

const ENV = { DEVICE_TEST_HOOKS: "1", CONSOLE_DIST: "/nonexistent", DEVICE_REBOOT_MS: "200" };
const SEED = Number(process.env.TRC_POWERCUT_SEED ?? Date.now() % 100_000);

async function call(dev: ChildDevice, path: string, body?: unknown): Promise<AnyJson> {
  const res = await fetch(`${dev.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
const upload = async (dev: ChildDevice): Promise<UploadTelemetry | null | undefined> =>
  TimingTelemetry.parse(await call(dev, API.telemetry("timing"))).upload;
const until = async (check: () => boolean | Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe(`power cuts during posts (seed ${SEED})`, () => {
  it("lose nothing: after each restart the unit goes on from its cursor; every passing kept once", async () => {
    const server = await receiver();
    const dataDir = join(await tempDir("trc-upload-cut-"), "data");
    let dev = await startChildDevice({ dataDir, env: ENV });
    try {
      await call(dev, API.configSet, { key: "reads_2b_sent", value: "ALL", time: "t" });
      await call(dev, API.configSet, { key: "http_url", value: server.url, time: "t" });
      const { file } = await call(dev, API.commandExecute, { cmd: "TIMING_START", args: [] });
      const tag = { tag: "777001", ant: 0, perSecond: 400 };
      await call(dev, "/api/__test/scenario", { testTag: tag });
      // 1. A post held unanswered by the server when the power goes.
      await server.setMode("stall");
      await until(() => server.stats().stalled > 0);
      await dev.kill();
      await server.setMode("ok");
      dev = await startChildDevice({ dataDir, env: ENV });
      expect(await upload(dev)).toMatchObject({ url: server.url });
      // 2. The server keeps a post but its answer never comes; the power goes; the post comes again.
      await call(dev, API.commandExecute, { cmd: "TIMING_START", args: [] });
      await call(dev, "/api/__test/scenario", { testTag: tag });
      await server.setMode("hold");
      await until(() => server.stats().held > 0);
      const held = server.stats();
      await dev.kill();
      await server.setMode("ok");
      dev = await startChildDevice({ dataDir, env: ENV });
      await until(async () => server.stats().repeats > held.repeats);
      // 3. Cuts at random moments while it posts (a session at 400 passings a second).
      let rnd = SEED;
      for (let i = 0; i < 3; i++) {
        await call(dev, API.commandExecute, { cmd: "TIMING_START", args: [] });
        await call(dev, "/api/__test/scenario", { testTag: tag });
        rnd = (rnd * 1664525 + 1013904223) % 2 ** 32;
        await new Promise((r) => setTimeout(r, 300 + (rnd % 700)));
        await dev.kill();
        dev = await startChildDevice({ dataDir, env: ENV });
      }
      // Test mode after the last restart: what every session stored still goes.
      await until(async () => {
        const u = await upload(dev);
        return u?.left === 0 && u.state === "ok";
      }, 30_000);
      const sessions = ((await call(dev, API.filesAll)).files as { name: string }[])
        .map((f) => f.name)
        .filter((n) => /^timing_\d+\.csv$/.test(n) && n >= file);
      expect(sessions.length).toBe(5);
      let total = 0;
      for (const session of sessions) {
        const res = await fetch(`${dev.url}${API.fileDownload(session)}`);
        const stored = parseTimingFile(await res.text());
        const kept = await keptPassings(server, session);
        expect(
          kept.map((p) => [p.n, p.tag, p.time]),
          session,
        ).toEqual(stored.map((p) => [p.n, p.tag, p.time]));
        total += stored.length;
      }
      expect(total).toBeGreaterThan(500);
      expect(server.stats().stored).toBe(total);
      expect(server.stats().repeats).toBeGreaterThan(0);
    } finally {
      await dev.close();
    }
  }, 120_000);
});
