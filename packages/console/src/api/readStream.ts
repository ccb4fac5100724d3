// The unit's read stream (D10) as the console holds it: one connection per unit beside its request gate, open while
// a page subscribes, resumed from the last seq (or the `hello`'s start) after a drop, counting the reads received and
// the ones the unit missed.
import {
  PASSINGS_STREAM,
  PASSINGS_STREAM_PATH,
  ReadsGap,
  StreamHello,
  StreamItemReader,
  TagRead,
} from "@trc/protocol";
import * as z from "zod/mini";
import { unitKey } from "./connection.ts";
import { reasonOf, retryAfterSeconds } from "./errors.ts";
import {
  INITIAL_STREAM_STATE,
  type ReadStreamState,
  type ReadsListener,
  STREAM_TIMING,
} from "./readStreamState.ts";
import { EMPTY_TALLY, type ReadTally, resumeAfter, seekFrom, takeGap, takeReads } from "./readTally.ts";
import { browserStreamIO, type StreamIO } from "./streamIO.ts";

/** How a connection ended: nothing to do, the unit has no stream, it is busy, or it ended (after data or not). */
type Outcome =
  | { kind: "absent" }
  | { kind: "busy"; waitMs: number; reason: string }
  | { kind: "ended"; carried: boolean; reason: string };

export class ReadStream {
  #state: ReadStreamState = INITIAL_STREAM_STATE;
  #readers = new Set<ReadsListener>();
  #watchers = new Set<() => void>();
  #run: AbortController | null = null;
  #closeTimer: unknown = null;
  /** When the run's first connection was asked for (browser clock): what a seek starts from. */
  #openedAt: number | null = null;
  /** The unit's clock minus the browser's, from the last clock sync (0 when none is known). */
  #offsetMs = 0;
  /** The counts and the resume point (with a seek's state) behind the state's figures. */
  #tally: ReadTally = EMPTY_TALLY;

  constructor(
    readonly base: string,
    private readonly io: StreamIO,
  ) {}

  get state(): ReadStreamState {
    return this.#state;
  }

  get subscribers(): number {
    return this.#readers.size;
  }

  /** Receives every new read (in seq order, each once); the first subscriber opens the stream, the last closes it. */
  subscribe(listener: ReadsListener): () => void {
    this.#readers.add(listener);
    if (this.#closeTimer !== null) {
      this.io.clearTimeout(this.#closeTimer);
      this.#closeTimer = null;
    }
    if (!this.#run) this.#start();
    return () => {
      if (!this.#readers.delete(listener) || this.#readers.size > 0) return;
      this.#closeTimer = this.io.setTimeout(() => {
        this.#closeTimer = null;
        if (this.#readers.size === 0) this.close();
      }, STREAM_TIMING.closeGraceMs);
    };
  }

  /** The unit's clock minus the browser's (ms) as the last clock sync found it; null when none is known. */
  setClockOffset(offsetMs: number | null): void {
    this.#offsetMs = offsetMs ?? 0;
  }

  /** Calls `fn` on every change of the state (for useSyncExternalStore). */
  watch(fn: () => void): () => void {
    this.#watchers.add(fn);
    return () => this.#watchers.delete(fn);
  }

  /** Ends the connection now; the counts start again with the next subscriber. */
  close(): void {
    this.#run?.abort();
    this.#run = null;
    this.#set({ ...INITIAL_STREAM_STATE });
  }

  #set(patch: Partial<ReadStreamState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const fn of this.#watchers) fn();
  }

  #start(): void {
    const run = new AbortController();
    this.#run = run;
    this.#openedAt = null;
    this.#tally = EMPTY_TALLY;
    this.#set({ ...INITIAL_STREAM_STATE, status: "connecting" });
    void this.#loop(run.signal);
  }

  async #loop(signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      const outcome = await this.#connect(signal);
      if (signal.aborted) return;
      if (outcome.kind === "absent") {
        this.#set({ status: "absent", reason: "The unit has no read stream" });
        return;
      }
      let waitMs: number;
      if (outcome.kind === "busy") {
        waitMs = outcome.waitMs;
        this.#set({ status: "busy", reason: outcome.reason });
      } else {
        failures = outcome.carried ? 0 : failures + 1;
        waitMs = outcome.carried
          ? STREAM_TIMING.resumeMs
          : Math.min(STREAM_TIMING.maxBackoffMs, 1000 * 2 ** (failures - 1));
        this.#set({ status: "reconnecting", reason: outcome.reason });
      }
      await new Promise<void>((done) => {
        const timer = this.io.setTimeout(done, waitMs);
        signal.addEventListener(
          "abort",
          () => {
            this.io.clearTimeout(timer);
            done();
          },
          { once: true },
        );
      });
    }
  }

  /** One connection, from its request to its end. */
  async #connect(signal: AbortSignal): Promise<Outcome> {
    const url = `${this.base}${PASSINGS_STREAM_PATH}${this.#resumeQuery()}`;
    const conn = new AbortController();
    const stop = () => conn.abort();
    signal.addEventListener("abort", stop, { once: true });
    let idle: unknown = null;
    const touch = () => {
      if (idle !== null) this.io.clearTimeout(idle);
      idle = this.io.setTimeout(stop, STREAM_TIMING.idleMs);
    };
    let carried = false;
    try {
      touch();
      const res = await this.io.fetch(url, { signal: conn.signal, cache: "no-store" });
      if (res.status === 404) return { kind: "absent" };
      if (res.status !== 200 || !res.body) {
        const body = await res.text().catch(() => "");
        let reason: string | null = null;
        try {
          reason = reasonOf(JSON.parse(body));
        } catch {
          reason = null;
        }
        reason ??= `The unit answered ${res.status}`;
        if (res.status === 503) {
          const after = retryAfterSeconds(res.headers.get("Retry-After"));
          return { kind: "busy", waitMs: after !== undefined ? after * 1000 : STREAM_TIMING.busyMs, reason };
        }
        return { kind: "ended", carried: false, reason };
      }
      this.#set({ status: "live", reason: this.#tally.why, connections: this.#state.connections + 1 });
      const items = new StreamItemReader();
      const decoder = new TextDecoder();
      const reader = res.body.getReader();
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        touch();
        carried = true;
        for (const item of items.push(decoder.decode(chunk.value, { stream: true }))) {
          if (item.kind === "event") this.#take(item);
        }
      }
      return { kind: "ended", carried, reason: "The unit ended the read stream" };
    } catch (err) {
      const why = signal.aborted
        ? "closed"
        : conn.signal.aborted
          ? "No data for too long"
          : `The read stream was lost: ${err instanceof Error ? err.message : String(err)}`;
      return { kind: "ended", carried, reason: why };
    } finally {
      if (idle !== null) this.io.clearTimeout(idle);
      signal.removeEventListener("abort", stop);
      conn.abort();
    }
  }

  /**
   * Where a connection starts: after the last seq (or where the first connection's `hello` said it started); the first
   * connection with live reads only (D10); a later one without either (the first ended before its hello, or a unit
   * that sends none) seeks: it asks for every kept read and passes over those made before the first connection, so
   * the reads made while it reconnected are not lost.
   */
  #resumeQuery(): string {
    const { lastSeq } = this.#tally;
    if (lastSeq !== null) {
      this.#tally = resumeAfter(this.#tally);
      return `?after=${lastSeq}`;
    }
    if (this.#openedAt === null) {
      this.#openedAt = this.io.now();
      return "";
    }
    this.#tally = seekFrom(this.#tally, this.#openedAt + this.#offsetMs - STREAM_TIMING.seekSlackMs);
    return "?after=0";
  }

  /**
   * One event: the hello, a gap (counted as missed) or a batch (each seq once, in order). The first connection's hello
   * (D10) says where it starts: the resume point from then on, so a connection cut before its first read loses none.
   * A read the console cannot read (D3) stands as its seq, placed by the event's id (the batch's last seq), and counts
   * as missed; the others are kept.
   */
  #take({ event, id, data }: { event: string; id: string | undefined; data: string }): void {
    let json: { reads?: unknown } | null = null;
    try {
      json = JSON.parse(data);
    } catch {}
    if (event === PASSINGS_STREAM.helloEvent) {
      const hello = z.safeParse(StreamHello, json);
      const { lastSeq, since } = this.#tally;
      // A resumed connection or a seek already has its place: their hellos only repeat it.
      if (hello.success && lastSeq === null && since === null)
        this.#count({ ...this.#tally, lastSeq: hello.data.after });
      return;
    }
    if (event === PASSINGS_STREAM.gapEvent) {
      const gap = z.safeParse(ReadsGap, json);
      if (gap.success) this.#count(takeGap(this.#tally, gap.data));
      return;
    }
    if (event !== PASSINGS_STREAM.readsEvent) return;
    const last = Number(id);
    const raw = json?.reads;
    const reads = Array.isArray(raw)
      ? raw.map((r, i) => z.safeParse(TagRead, r).data ?? last - raw.length + 1 + i)
      : [last];
    const { tally, fresh } = takeReads(this.#tally, reads);
    this.#count(tally);
    if (fresh.length) for (const listener of this.#readers) listener(fresh);
  }

  #count(tally: ReadTally): void {
    if (tally === this.#tally) return;
    this.#tally = tally;
    this.#set({ received: tally.received, missed: tally.missed, lastSeq: tally.lastSeq, reason: tally.why });
  }
}

const streams = new Map<string, ReadStream>();

/** The one read stream of a unit (any spelling of its address), created on first use. */
export function readStreamOf(base: string, io: StreamIO = browserStreamIO): ReadStream {
  const key = unitKey(base);
  let stream = streams.get(key);
  if (!stream) {
    stream = new ReadStream(key, io);
    streams.set(key, stream);
  }
  return stream;
}
