// What the console makes of the read stream's events (D10), pure: each seq once, every seq not received counted as
// missed (a gap, a hole, an unreadable read) and why, a unit's count that restarted, the resume point, and a seek's
// passing over the reads made before the page opened.
import type { TagRead } from "@trc/protocol";

/** Why reads were last missed, or that the unit's count restarted: the page says it beside the status. */
export const MISSED_WHY = {
  gap: "The unit no longer keeps some reads",
  hole: "The unit skipped some reads",
  unreadable: "Reads the console could not read were skipped",
  restart: "The unit's read count restarted",
} as const;

export interface ReadTally {
  /** Reads received (each seq once). */
  received: number;
  /** Seqs never received: a gap's, a hole's between two reads, an unreadable read's. */
  missed: number;
  /** The last seq received or skipped: the resume point. */
  lastSeq: number | null;
  /** While seeking: reads made before this (the unit's clock, epoch ms) are passed over. */
  since: number | null;
  /** A gap met while seeking: missed only if the kept reads right after it are already the page's. */
  heldGap: number | null;
  /** A connection resumed after lastSeq has sent no read yet: a first read at or below lastSeq is a restarted count. */
  resuming: boolean;
  /** Why reads were last missed (or the count restarted); null while none was. */
  why: string | null;
}

export const EMPTY_TALLY: ReadTally = {
  received: 0,
  missed: 0,
  lastSeq: null,
  since: null,
  heldGap: null,
  resuming: false,
  why: null,
};

/** A seek from `since` (unit clock): the connection asks for every kept read, and older ones are passed over. */
export function seekFrom(t: ReadTally, since: number): ReadTally {
  return { ...t, since };
}

/** A connection asks for the reads after the last seq (D10: it may only send later ones). */
export function resumeAfter(t: ReadTally): ReadTally {
  return { ...t, resuming: true };
}

/** A `gap` event: the reads after the last seq up to `to` are missed (held while seeking). */
export function takeGap(t: ReadTally, gap: { from: number; to: number }): ReadTally {
  const last = t.lastSeq ?? 0;
  if (gap.to <= last) return t;
  const count = gap.to - Math.max(gap.from, last + 1) + 1;
  return t.since !== null
    ? { ...t, heldGap: (t.heldGap ?? 0) + count, lastSeq: gap.to }
    : { ...t, missed: t.missed + count, lastSeq: gap.to, why: MISSED_WHY.gap };
}

/**
 * A batch, in seq order; a number stands for the seq of a read the console could not read (D3). The reads above the
 * last seq (while seeking, made since the page opened) are the page's new ones; a seq skipped between them, or an
 * unreadable one, is missed. A resumed connection whose first read is not above the last seq: the unit's count
 * restarted (another unit, or its reads lost), and the tally goes on from there.
 */
export function takeReads(
  t: ReadTally,
  reads: readonly (TagRead | number)[],
): { tally: ReadTally; fresh: readonly TagRead[] } {
  let { received, missed, lastSeq, since, heldGap, why } = t;
  const seqOf = (r: TagRead | number) => (typeof r === "number" ? r : r.seq);
  const first = reads[0];
  if (first === undefined) return { tally: t, fresh: [] };
  if (t.resuming && seqOf(first) <= (lastSeq ?? 0)) {
    lastSeq = seqOf(first) - 1;
    why = MISSED_WHY.restart;
  }
  const fresh: TagRead[] = [];
  for (const r of reads) {
    const seq = seqOf(r);
    // Also false for NaN (an unreadable read of an event without a seq).
    if (!(seq > (lastSeq ?? 0))) continue;
    if (since !== null) {
      if (typeof r === "number" || r.time < since) {
        // Made before the opening: passed over (the resume point still moves past it).
        lastSeq = seq;
        heldGap = null;
        continue;
      }
      // The kept reads just after a gap are already the page's: the gap's reads may have been too.
      if (heldGap !== null) {
        missed += heldGap;
        why = MISSED_WHY.gap;
      }
      since = null;
      heldGap = null;
    } else if (lastSeq !== null && seq > lastSeq + 1) {
      missed += seq - lastSeq - 1;
      why = MISSED_WHY.hole;
    }
    lastSeq = seq;
    if (typeof r === "number") {
      missed++;
      why = MISSED_WHY.unreadable;
    } else fresh.push(r);
  }
  // Nothing above the last seq: the same tally.
  if (!fresh.length && lastSeq === t.lastSeq && missed === t.missed) return { tally: t, fresh };
  received += fresh.length;
  return { tally: { received, missed, lastSeq, since, heldGap, resuming: false, why }, fresh };
}
