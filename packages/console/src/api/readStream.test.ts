// The read stream client: ref-counted connection, resume from the last seq or the hello, no duplicates, gaps; its
// refusals and retries are in readStream.retry.test.ts.
import { describe, expect, it } from "vitest";
import {
  batch,
  EPOCH,
  flush,
  helloEvent,
  range,
  read,
  readsEvent,
  setup,
} from "../../test/readStream.fakes.ts";
import { STREAM_TIMING } from "./readStreamState.ts";

describe("ReadStream", () => {
  it("opens one connection for the first subscriber, live only, and counts each read it delivers", async () => {
    const { calls, stream, got } = setup();
    const second: number[] = [];
    stream.subscribe((reads) => second.push(...reads.map((r) => r.seq)));
    await flush();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe("http://unit/api/passings/stream");
    expect(stream.state.status).toBe("connecting");
    const s = calls[0]?.open();
    await flush();
    expect(stream.state).toMatchObject({ status: "live", connections: 1, received: 0 });
    s?.send(batch(41, 42, 43));
    // A batch cut anywhere still arrives whole.
    const text = batch(44, 45);
    s?.send(text.slice(0, 17));
    await flush();
    s?.send(text.slice(17));
    await flush();
    expect(got).toEqual([41, 42, 43, 44, 45]);
    expect(second).toEqual(got);
    expect(stream.state).toMatchObject({ received: 5, missed: 0, lastSeq: 45 });
  });

  it("resumes with ?after= its last seq when the unit ends the stream, and delivers no seq twice", async () => {
    const { calls, stream, got, advance } = setup();
    await flush();
    const first = calls[0]?.open();
    await flush();
    first?.send(batch(10, 11, 12));
    await flush();
    first?.end();
    await flush();
    expect(stream.state.status).toBe("reconnecting");
    expect(stream.state.reason).toBe("The unit ended the read stream");
    await advance(STREAM_TIMING.resumeMs);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.url).toBe("http://unit/api/passings/stream?after=12");
    const second = calls[1]?.open();
    await flush();
    second?.send(batch(13, 14));
    // A unit that sends an already received read again: it is not counted twice.
    second?.send(batch(14, 15));
    await flush();
    expect(got).toEqual([10, 11, 12, 13, 14, 15]);
    expect(stream.state).toMatchObject({ status: "live", received: 6, connections: 2, reason: null });
  });

  it("resumes after a lost connection (a network error mid-stream)", async () => {
    const { calls, stream, got, advance } = setup();
    await flush();
    const first = calls[0]?.open();
    await flush();
    first?.send(batch(1, 2));
    await flush();
    first?.reset();
    await flush();
    expect(stream.state).toMatchObject({
      status: "reconnecting",
      reason: "The read stream was lost: network error",
    });
    await advance(STREAM_TIMING.resumeMs);
    expect(calls[1]?.url).toContain("?after=2");
    calls[1]?.open().send(batch(3));
    await flush();
    expect(got).toEqual([1, 2, 3]);
    expect(stream.state.received).toBe(3);
  });

  it("counts a gap's reads as missed (only the part after its last seq) and resumes after it", async () => {
    const { calls, stream, got, advance } = setup();
    await flush();
    const s = calls[0]?.open();
    await flush();
    s?.send(batch(5));
    s?.send(`event: gap\ndata: {"from":3,"to":20}\n\n`);
    s?.send(batch(21, 22));
    await flush();
    expect(stream.state).toMatchObject({ received: 3, missed: 15, lastSeq: 22 });
    // A gap already behind the last seq changes nothing.
    s?.send(`event: gap\ndata: {"from":1,"to":9}\n\n`);
    await flush();
    expect(stream.state.missed).toBe(15);
    s?.end();
    await flush();
    await advance(STREAM_TIMING.resumeMs);
    expect(calls[1]?.url).toContain("?after=22");
    expect(got).toEqual([5, 21, 22]);
  });

  it("a first connection cut after its hello, before any read: the next resumes from the hello, losing no read", async () => {
    const { calls, stream, got, advance } = setup();
    await flush();
    const first = calls[0]?.open();
    first?.send(helloEvent(40, 40, 1));
    await flush();
    expect(stream.state).toMatchObject({ status: "live", received: 0, lastSeq: 40 });
    first?.reset();
    await flush();
    await advance(STREAM_TIMING.resumeMs);
    expect(calls[1]?.url).toBe("http://unit/api/passings/stream?after=40");
    // The unit read on meanwhile, its clock a minute behind the browser's and no clock sync known: a seek by the reads'
    // time would have passed over all three.
    const behind = EPOCH - 60_000;
    const second = calls[1]?.open();
    second?.send(helloEvent(40, 43, 1));
    second?.send(
      readsEvent([read(41, "a", 0, behind), read(42, "b", 0, behind + 1), read(43, "a", 0, behind + 2)]),
    );
    second?.send(readsEvent([read(43, "a", 0, behind + 2), read(44, "c", 0, behind + 3)]));
    await flush();
    expect(got).toEqual([41, 42, 43, 44]);
    expect(stream.state).toMatchObject({
      status: "live",
      received: 4,
      missed: 0,
      lastSeq: 44,
      connections: 2,
    });
    expect(stream.state.reason).toBeNull();
  });

  it("a first connection that ends before any read: the next seeks (?after=0) from the opening on the unit's clock", async () => {
    const { calls, stream, got, advance } = setup();
    // The unit's clock runs 5 s ahead of the browser's (the last clock sync).
    stream.setClockOffset(5000);
    await flush();
    expect(calls[0]?.url).toBe("http://unit/api/passings/stream");
    calls[0]?.open().end();
    await flush();
    await advance(1000);
    expect(calls[1]?.url).toBe("http://unit/api/passings/stream?after=0");
    const s = calls[1]?.open();
    await flush();
    const opened = EPOCH + 5000;
    // The seek's hello repeats the start it asked for: the seek goes on by the reads' time.
    s?.send(helloEvent(0, 5, 3));
    s?.send(
      readsEvent([read(3, "a", 0, opened - 60_000), read(4, "a", 0, opened - 1001), read(5, "a", 0, opened)]),
    );
    await flush();
    expect(got).toEqual([5]);
    expect(stream.state).toMatchObject({ received: 1, missed: 0, lastSeq: 5 });
    s?.end();
    await flush();
    await advance(STREAM_TIMING.resumeMs);
    expect(calls[2]?.url).toBe("http://unit/api/passings/stream?after=5");
  });

  it("a seek cut off before it reached the page's reads goes on from its last seq, still passing over older reads", async () => {
    const { calls, got, advance } = setup();
    await flush();
    calls[0]?.open().end();
    await flush();
    await advance(1000);
    const s = calls[1]?.open();
    await flush();
    s?.send(readsEvent([read(10, "a", 0, EPOCH - 50_000)]));
    await flush();
    s?.reset();
    await flush();
    await advance(STREAM_TIMING.resumeMs);
    expect(calls[2]?.url).toBe("http://unit/api/passings/stream?after=10");
    const t = calls[2]?.open();
    await flush();
    t?.send(readsEvent([read(11, "a", 0, EPOCH - 40_000), read(12, "a", 0, EPOCH + 10)]));
    await flush();
    expect(got).toEqual([12]);
  });

  it("closes when the last subscriber leaves (after a grace), and a new subscriber starts afresh", async () => {
    const { calls, stream, leave, advance, pendingTimers } = setup();
    const leaveOther = stream.subscribe(() => {});
    await flush();
    calls[0]?.open().send(batch(1, 2));
    await flush();
    leave();
    leaveOther();
    expect(stream.state.status).toBe("live");
    await advance(STREAM_TIMING.closeGraceMs);
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(stream.state).toMatchObject({ status: "closed", received: 0, lastSeq: null });
    expect(pendingTimers()).toBe(0);
    stream.subscribe(() => {});
    await flush();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.url).toBe("http://unit/api/passings/stream");
  });

  it("a subscriber back within the grace (StrictMode's second effect) keeps the one connection", async () => {
    const { calls, stream, leave, advance } = setup();
    await flush();
    calls[0]?.open();
    await flush();
    leave();
    stream.subscribe(() => {});
    await advance(STREAM_TIMING.closeGraceMs * 3);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.signal.aborted).toBe(false);
    expect(stream.state.status).toBe("live");
  });

  it("delivers a long burst (20 drops, 500-read batches) with received = sent and no duplicate", async () => {
    const { calls, stream, got, advance } = setup();
    await flush();
    let seq = 0;
    for (let drop = 0; drop < 20; drop++) {
      const s = calls[drop]?.open();
      await flush();
      // Each connection sends 1,000 new reads in batches of at most 500, the second repeating the first's last 3.
      s?.send(batch(...range(seq + 1, seq + 500)));
      s?.send(batch(...range(seq + 498, seq + 997)));
      s?.send(batch(...range(seq + 998, seq + 1000)));
      seq += 1000;
      await flush();
      s?.end();
      await flush();
      await advance(STREAM_TIMING.resumeMs);
    }
    expect(stream.state.received).toBe(20_000);
    expect(got).toEqual(range(1, 20_000));
  });
});
