// What the console makes of the read stream's events (D10), pure: each seq once, a gap's reads counted as missed, the
// resume point, and a seek's passing over the reads made before the page opened.
import type { TagRead } from "@trc/protocol";

export interface ReadTally {
  /** Reads received (each seq once). */
  received: number;
  /** Reads the unit reported as no longer kept (`gap` events). */
  missed: number;
  /** The last seq received or skipped by a gap: the resume point. */
  lastSeq: number | null;
  /** While seeking: reads made before this (the unit's clock, epoch ms) are passed over. */
  since: number | null;
  /** A gap met while seeking: missed only if the kept reads right after it are already the page's. */
  heldGap: number | null;
}

export const EMPTY_TALLY: ReadTally = { received: 0, missed: 0, lastSeq: null, since: null, heldGap: null };

/** A seek from `since` (unit clock): the connection asks for every kept read, and older ones are passed over. */
export function seekFrom(t: ReadTally, since: number): ReadTally {
  return { ...t, since };
}

/** A `gap` event: the reads after the last seq up to `to` are missed (held while seeking). */
export function takeGap(t: ReadTally, gap: { from: number; to: number }): ReadTally {
  const last = t.lastSeq ?? 0;
  if (gap.to <= last) return t;
  const count = gap.to - Math.max(gap.from, last + 1) + 1;
  return t.since !== null
    ? { ...t, heldGap: (t.heldGap ?? 0) + count, lastSeq: gap.to }
    : { ...t, missed: t.missed + count, lastSeq: gap.to };
}

/** A batch: the reads above the last seq (and, while seeking, made since the page opened) are the page's new ones. */
export function takeReads(
  t: ReadTally,
  reads: readonly TagRead[],
): { tally: ReadTally; fresh: readonly TagRead[] } {
  const last = t.lastSeq ?? 0;
  let fresh = reads.filter((r) => r.seq > last);
  const newest = fresh[fresh.length - 1];
  if (!newest) return { tally: t, fresh: [] };
  let { missed, since } = t;
  if (since !== null) {
    const from = fresh.findIndex((r) => r.time >= (since as number));
    // The kept reads just after a gap are already the page's: the gap's reads may have been too.
    if (t.heldGap !== null && from === 0) missed += t.heldGap;
    if (from === -1) return { tally: { ...t, heldGap: null, lastSeq: newest.seq }, fresh: [] };
    since = null;
    fresh = fresh.slice(from);
  }
  return {
    tally: { received: t.received + fresh.length, missed, lastSeq: newest.seq, since, heldGap: null },
    fresh,
  };
}
