// The unit's read stream (D10): GET /api/passings/stream, its events (hello, a batch of reads, a gap) and its limits.
import * as z from "zod/mini";

export const PASSINGS_STREAM_PATH = "/api/passings/stream";

export const PASSINGS_STREAM = {
  /** At most this many batches a second. */
  batchesPerSecond: 10,
  /** At most this many reads in one batch. */
  readsPerBatch: 500,
  /** The unit keeps at least its last this many reads for a resume. */
  keptReads: 10_000,
  /** With nothing to send, a `: keep-alive` comment at least this often. */
  keepAliveMs: 15_000,
  /** Streams one unit serves at once; a further one is answered 503. */
  maxStreams: 2,
  /** The event names: hello first on every stream, then reads and gaps. */
  helloEvent: "hello",
  readsEvent: "reads",
  gapEvent: "gap",
} as const;

const seq = z.int().check(z.gte(1));

/** One tag read: its seq (grows by exactly 1 per read), tag code, channel id (zero-based), RSSI (dBm), unit time. */
export const TagRead = z.object({
  seq,
  tag: z.string().check(z.minLength(1)),
  ant: z.int().check(z.gte(0)),
  rssi: z.number(),
  /** Epoch milliseconds by the unit's clock. */
  time: z.number(),
});
export type TagRead = z.infer<typeof TagRead>;

/** `event: reads`: 1..500 reads in seq order; the event's id is the last read's seq. */
export const ReadsBatch = z.object({
  reads: z.array(TagRead).check(z.minLength(1), z.maxLength(PASSINGS_STREAM.readsPerBatch)),
});
export type ReadsBatch = z.infer<typeof ReadsBatch>;

/** `event: gap`: the seqs from..to (inclusive) the unit can no longer send. */
export const ReadsGap = z.object({ from: seq, to: seq });
export type ReadsGap = z.infer<typeof ReadsGap>;

/**
 * `event: hello`, the first event of every stream (its id is `after`): where the stream starts (the N asked for, or the
 * newest seq when none was; an N beyond the newest starts at the newest), the newest seq (0 when none) and the oldest
 * seq still kept (newest + 1 when none is kept).
 */
export const StreamHello = z.object({
  after: z.int().check(z.gte(0)),
  newest: z.int().check(z.gte(0)),
  oldest: z.int().check(z.gte(0)),
});
export type StreamHello = z.infer<typeof StreamHello>;

/** A resume point as sent in `Last-Event-ID` or `?after=`: digits only, at most Number.MAX_SAFE_INTEGER. */
export const RESUME_PATTERN = /^\d+$/;

/** The seq a resume asks after, or the reason it is refused (not a whole number, too large). */
export function parseResumeSeq(raw: string): number | { error: string } {
  const shown = JSON.stringify(raw.slice(0, 40));
  if (!RESUME_PATTERN.test(raw))
    return { error: `The resume point must be a whole number ≥ 0, got ${shown}` };
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) return { error: `The resume point is too large: ${shown}` };
  return value;
}

/** The problems of a batch beyond its schema: seqs in steps of 1, and the id naming the last one. */
export function batchProblems(batch: ReadsBatch, id: string | undefined): string[] {
  const problems: string[] = [];
  batch.reads.forEach((r, i) => {
    const prev = batch.reads[i - 1];
    if (prev && r.seq !== prev.seq + 1) problems.push(`seq ${r.seq} follows ${prev.seq} in one batch`);
  });
  const last = batch.reads[batch.reads.length - 1];
  if (last && id !== String(last.seq))
    problems.push(`batch id ${id ?? "(none)"} is not its last seq ${last.seq}`);
  return problems;
}

/** One thing a server-sent event stream carried: an event (its name, id, data) or a comment line. */
export type StreamItem =
  | { kind: "event"; event: string; id: string | undefined; data: string }
  | { kind: "comment"; text: string };

/** Splits server-sent event text into events and comments as it arrives (chunks may cut lines anywhere). */
export class StreamItemReader {
  #buffer = "";
  #event: { event: string; id: string | undefined; data: string[] } | null = null;

  /** Feeds more text; answers every item it completed. */
  push(text: string): StreamItem[] {
    this.#buffer += text;
    const out: StreamItem[] = [];
    for (;;) {
      const end = this.#buffer.search(/\r\n|\r|\n/);
      // A "\r" last in the text may be the first half of "\r\n": wait for more.
      if (end < 0 || (this.#buffer[end] === "\r" && end === this.#buffer.length - 1)) return out;
      const line = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(this.#buffer.startsWith("\r\n", end) ? end + 2 : end + 1);
      if (line === "") {
        const e = this.#event;
        if (e) out.push({ kind: "event", event: e.event, id: e.id, data: e.data.join("\n") });
        this.#event = null;
      } else if (line.startsWith(":")) {
        out.push({ kind: "comment", text: line.slice(1).trim() });
      } else {
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        this.#event ??= { event: "message", id: undefined, data: [] };
        if (field === "event") this.#event.event = value;
        else if (field === "id") this.#event.id = value;
        else if (field === "data") this.#event.data.push(value);
      }
    }
  }
}
