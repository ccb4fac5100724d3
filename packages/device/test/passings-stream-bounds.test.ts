// The read stream's time bounds: the keep-alive never comes later than its interval (D10: at least every 15 s), and a
// write its client does not take within the stall bound (a client gone without closing) ends the stream.
import { PASSINGS_STREAM } from "@trc/protocol";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { drained, keepAliveDue, STALL_MS, TICK_MS } from "../src/routes/passings-stream.ts";
import { startTestDevice, type TestDevice } from "./helpers.ts";
import { type OpenStream, openStream } from "./stream-client.ts";

const SCENARIO = "/api/__test/scenario";
const STREAM_HOOK = "/api/__test/stream";
let dev: TestDevice;
const open: OpenStream[] = [];
const hookState = async () => (await dev.getJson(STREAM_HOOK)).body as { open: number; lastSeq: number };

beforeAll(async () => {
  dev = await startTestDevice({ testHooks: true });
});
afterEach(async () => {
  vi.useRealTimers();
  for (const s of open.splice(0)) s.close();
  await dev.call(SCENARIO, { method: "DELETE" });
  await dev.call(STREAM_HOOK, { method: "DELETE" });
  await expect.poll(async () => (await hookState()).open).toBe(0);
});
afterAll(() => dev.dispose());

describe("the read stream's keep-alive", () => {
  it("goes when the next tick would pass the interval, so no silence is longer than it", () => {
    const every = PASSINGS_STREAM.keepAliveMs;
    expect(keepAliveDue(every - TICK_MS - 1, every)).toBe(false);
    expect(keepAliveDue(every - TICK_MS, every)).toBe(true);
    expect(keepAliveDue(every, every)).toBe(true);
  });

  it("on the unit's clock: 14.9 s of silence already brings it, not 15 s", async () => {
    await dev.postJson(SCENARIO, { readsStopped: true });
    // The unit's clock stands still unless the test moves it (its timers still run).
    vi.useFakeTimers({ toFake: ["Date"] });
    const opened = Date.now();
    const s = await openStream(dev.url);
    open.push(s);
    expect(s.status).toBe(200);
    // The hello that begins every stream (D10) is its first write, at `opened` on the standing clock.
    await s.until(() => s.items.length > 0, 3000);
    vi.setSystemTime(opened + PASSINGS_STREAM.keepAliveMs - TICK_MS);
    await s.until(() => s.items.length > 1, 3000);
    expect(s.items.map((i) => (i.kind === "event" ? i.event : i.text))).toEqual(["hello", "keep-alive"]);
  });
});

describe("a client that stops taking data", () => {
  // A client gone without closing stops taking data: the unit's writes wait once its socket buffers are full (a few KB
  // on a decoder's lwIP stack; about 4 MB on the emulator's loopback, so a browser test cannot reach it in reasonable
  // time). The wait is bounded: a write not taken within the stall bound ends the stream and frees its slot.
  it("a write still waiting at the stall bound is not drained; one taken in time is", async () => {
    vi.useFakeTimers();
    const never = drained(new Promise(() => {}), STALL_MS);
    let stalled: boolean | undefined;
    void never.then((d) => {
      stalled = d;
    });
    await vi.advanceTimersByTimeAsync(STALL_MS - 1);
    expect(stalled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(stalled).toBe(false);
    let taken: () => void = () => {};
    const inTime = drained(new Promise<void>((done) => (taken = done)), STALL_MS);
    await vi.advanceTimersByTimeAsync(STALL_MS - 1);
    taken();
    expect(await inTime).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("the stall bound is set and reset through the stream hook; a bad one is refused with its range", async () => {
    expect((await dev.getJson(STREAM_HOOK)).body.stallMs).toBe(STALL_MS);
    expect((await dev.postJson(STREAM_HOOK, { stallMs: 1000 })).body.stallMs).toBe(1000);
    for (const bad of [99, 120_001, 1.5, "1000"])
      expect(await dev.postJson(STREAM_HOOK, { stallMs: bad })).toEqual({
        status: 400,
        body: { error: "stallMs must be a whole number from 100 to 120000" },
      });
    expect((await dev.call(STREAM_HOOK, { method: "DELETE" })).status).toBe(200);
    expect((await dev.getJson(STREAM_HOOK)).body.stallMs).toBe(STALL_MS);
  });
});
