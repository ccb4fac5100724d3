// The Live page's reads: the newest KEPT_READS in a ring of typed arrays (older ones still counted), unique tags per
// antenna among them, reads per second per antenna over the last minute, and the tag test's counts.
import type { TagRead } from "@trc/protocol";

/** Reads kept for the list and the CSV: 100,000 (about 3.5 MB with the tag strings); older ones drop off, still counted. */
export const KEPT_READS = 100_000;
/** The rate chart's window: the last 60 seconds, one bucket a second. */
export const RATE_SECONDS = 60;

/** One kept read, by its position (0 = the first read since the page opened). */
export interface KeptRead {
  seq: number;
  tag: string;
  ant: number;
  rssi: number;
  time: number;
}

/** The tag test's figures for one antenna (channel id). */
export interface TagOnAntenna {
  ant: number;
  reads: number;
  bestRssi: number;
}

export class ReadLog {
  readonly capacity: number;
  /** Every read pushed since the log began (kept or not). */
  total = 0;
  readonly #seq: Float64Array;
  readonly #time: Float64Array;
  readonly #rssi: Float64Array;
  readonly #ant: Uint16Array;
  #tag: string[] = [];
  /** Per channel: tag → reads of it among the kept ones. */
  readonly #unique = new Map<number, Map<string, number>>();
  /** Per channel: reads per arrival second, RATE_SECONDS buckets and the second each holds. */
  readonly #rates = new Map<number, { counts: Uint32Array; seconds: Float64Array }>();
  #focus: string | null = null;
  #focusStats = new Map<number, TagOnAntenna>();

  constructor(capacity = KEPT_READS) {
    this.capacity = capacity;
    this.#seq = new Float64Array(capacity);
    this.#time = new Float64Array(capacity);
    this.#rssi = new Float64Array(capacity);
    this.#ant = new Uint16Array(capacity);
  }

  /** Forgets every read (the page left: nothing it kept outlives it, even while React still holds the component). */
  clear(): void {
    this.total = 0;
    this.#tag = [];
    this.#unique.clear();
    this.#rates.clear();
    this.focus(null);
  }

  /** The position of the oldest kept read. */
  get first(): number {
    return Math.max(0, this.total - this.capacity);
  }

  /** Reads kept now. */
  get kept(): number {
    return this.total - this.first;
  }

  /** Adds reads (in seq order) that arrived at `now` (browser epoch ms, for the rate buckets). */
  push(reads: readonly TagRead[], now: number): void {
    const second = Math.floor(now / 1000);
    for (const r of reads) {
      const at = this.total % this.capacity;
      if (this.total >= this.capacity) this.#forget(at);
      this.#seq[at] = r.seq;
      this.#time[at] = r.time;
      this.#rssi[at] = r.rssi;
      this.#ant[at] = r.ant;
      this.#tag[at] = r.tag;
      this.total++;
      const tags = this.#uniqueOf(r.ant);
      tags.set(r.tag, (tags.get(r.tag) ?? 0) + 1);
      this.#count(r.ant, second);
      if (r.tag === this.#focus) this.#addFocus(r.ant, r.rssi);
    }
  }

  /** The read at position `index` (first..total-1), or null when it is not kept. */
  at(index: number): KeptRead | null {
    if (index < this.first || index >= this.total) return null;
    const i = index % this.capacity;
    return {
      seq: this.#seq[i] as number,
      tag: this.#tag[i] as string,
      ant: this.#ant[i] as number,
      rssi: this.#rssi[i] as number,
      time: this.#time[i] as number,
    };
  }

  /** The channel ids that have had a read, ascending. */
  antennas(): number[] {
    return [...this.#unique.keys()].sort((a, b) => a - b);
  }

  /** Distinct tags among the kept reads of a channel. */
  uniqueTags(ant: number): number {
    return this.#unique.get(ant)?.size ?? 0;
  }

  /** Reads per second of a channel over the last RATE_SECONDS whole seconds before `now`, oldest first. */
  rates(ant: number, now: number): { t: number; v: number }[] {
    const bucket = this.#rates.get(ant);
    const last = Math.floor(now / 1000) - 1;
    const out: { t: number; v: number }[] = [];
    for (let s = last - RATE_SECONDS + 1; s <= last; s++) {
      const i = ((s % RATE_SECONDS) + RATE_SECONDS) % RATE_SECONDS;
      out.push({ t: s * 1000, v: bucket && bucket.seconds[i] === s ? (bucket.counts[i] as number) : 0 });
    }
    return out;
  }

  /** The tag test's tag (null: none): its figures count its kept reads and every later one. */
  focus(tag: string | null): void {
    this.#focus = tag || null;
    this.#focusStats = new Map();
    if (!this.#focus) return;
    for (let i = this.first; i < this.total; i++) {
      const at = i % this.capacity;
      if (this.#tag[at] === this.#focus) this.#addFocus(this.#ant[at] as number, this.#rssi[at] as number);
    }
  }

  get focused(): string | null {
    return this.#focus;
  }

  /** The tag test per channel, by channel id. */
  focusStats(): TagOnAntenna[] {
    return [...this.#focusStats.values()].sort((a, b) => a.ant - b.ant);
  }

  /** Every kept read, oldest first. */
  *keptReads(): Generator<KeptRead> {
    for (let i = this.first; i < this.total; i++) yield this.at(i) as KeptRead;
  }

  #uniqueOf(ant: number): Map<string, number> {
    let tags = this.#unique.get(ant);
    if (!tags) {
      tags = new Map();
      this.#unique.set(ant, tags);
    }
    return tags;
  }

  /** The read at slot `at` drops off: it no longer counts as a kept read of its tag. */
  #forget(at: number): void {
    const tags = this.#unique.get(this.#ant[at] as number);
    const tag = this.#tag[at] as string;
    const n = tags?.get(tag) ?? 0;
    if (n <= 1) tags?.delete(tag);
    else tags?.set(tag, n - 1);
  }

  #count(ant: number, second: number): void {
    let bucket = this.#rates.get(ant);
    if (!bucket) {
      bucket = { counts: new Uint32Array(RATE_SECONDS), seconds: new Float64Array(RATE_SECONDS).fill(-1) };
      this.#rates.set(ant, bucket);
    }
    const i = second % RATE_SECONDS;
    if (bucket.seconds[i] !== second) {
      bucket.seconds[i] = second;
      bucket.counts[i] = 0;
    }
    bucket.counts[i] = (bucket.counts[i] as number) + 1;
  }

  #addFocus(ant: number, rssi: number): void {
    const s = this.#focusStats.get(ant);
    if (s) {
      s.reads++;
      s.bestRssi = Math.max(s.bestRssi, rssi);
    } else this.#focusStats.set(ant, { ant, reads: 1, bestRssi: rssi });
  }
}
