// The read stream's tally, pure: each seq once, every seq not received counted as missed (gaps, holes, unreadable
// reads) and why, a restarted count, and a seek's passing over reads made before the opening.
import type { TagRead } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import {
  EMPTY_TALLY,
  MISSED_WHY,
  type ReadTally,
  resumeAfter,
  seekFrom,
  takeGap,
  takeReads,
} from "./readTally.ts";

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

  it("a hole between two reads on one connection counts as missed, within a batch or between batches", () => {
    const a = takeReads(EMPTY_TALLY, [read(1), read(2), read(4)]);
    expect(seqs(a.fresh)).toEqual([1, 2, 4]);
    expect(a.tally).toMatchObject({ received: 3, missed: 1, lastSeq: 4, why: MISSED_WHY.hole });
    // The reviewer's case: seq 3 never arrives, the next batch starts at 4.
    const b = takeReads(takeReads(EMPTY_TALLY, [read(1), read(2)]).tally, [read(5), read(6)]);
    expect(b.tally).toMatchObject({ received: 4, missed: 2, lastSeq: 6, why: MISSED_WHY.hole });
    // The first read of a live-only start is no hole: the page counts from it.
    expect(takeReads(EMPTY_TALLY, [read(41)]).tally).toMatchObject({ received: 1, missed: 0, why: null });
  });

  it("a gap's reads are missed once: the read right after it is no hole", () => {
    const t = takeGap(takeReads(EMPTY_TALLY, [read(2)]).tally, { from: 3, to: 9 });
    expect(t).toMatchObject({ missed: 7, lastSeq: 9, why: MISSED_WHY.gap });
    expect(takeReads(t, [read(10)]).tally).toMatchObject({ received: 2, missed: 7, why: MISSED_WHY.gap });
    // A gap then a hole after it: both counted, the latest cause named.
    expect(takeReads(t, [read(12)]).tally).toMatchObject({ missed: 9, why: MISSED_WHY.hole });
  });

  it("an unreadable read (its seq alone) counts as missed and moves the resume point; the batch's others are kept", () => {
    const start = takeReads(EMPTY_TALLY, [read(1)]).tally;
    const a = takeReads(start, [2, read(3), 4]);
    expect(seqs(a.fresh)).toEqual([3]);
    expect(a.tally).toMatchObject({ received: 2, missed: 2, lastSeq: 4, why: MISSED_WHY.unreadable });
    // The reviewer's case: the batch of seq 3 unreadable, then 4: received 2, missed 1, nothing lost uncounted.
    const b = takeReads(takeReads(takeReads(EMPTY_TALLY, [read(2)]).tally, [3]).tally, [read(4)]);
    expect(b.tally).toMatchObject({ received: 2, missed: 1, lastSeq: 4 });
    // An event without a readable id (NaN) or an unreadable read already behind changes nothing.
    expect(takeReads(start, [Number.NaN]).tally).toBe(start);
    expect(takeReads(start, [1]).tally).toBe(start);
    // The first event of a live-only start: its unreadable reads before the first readable one count.
    expect(takeReads(EMPTY_TALLY, [40, read(41)]).tally).toMatchObject({
      received: 1,
      missed: 1,
      lastSeq: 41,
    });
  });

  it("a read twice in one batch, an empty batch or one wholly behind: the same tally", () => {
    const t = takeReads(EMPTY_TALLY, [read(1), read(1), read(2)]);
    expect(seqs(t.fresh)).toEqual([1, 2]);
    expect(t.tally).toMatchObject({ received: 2, missed: 0 });
    expect(takeReads(t.tally, []).tally).toBe(t.tally);
    expect(takeReads(t.tally, [read(2), read(1)]).fresh).toEqual([]);
  });

  it("a resumed connection whose first read is not above the last seq: the count restarted, and goes on from it", () => {
    const before = takeGap(takeReads(EMPTY_TALLY, [read(99), read(100)]).tally, { from: 101, to: 103 });
    const a = takeReads(resumeAfter(before), [read(5), read(6)]);
    expect(seqs(a.fresh)).toEqual([5, 6]);
    // What was counted stays; the resume point is the new count's.
    expect(a.tally).toMatchObject({
      received: 4,
      missed: 3,
      lastSeq: 6,
      resuming: false,
      why: MISSED_WHY.restart,
    });
    expect(takeReads(a.tally, [read(7)]).tally).toMatchObject({ received: 5, missed: 3, lastSeq: 7 });
    // At the last seq exactly, too.
    expect(seqs(takeReads(resumeAfter(before), [read(103), read(104)]).fresh)).toEqual([103, 104]);
    // An unreadable first read: the restart is still seen, the read missed.
    expect(takeReads(resumeAfter(before), [5, read(6)]).tally).toMatchObject({
      received: 3,
      missed: 4,
      lastSeq: 6,
    });
    // On the same connection (not resumed) older seqs are duplicates: dropped.
    expect(takeReads(before, [read(5), read(6)]).tally).toBe(before);
  });

  it("a resumed connection that goes on above the last seq is no restart, and only its first read is checked", () => {
    const before = resumeAfter(takeReads(EMPTY_TALLY, [read(10)]).tally);
    const a = takeReads(before, [read(11)]);
    expect(a.tally).toMatchObject({ received: 2, missed: 0, resuming: false, why: null });
    expect(takeReads(a.tally, [read(3)]).tally).toBe(a.tally);
    // Resumed above the last seq with a hole: missed, no restart.
    expect(takeReads(before, [read(14)]).tally).toMatchObject({
      received: 2,
      missed: 3,
      why: MISSED_WHY.hole,
    });
    // A gap on the resumed connection first, then its reads: no restart.
    const gapped = takeReads(takeGap(before, { from: 11, to: 20 }), [read(21)]);
    expect(gapped.tally).toMatchObject({ received: 2, missed: 10, lastSeq: 21, why: MISSED_WHY.gap });
  });

  it("a seek counts no hole among the reads it passes over; once it ended, holes count", () => {
    const a = takeReads(seekFrom(EMPTY_TALLY, 1000), [read(1, 10), read(5, 20), 6, read(9, 1000)]);
    expect(seqs(a.fresh)).toEqual([9]);
    expect(a.tally).toMatchObject({ received: 1, missed: 0, lastSeq: 9, since: null });
    expect(takeReads(a.tally, [read(11, 1)]).tally).toMatchObject({ received: 2, missed: 1 });
  });

  // Every fate of reads 2..5 between reads 1 and 6 (sent, lost, unreadable, sent twice), in batches of 1, 2, 3 or
  // all, on one connection: every seq from the first to the last is received or missed, exactly once.
  const FATES = ["sent", "lost", "unreadable", "twice"] as const;
  const cases: (typeof FATES)[number][][] = [[]];
  for (let i = 0; i < 4; i++)
    cases.splice(0, cases.length, ...cases.flatMap((c) => FATES.map((f) => [...c, f])));
  it.each([1, 2, 3, 6])("nothing is lost uncounted: every fate of 4 reads, batches of %i", (size) => {
    for (const fates of cases) {
      const events: (TagRead | number)[] = [read(1)];
      fates.forEach((fate, i) => {
        const seq = i + 2;
        if (fate === "sent") events.push(read(seq));
        if (fate === "twice") events.push(read(seq), read(seq));
        if (fate === "unreadable") events.push(seq);
      });
      events.push(read(6));
      let t = EMPTY_TALLY;
      const got: number[] = [];
      for (let i = 0; i < events.length; i += size) {
        const step = takeReads(t, events.slice(i, i + size));
        t = step.tally;
        got.push(...seqs(step.fresh));
      }
      const sent = [1, ...fates.flatMap((f, i) => (f === "sent" || f === "twice" ? [i + 2] : [])), 6];
      expect(got).toEqual(sent);
      expect([t.received, t.missed, t.lastSeq]).toEqual([sent.length, 6 - sent.length, 6]);
    }
  });
});
