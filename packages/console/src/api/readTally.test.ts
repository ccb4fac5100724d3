// The read stream's tally, pure: each seq once, gaps as missed, and a seek's passing over reads made before the opening.
import type { TagRead } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { EMPTY_TALLY, type ReadTally, seekFrom, takeGap, takeReads } from "./readTally.ts";

const read = (seq: number, time = seq): TagRead => ({ seq, tag: "000123", ant: 0, rssi: -60, time });
const seqs = (reads: readonly TagRead[]) => reads.map((r) => r.seq);

describe("readTally", () => {
  it("counts each seq once, in order, and moves the resume point to the newest", () => {
    const a = takeReads(EMPTY_TALLY, [read(41), read(42)]);
    const b = takeReads(a.tally, [read(42), read(43)]);
    expect(seqs(b.fresh)).toEqual([43]);
    expect(b.tally).toMatchObject({ received: 3, missed: 0, lastSeq: 43 });
    // A batch wholly behind the resume point changes nothing (the same tally).
    expect(takeReads(b.tally, [read(40), read(43)]).tally).toBe(b.tally);
  });

  it("a gap counts its reads after the resume point as missed and moves it; one wholly behind changes nothing", () => {
    const t = takeGap(takeReads(EMPTY_TALLY, [read(5)]).tally, { from: 3, to: 20 });
    expect(t).toMatchObject({ received: 1, missed: 15, lastSeq: 20 });
    expect(takeGap(t, { from: 1, to: 9 })).toBe(t);
  });

  it("a seek passes over reads made before its time, keeps its slack's edge, and ends at the first read since", () => {
    const seeking = seekFrom(EMPTY_TALLY, 1000);
    const a = takeReads(seeking, [read(1, 10), read(2, 999)]);
    expect(a.fresh).toEqual([]);
    // Passed over, yet the resume point moves: a resume goes on after them.
    expect(a.tally).toMatchObject({ received: 0, lastSeq: 2, since: 1000 });
    const b = takeReads(a.tally, [read(3, 998), read(4, 1000), read(5, 1500)]);
    expect(seqs(b.fresh)).toEqual([4, 5]);
    expect(b.tally).toMatchObject({ received: 2, lastSeq: 5, since: null });
    // After the seek every read counts, whatever its time (a unit's clock may be set back).
    expect(seqs(takeReads(b.tally, [read(6, 1)]).fresh)).toEqual([6]);
  });

  it("a gap met in a seek is missed only when the kept reads right after it were made since the opening", () => {
    const gapThen = (t: ReadTally) => takeGap(seekFrom(t, 1000), { from: 1, to: 40 });
    const older = takeReads(gapThen(EMPTY_TALLY), [read(41, 500), read(42, 1200)]);
    expect(seqs(older.fresh)).toEqual([42]);
    expect(older.tally).toMatchObject({ received: 1, missed: 0, lastSeq: 42, heldGap: null });
    const newer = takeReads(gapThen(EMPTY_TALLY), [read(41, 1100), read(42, 1200)]);
    expect(seqs(newer.fresh)).toEqual([41, 42]);
    expect(newer.tally).toMatchObject({ received: 2, missed: 40, lastSeq: 42, heldGap: null });
  });
});
