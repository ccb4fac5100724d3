// D14 on the emulated unit, over real HTTP on loopback, on the unit's one clock: a session's passings (the marker too)
// reach the receiver in order, each once, in both formats; an outage (refused, no answer, nobody there) is said in
// words and loses nothing; Passings `left` and the dataset's `upload`; UPLOAD_FROM sends again.
import { API } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningReceiver } from "../src/receiver/receiver.ts";
import type { TestDevice } from "./helpers.ts";
import { advance, execute, massStart, passings, readsStopped, startTimingUnit } from "./timing-helpers.ts";
import {
  allKept,
  closeReceivers,
  drained,
  keptPassings,
  receiver,
  setConfig,
  startSession,
  storedPassings,
  upload,
  uploadUntil,
} from "./upload-helpers.ts";

let dev: TestDevice;
let server: RunningReceiver;
const lines: string[] = [];
let session = "";

beforeAll(async () => {
  dev = await startTimingUnit();
  server = await receiver(lines);
});
afterAll(async () => {
  await dev.dispose();
  await closeReceivers();
});

describe("a session's passings reach the server", () => {
  it("with http_url empty there is no upload; set, the open session goes from its first passing", async () => {
    expect(await upload(dev)).toBeNull();
    session = await startSession(dev);
    await massStart(dev, 8);
    // Past tag_timeout (5 s): the next mass start's tags (the same numbers) are new visits.
    await advance(dev, 8000);
    await setConfig(dev, "http_url", server.url);
    await execute(dev, "MARKER");
    await massStart(dev, 6);
    await advance(dev, 4000);
    await readsStopped(dev, true);
    await advance(dev, 6000);
    await drained(dev);
    await allKept(dev, server, session);
    const u = await drained(dev);
    const stored = await storedPassings(dev, session);
    expect(stored.length).toBeGreaterThanOrEqual(15);
    expect(u).toMatchObject({ url: server.url, state: "ok", left: 0, acked: stored.length, lastError: null });
    expect(u.oldestLeftAt).toBeNull();
    expect(u.lastOkAt).toBeGreaterThan(0);
    expect(stored.find((p) => p.tag === "MARKER")).toMatchObject({ ant: 0, rssi: null, reads: 0 });
    expect(server.stats()).toMatchObject({ repeats: 0, bad: 0 });
    expect(lines.every((l) => l.includes(" json: "))).toBe(true);
    // In order: each post's numbers follow the one before's.
    const ranges = lines.map((l) => /n (\d+)\.\.(\d+)/.exec(l)?.slice(1).map(Number) ?? []);
    for (const [i, [from]] of ranges.entries())
      expect(from).toBe(i === 0 ? 1 : (ranges[i - 1]?.[1] ?? 0) + 1);
  });

  it("http_pckt_format 0: the same passings as text, the device and session in headers", async () => {
    await setConfig(dev, "http_pckt_format", 0);
    await readsStopped(dev, false);
    await massStart(dev, 5);
    await advance(dev, 4000);
    await readsStopped(dev, true);
    await advance(dev, 6000);
    await drained(dev);
    expect(lines.at(-1)).toMatch(/^DECODER-01 timing_\d+\.csv text: /);
    await allKept(dev, server, session);
    await setConfig(dev, "http_pckt_format", 1);
  });
});

describe("outages lose nothing", () => {
  it.each([
    ["refuse", /^503 Service Unavailable/],
    ["stall", /^no answer within 10 s$/],
    ["down", /^connection refused$/],
  ] as const)(
    "the server %s: failing with the cause, Left grows, retried with backoff, then every passing once",
    async (mode, cause) => {
      await server.setMode(mode);
      const before = server.stats();
      await readsStopped(dev, false);
      await massStart(dev, 10);
      await advance(dev, 3000);
      await readsStopped(dev, true);
      const failing = await uploadUntil(dev, (u) => u.state === "failing");
      expect(failing.lastError).toMatch(cause);
      expect(failing.left).toBeGreaterThanOrEqual(10);
      expect(failing.oldestLeftAt).toBeGreaterThan(0);
      expect(failing.nextTryAt).toBeGreaterThan(0);
      // Passings `left` counts what the server has not acknowledged.
      expect((await passings(dev)).left).toBeGreaterThanOrEqual(failing.left);
      // The retries back off: a few minutes of the unit's clock bring far fewer than a post every 500 ms.
      for (let i = 0; i < 12; i++) await advance(dev, 10_000);
      const tries = server.stats();
      if (mode !== "down")
        expect(tries.refused + tries.stalled - before.refused - before.stalled).toBeLessThan(12);
      await server.setMode("ok");
      await drained(dev, 5000);
      await allKept(dev, server, session);
      expect(server.stats().repeats).toBe(before.repeats);
    },
  );
});

describe("UPLOAD_FROM", () => {
  it("sends a session again from a passing on: repeats the server keeps once", async () => {
    const stored = await storedPassings(dev, session);
    const repeats = server.stats().repeats;
    const answer = await execute(dev, "UPLOAD_FROM", [session, "3"]);
    expect(answer).toMatchObject({ session, from: 3, left: stored.length - 2 });
    // The dataset read next may already count some of them sent again (the sender runs on in real time): at most as
    // many wait as the command said; every one of them reaching the server again is the repeats' count below.
    expect((await upload(dev))?.left).toBeLessThanOrEqual(stored.length - 2);
    await drained(dev);
    expect(server.stats().repeats - repeats).toBe(stored.length - 2);
    expect(await keptPassings(server, session)).toEqual(stored);
  });

  it("an earlier session never posted: from where asked", async () => {
    const example = "timing_0002.csv";
    const stored = await storedPassings(dev, example);
    await execute(dev, "UPLOAD_FROM", [example, "1"]);
    await drained(dev);
    expect(await keptPassings(server, example)).toEqual(stored);
  });

  it.each([
    [["timing_0099.csv", "1"], "session: there is no timing file named timing_0099.csv"],
    [["timing_0002.csv", "0"], /^from: Enter a passing's number/],
    [["timing_0002.csv", "x"], /^from: Enter a passing's number/],
    [["../config.json", "1"], /^session: /],
    [["timing_0002.csv"], /argument/i],
  ])("refuses %j with 400 and its reason", async (args, reason) => {
    const { status, body } = await dev.postJson(API.commandExecute, { cmd: "UPLOAD_FROM", args });
    expect(status).toBe(400);
    expect(body.error).toMatch(reason);
  });

  it("never skips ahead of what the server acknowledged", async () => {
    await server.setMode("refuse");
    await readsStopped(dev, false);
    await massStart(dev, 4);
    await advance(dev, 3000);
    await readsStopped(dev, true);
    const u = await uploadUntil(dev, (x) => x.state === "failing");
    const far = String(u.acked + u.left);
    const { status, body } = await dev.postJson(API.commandExecute, {
      cmd: "UPLOAD_FROM",
      args: [session, far],
    });
    expect(status).toBe(400);
    expect(body.error).toMatch(/not acknowledged yet; UPLOAD_FROM only sends passings again/);
    await server.setMode("ok");
    await drained(dev, 5000);
  });
});

describe("http_url", () => {
  it("emptied: the posts stop, the upload reads null, the cursors stay for later", async () => {
    await setConfig(dev, "http_url", "");
    expect(await upload(dev)).toBeNull();
    await readsStopped(dev, false);
    await massStart(dev, 3);
    await advance(dev, 3000);
    await readsStopped(dev, true);
    const posts = server.stats().posts;
    await advance(dev, 5000);
    expect(server.stats().posts).toBe(posts);
    await setConfig(dev, "http_url", server.url);
    await drained(dev);
    await allKept(dev, server, session);
  });
});
