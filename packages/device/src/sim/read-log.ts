// Every tag read the unit makes: its seq (kept in the data folder, so it never goes back), the last reads kept for a
// resume (a ring), and the counts Passings "Seen" and each channel's "Reads" show.
import { renameSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { PASSINGS_STREAM, type TagRead } from "@trc/protocol";
import { readJsonFile, syncDir } from "../state/atomic-file.ts";

/** A read before its seq is given. */
export type NewRead = Omit<TagRead, "seq">;

export class ReadLog {
  #lastSeq: number;
  #ring: TagRead[] = [];
  #capacity: number = PASSINGS_STREAM.keptReads;
  #perChannel = new Map<number, number>();
  #total = 0;

  private constructor(
    private readonly path: string,
    lastSeq: number,
  ) {
    this.#lastSeq = lastSeq;
  }

  /** Opens the seq file (`{ "lastSeq": N }`); a new unit starts at 0. */
  static async open(path: string): Promise<ReadLog> {
    const stored = (await readJsonFile(path)) as { lastSeq?: unknown } | undefined;
    const last = stored?.lastSeq;
    return new ReadLog(path, Number.isSafeInteger(last) && (last as number) > 0 ? (last as number) : 0);
  }

  /** The seq of the last read (0 before the first). */
  get lastSeq(): number {
    return this.#lastSeq;
  }

  /** The oldest seq still kept (lastSeq + 1 when none is). */
  get firstKept(): number {
    return this.#ring[0]?.seq ?? this.#lastSeq + 1;
  }

  /** Reads made since this process started (Passings "Seen"). */
  get total(): number {
    return this.#total;
  }

  /** Reads on channel `ant` since this process started (uhf/ports "reads"). */
  channelReads(ant: number): number {
    return this.#perChannel.get(ant) ?? 0;
  }

  get capacity(): number {
    return this.#capacity;
  }

  /** How many reads are kept (at least 10,000 on a unit; smaller only through a test hook). */
  setCapacity(capacity: number): void {
    this.#capacity = capacity;
    if (this.#ring.length > capacity) this.#ring.splice(0, this.#ring.length - capacity);
  }

  /**
   * Gives the reads their seqs, writes the last seq to disk before anyone sees them (a restart never hands a seq
   * out twice), keeps the newest `capacity` and counts them all. `unkept` reads before them (per channel) are
   * counted without being kept: only reads older than the newest `capacity` may be skipped, so a resume within the
   * last `capacity` reads never meets a gap (one into the skipped seqs gets one).
   */
  append(reads: readonly NewRead[], unkept: ReadonlyMap<number, number> = new Map()): void {
    let skipped = 0;
    for (const n of unkept.values()) skipped += n;
    if (!reads.length && !skipped) return;
    if (skipped && reads.length < this.#capacity) {
      throw new RangeError(
        `${skipped} reads skipped behind ${reads.length} kept: the newest ${this.#capacity} are always kept`,
      );
    }
    const first = this.#lastSeq + skipped + 1;
    this.persist(first + reads.length - 1);
    for (const [ant, n] of unkept) this.count(ant, n);
    reads.forEach((r, i) => {
      this.#ring.push({ seq: first + i, ...r });
      this.count(r.ant, 1);
    });
    // The ring has no hole: behind skipped seqs it holds only the new reads (at least `capacity` of them).
    const keep = skipped ? reads.length : this.#ring.length;
    const drop = this.#ring.length - Math.min(keep, this.#capacity);
    if (drop > 0) this.#ring.splice(0, drop);
  }

  /** Up to `max` kept reads with seq > `after`, oldest first. */
  after(after: number, max: number): TagRead[] {
    const first = this.firstKept;
    const start = Math.max(0, after + 1 - first);
    return this.#ring.slice(start, start + max);
  }

  /** The kept reads made at `time` (the unit's clock) or later, oldest first (uhf/ports' last 60 s, D13). */
  since(time: number): TagRead[] {
    let i = this.#ring.length;
    while (i > 0 && (this.#ring[i - 1]?.time ?? 0) >= time) i--;
    return this.#ring.slice(i);
  }

  /** Puts the seq file on disk for good (fsync of it and its folder), on power-off. */
  async flush(): Promise<void> {
    if (!this.#lastSeq) return;
    const handle = await open(this.path, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await syncDir(dirname(this.path));
  }

  private count(ant: number, n: number): void {
    this.#total += n;
    this.#perChannel.set(ant, (this.#perChannel.get(ant) ?? 0) + n);
  }

  /** Replaces the seq file in one rename, synchronously, so no read is seen before its seq is on disk. */
  private persist(lastSeq: number): void {
    // A ".tmp-" name: a crash between the two steps leaves a file the data folder's start-up removes.
    const temp = join(dirname(this.path), `.tmp-${basename(this.path)}.${process.pid}`);
    writeFileSync(temp, `${JSON.stringify({ lastSeq })}\n`, { mode: 0o600 });
    renameSync(temp, this.path);
    this.#lastSeq = lastSeq;
  }
}
