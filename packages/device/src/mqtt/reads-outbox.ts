// The reads the broker has not acknowledged yet (D11): the last seq it took (PUBACK), kept in the data folder, the
// batches still to publish, oldest first, and Passings "left" while a broker is set.
import { PASSINGS_STREAM, type ReadsBatch } from "@trc/protocol";
import type { Clock, ClockTimer } from "../clock/clock.ts";
import type { ReadLog } from "../sim/read-log.ts";
import { JsonDocument, readJsonFile } from "../state/atomic-file.ts";

interface Stored {
  /** The seq of the last read the broker acknowledged (reads up to it are delivered). */
  ackedSeq: number;
}

/** Writes of the acknowledged seq are gathered: at most one a second (a crash may send a few reads twice: QoS 1). */
const SAVE_EVERY_MS = 1000;

export class ReadsOutbox {
  #acked: number;
  /** The seq of the last read handed to the client (published, maybe not acknowledged yet). */
  #sent: number;
  #inFlight = 0;
  #saveTimer: ClockTimer | undefined;
  /** Reads the unit no longer kept when the broker came back (more than its ring holds): never delivered. */
  lost = 0;

  private constructor(
    private readonly doc: JsonDocument<Stored>,
    private readonly log: ReadLog,
    private readonly clock: Clock,
  ) {
    this.#acked = doc.value.ackedSeq;
    this.#sent = this.#acked;
  }

  /**
   * Opens `mqtt.json`; a unit that never had a broker starts from its last read (older reads are not sent). Writes
   * are gathered on the unit's host clock.
   */
  static async open(path: string, log: ReadLog, clock: Clock): Promise<ReadsOutbox> {
    const stored = (await readJsonFile(path)) as Partial<Stored> | undefined;
    const acked = stored?.ackedSeq;
    const start = Number.isSafeInteger(acked) && (acked as number) >= 0 ? (acked as number) : log.lastSeq;
    return new ReadsOutbox(new JsonDocument(path, { ackedSeq: Math.min(start, log.lastSeq) }), log, clock);
  }

  get ackedSeq(): number {
    return this.#acked;
  }

  /** Reads made but not acknowledged by the broker (Passings "left" while a broker is set). */
  get left(): number {
    return Math.max(0, this.log.lastSeq - this.#acked);
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  /** A new connection (after a reboot or another server): what was published and not acknowledged goes again. */
  rewind(): void {
    this.#sent = this.#acked;
    this.#inFlight = 0;
  }

  /** No broker any more: reads from now on are not queued for one (a later server starts from the last read). */
  forget(): Promise<void> {
    this.#acked = this.log.lastSeq;
    this.#sent = this.#acked;
    return this.save();
  }

  /** The next batch to publish (at most 500 reads, in seq order), or null when every read is handed out. */
  next(): ReadsBatch | null {
    if (this.#sent >= this.log.lastSeq) return null;
    if (this.#sent + 1 < this.log.firstKept) {
      // Older reads left the ring while the broker was away: they can no longer be sent.
      const skipped = this.log.firstKept - 1 - this.#sent;
      this.lost += skipped;
      this.#sent += skipped;
      if (this.#acked < this.#sent && this.#inFlight === 0) this.#acked = this.#sent;
    }
    const reads = this.log.after(this.#sent, PASSINGS_STREAM.readsPerBatch);
    const last = reads[reads.length - 1];
    if (!last) return null;
    this.#sent = last.seq;
    this.#inFlight++;
    return { reads };
  }

  /** The broker acknowledged a batch (PUBACK) ending at `lastSeq`. */
  acknowledged(lastSeq: number): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    if (lastSeq <= this.#acked) return;
    this.#acked = lastSeq;
    this.#saveTimer ??= this.clock.setTimeout(() => {
      this.#saveTimer = undefined;
      this.save().catch(() => {});
    }, SAVE_EVERY_MS);
  }

  /** Puts the acknowledged seq on disk now (power-off). */
  save(): Promise<void> {
    this.clock.clearTimeout(this.#saveTimer);
    this.#saveTimer = undefined;
    if (this.doc.value.ackedSeq === this.#acked) return this.doc.flushed();
    return this.doc.set({ ackedSeq: this.#acked });
  }
}
