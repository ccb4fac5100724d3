// The read stream client's missed reads: holes, unreadable reads and a restarted count, each counted and said why.
import { describe, expect, it } from "vitest";
import { batch, flush, read, setup } from "../../test/readStream.fakes.ts";
import { STREAM_TIMING } from "./readStreamState.ts";

describe("ReadStream: what it missed and why", () => {
  it("keeps a batch's readable reads, counts the others (placed by the event's id) as missed, and says why", async () => {
    const { calls, stream, got } = setup();
    await flush();
    const s = calls[0]?.open();
    await flush();
    s?.send(batch(2));
    // D3: one read with a field of the wrong type; the batch's others are kept.
    const bad = { ...read(4), rssi: "-58" };
    s?.send(`event: reads\nid: 5\ndata: ${JSON.stringify({ reads: [read(3), bad, read(5)] })}\n\n`);
    await flush();
    expect(got).toEqual([2, 3, 5]);
    expect(stream.state).toMatchObject({
      status: "live",
      received: 3,
      missed: 1,
      reason: "Reads the console could not read were skipped",
    });
    // A batch that is not JSON: the seqs up to its id are missed; the next batch goes on from there.
    s?.send(`event: reads\nid: 7\ndata: not json\n\n`);
    s?.send(batch(8));
    await flush();
    expect(got).toEqual([2, 3, 5, 8]);
    expect(stream.state).toMatchObject({ received: 4, missed: 3, lastSeq: 8 });
  });

  it("counts a hole in the seqs on one connection as missed and says so while live", async () => {
    const { calls, stream, got } = setup();
    await flush();
    const s = calls[0]?.open();
    await flush();
    s?.send(batch(1, 2));
    // Seq 3 never comes (no gap event names it).
    s?.send(batch(4));
    await flush();
    expect(got).toEqual([1, 2, 4]);
    expect(stream.state).toMatchObject({
      status: "live",
      received: 3,
      missed: 1,
      reason: "The unit skipped some reads",
    });
  });

  it("a unit whose seq went back (another unit at the address): counts its reads from there, and says so", async () => {
    const { calls, stream, got, advance } = setup();
    await flush();
    const first = calls[0]?.open();
    await flush();
    first?.send(batch(500, 501));
    await flush();
    first?.end();
    await flush();
    await advance(STREAM_TIMING.resumeMs);
    expect(calls[1]?.url).toContain("?after=501");
    // The other unit's count is far below: it takes after=501 as "live only" and sends its new reads.
    const second = calls[1]?.open();
    await flush();
    second?.send(batch(7, 8));
    second?.send(batch(9));
    await flush();
    expect(got).toEqual([500, 501, 7, 8, 9]);
    expect(stream.state).toMatchObject({
      status: "live",
      received: 5,
      missed: 0,
      lastSeq: 9,
      reason: "The unit's read count restarted",
    });
    second?.end();
    await flush();
    await advance(STREAM_TIMING.resumeMs);
    expect(calls[2]?.url).toContain("?after=9");
    calls[2]?.open().send(batch(10));
    await flush();
    expect(got.at(-1)).toBe(10);
    // Still said while live after the resume: it explains the counts.
    expect(stream.state).toMatchObject({
      status: "live",
      received: 6,
      reason: "The unit's read count restarted",
    });
  });
});
