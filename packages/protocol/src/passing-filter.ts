// The passing filter (D12): per tag, the reads of a visit become passings as reads_2b_sent and tag_timeout say.
//
// A tag's visit is its reads with less than `tag_timeout` seconds between one and the next (by the unit's clock, as
// the reads carry it); a read `tag_timeout` or more after the tag's last read begins a new visit. The gap is taken as
// an absolute value, so a clock set back by tag_timeout or more mid-visit ends the visit too.
// - tag_timeout 0: every read is its own visit, so every read becomes exactly one passing whatever reads_2b_sent says.
// - FS: the visit's first read, emitted at once. ALL: every read, at once (visits still counted for `reads`).
// - LS: the visit's last read; BS: its best RSSI (the earliest of equal bests). Both are emitted when the visit ends:
//   the tag unseen for tag_timeout, found when a later read (of any tag) is pushed or by `flush(now)`, which the unit
//   calls at least once a second; `closeAll()` ends every visit at once (Stop timing).
// - Pairs send both: FS_LS the first at once and the last at the end, BS_LS both at the end, the earlier read first.
//   When both are the same read (a visit of one read, or the best read being the last) it is sent once.
// - Passings come out in the order they are made; visits ending together come out in the order of their last reads.
// - `reads` of a passing: the visit's reads when the passing was made (1 for FS and ALL's first, all of them at the end).
// - A change of options applies from the next read or visit end; what an open visit already sent stays sent.
// - Cost: open visits are kept in the order of their last reads, so finding the ended ones looks at those alone (the
//   oldest), not at every open visit for every read; after a clock set back, until no visit is open, it looks at all.
import type { TagRead } from "./passings-stream.ts";

export const READS_2B_SENT = ["FS", "BS", "LS", "BS_LS", "FS_LS", "ALL"] as const;
export type Reads2bSent = (typeof READS_2B_SENT)[number];

export interface FilterOptions {
  reads2bSent: Reads2bSent;
  /** Seconds a tag must be unseen before its next visit begins (≥ 0). */
  tagTimeoutS: number;
}

/** Which rule made a passing. */
export type PassingKind = "FS" | "LS" | "BS" | "ALL";

/** A passing the filter made: the chosen read, why it was chosen, and the visit's reads so far. */
export interface FilteredPassing {
  kind: PassingKind;
  read: TagRead;
  reads: number;
}

interface Visit {
  first: TagRead;
  last: TagRead;
  best: TagRead;
  reads: number;
  /** Seqs of the reads already sent for this visit. */
  sent: Set<number>;
}

export function isReads2bSent(value: unknown): value is Reads2bSent {
  return typeof value === "string" && (READS_2B_SENT as readonly string[]).includes(value);
}

const sendsFirst = (m: Reads2bSent) => m === "FS" || m === "FS_LS";
const sendsLast = (m: Reads2bSent) => m === "LS" || m === "FS_LS" || m === "BS_LS";
const sendsBest = (m: Reads2bSent) => m === "BS" || m === "BS_LS";

export class PassingFilter {
  #options: FilterOptions;
  /** Open visits by tag, in the order of their last reads while `#inOrder`. */
  #visits = new Map<string, Visit>();
  /** No read came with a time before an earlier one's since no visit was open (a clock set back). */
  #inOrder = true;
  /** The latest read time since no visit was open. */
  #newest = Number.NEGATIVE_INFINITY;

  constructor(options: FilterOptions) {
    this.#options = checked(options);
  }

  get options(): FilterOptions {
    return { ...this.#options };
  }

  /** Tags with an open visit. */
  get openVisits(): number {
    return this.#visits.size;
  }

  configure(options: FilterOptions): void {
    this.#options = checked(options);
  }

  /** Feeds reads in the order they were made; answers the passings they made (visits they ended included). */
  push(reads: readonly TagRead[]): FilteredPassing[] {
    const out: FilteredPassing[] = [];
    for (const read of reads) {
      out.push(...this.flush(read.time));
      this.#read(read, out);
      // With tag_timeout 0 the visit is over as soon as it began: its LS or BS goes out with it.
      if (this.#timeoutMs === 0) out.push(...this.closeAll());
    }
    return out;
  }

  /** Ends the visits whose tag has been unseen for tag_timeout at `now` (unit clock); answers their passings. */
  flush(now: number): FilteredPassing[] {
    const timeout = this.#timeoutMs;
    if (this.#inOrder && this.#newest - now < timeout) {
      // No visit is ended by a clock set back, and those ended going forward are the oldest: look at those only.
      const ended: [string, Visit][] = [];
      for (const entry of this.#visits) {
        if (now - entry[1].last.time < timeout) break;
        ended.push(entry);
      }
      return this.#end(ended);
    }
    const ended = [...this.#visits].filter(([, v]) => Math.abs(now - v.last.time) >= timeout);
    return this.#end(ended);
  }

  /** Ends every open visit now (Stop timing, or a new session): their LS and BS passings. */
  closeAll(): FilteredPassing[] {
    return this.#end([...this.#visits]);
  }

  /** Forgets every open visit without sending anything (the unit back in test mode). */
  reset(): void {
    this.#visits.clear();
    this.#ordered();
  }

  get #timeoutMs(): number {
    return this.#options.tagTimeoutS * 1000;
  }

  #read(read: TagRead, out: FilteredPassing[]): void {
    const mode = this.#options.reads2bSent;
    let visit = this.#visits.get(read.tag);
    if (visit && Math.abs(read.time - visit.last.time) >= this.#timeoutMs) {
      // Only reachable through a clock set back: the forward case was ended by push's flush.
      out.push(...this.#end([[read.tag, visit]]));
      visit = undefined;
    }
    if (read.time < this.#newest) this.#inOrder = false;
    this.#newest = Math.max(this.#newest, read.time);
    if (!visit) {
      visit = { first: read, last: read, best: read, reads: 1, sent: new Set() };
      this.#visits.set(read.tag, visit);
      if (sendsFirst(mode)) out.push(this.#send(visit, "FS", read));
    } else {
      visit.last = read;
      visit.reads++;
      if (read.rssi > visit.best.rssi) visit.best = read;
      // To the end: the visits stay in the order of their last reads.
      this.#visits.delete(read.tag);
      this.#visits.set(read.tag, visit);
    }
    if (mode === "ALL") out.push(this.#send(visit, "ALL", read));
  }

  #end(ended: [string, Visit][]): FilteredPassing[] {
    const mode = this.#options.reads2bSent;
    const out: FilteredPassing[] = [];
    ended.sort(([, a], [, b]) => a.last.seq - b.last.seq);
    for (const [tag, visit] of ended) {
      this.#visits.delete(tag);
      const candidates: [PassingKind, TagRead][] = [];
      if (sendsBest(mode)) candidates.push(["BS", visit.best]);
      if (sendsLast(mode)) candidates.push(["LS", visit.last]);
      candidates.sort(([, a], [, b]) => a.seq - b.seq);
      for (const [kind, read] of candidates) {
        if (!visit.sent.has(read.seq)) out.push(this.#send(visit, kind, read));
      }
    }
    if (!this.#visits.size) this.#ordered();
    return out;
  }

  /** No visit is open: the order of their last reads holds again. */
  #ordered(): void {
    this.#inOrder = true;
    this.#newest = Number.NEGATIVE_INFINITY;
  }

  #send(visit: Visit, kind: PassingKind, read: TagRead): FilteredPassing {
    visit.sent.add(read.seq);
    return { kind, read, reads: visit.reads };
  }
}

function checked(options: FilterOptions): FilterOptions {
  if (!isReads2bSent(options.reads2bSent)) {
    throw new RangeError(`reads_2b_sent must be one of ${READS_2B_SENT.join(", ")}`);
  }
  if (!Number.isFinite(options.tagTimeoutS) || options.tagTimeoutS < 0) {
    throw new RangeError("tag_timeout must be a number of seconds ≥ 0");
  }
  return { ...options };
}
