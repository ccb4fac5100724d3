// The upload's sender (D14), a state machine on an injected clock and I/O: one post at a time, each acknowledged
// batch kept (the cursor on disk) before the next is read, the same post again after a failure.
//
// Phases: stopped → idle (nothing waits: it looks again every `idleMs`) → posting → waiting (for the gap between
// posts, or a retry) → posting ... A post starts at least `gapMs()` after the one before (force_http_log; 500 ms:
// at most 2 a second). A failure (any answer but 2xx, none within 10 s, an error) sends the same batch again after
// 1, 2, 4 … 60 s, each ± 20 % (`retryDelay`). Every timer runs on the unit's clock (tests move it); a step that
// awaits I/O arms its next timer only when the I/O is done, so a long clock advance costs one step, not thousands.
// `stop` cancels the timer and aborts the post in flight (its answer is not taken: the batch goes again later).
import { UPLOAD } from "@trc/protocol";
import type { Clock, ClockTimer } from "../clock/clock.ts";

export type PostResult = { ok: true } | { ok: false; error: string };

export interface SenderIo<B> {
  /** The next batch to post (read at the cursor), or null when nothing waits. */
  next(): Promise<B | null>;
  /** Posts it; resolves with the outcome in words (never rejects); `signal` aborts it. */
  post(batch: B, signal: AbortSignal): Promise<PostResult>;
  /** The server acknowledged it: resolves once kept (the cursor on disk). */
  acknowledged(batch: B): Promise<void>;
  /** True for a batch with nothing to post (rows that do not parse): taken without a post. */
  empty(batch: B): boolean;
}

export interface SenderOptions {
  clock: Pick<Clock, "now" | "setTimeout" | "clearTimeout">;
  /** 0 ≤ x < 1, for the retries' ± 20 %. */
  random: () => number;
  /** The least time between the starts of two posts. */
  gapMs: () => number;
  /** How often it looks for passings while none wait. */
  idleMs: number;
  /** The time a success is noted at (the unit's clock; default `clock.now`). */
  stamp?: () => number;
}

export type SenderPhase = "stopped" | "idle" | "posting" | "waiting";

export interface SenderStatus {
  phase: SenderPhase;
  /** Failures in a row (0: the last post went through, or none was made). */
  failures: number;
  /** When the last post was acknowledged (`stamp`), and when the next step runs while waiting (the clock's). */
  lastOkAt: number | null;
  nextAt: number | null;
  lastError: string | null;
}

/** The wait before retry number `failures` (1, 2, 4 … up to 60 s), moved by up to ± 20 %. */
export function retryDelay(failures: number, random: () => number): number {
  const base = Math.min(UPLOAD.maxRetryMs, UPLOAD.firstRetryMs * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (1 + UPLOAD.retryJitter * (2 * random() - 1)));
}

const words = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class Sender<B> {
  #phase: SenderPhase = "stopped";
  #timer: ClockTimer | null = null;
  #nextAt: number | null = null;
  #failures = 0;
  /** The batch that failed: posted again as it was. */
  #retry: B | null = null;
  #lastStart = Number.NEGATIVE_INFINITY;
  #lastOkAt: number | null = null;
  #lastError: string | null = null;
  #inFlight: { abort: AbortController; done: Promise<void> } | null = null;
  /** Bumped by start and stop: a step of an earlier run does nothing more. */
  #run = 0;
  /** Bumped whenever the next step is cancelled or set anew: a step due before does not run. */
  #due = 0;
  #busy = false;
  /** A step came due while one was under way. */
  #poked = false;

  constructor(
    private readonly io: SenderIo<B>,
    private readonly options: SenderOptions,
  ) {}

  status(): SenderStatus {
    return {
      phase: this.#phase,
      failures: this.#failures,
      lastOkAt: this.#lastOkAt,
      nextAt: this.#phase === "waiting" ? this.#nextAt : null,
      lastError: this.#lastError,
    };
  }

  /** Starts looking for passings now. */
  start(): void {
    if (this.#phase !== "stopped") return;
    this.#run++;
    this.#phase = "idle";
    this.#schedule(0);
  }

  /** Stops: no timer left, the post in flight aborted; resolves once it has ended. */
  async stop(): Promise<void> {
    this.#run++;
    this.#phase = "stopped";
    this.#clear();
    const flight = this.#inFlight;
    flight?.abort.abort();
    await flight?.done;
  }

  /**
   * Passings may wait now: the next post goes as soon as the gap allows. With `reset` (another server, UPLOAD_FROM)
   * a retry's wait is cut short and the failures forgotten too.
   */
  poke(reset = false): void {
    if (reset) {
      this.#failures = 0;
      this.#lastError = null;
    }
    if (this.#phase === "stopped" || this.#phase === "posting") return;
    if (this.#failures > 0) return;
    this.#schedule(Math.max(0, this.#lastStart + this.options.gapMs() - this.options.clock.now()));
  }

  /** The failed batch is not posted again (UPLOAD_FROM moved the cursor: the next one is read afresh). */
  forget(): void {
    this.#retry = null;
  }

  #clear(): void {
    this.options.clock.clearTimeout(this.#timer);
    this.#timer = null;
    this.#nextAt = null;
    this.#due++;
  }

  /** The next step in `delayMs` on the clock; with no delay, once this turn is over (a timer would wait 1 ms). */
  #schedule(delayMs: number): void {
    this.#clear();
    const run = this.#run;
    const due = this.#due;
    const go = () => {
      if (due !== this.#due) return;
      this.#timer = null;
      this.#nextAt = null;
      void this.#step(run);
    };
    this.#nextAt = this.options.clock.now() + Math.max(0, delayMs);
    if (delayMs <= 0) queueMicrotask(go);
    else this.#timer = this.options.clock.setTimeout(go, delayMs).unref();
  }

  #failed(batch: B | null, error: string): void {
    this.#failures++;
    this.#retry = batch;
    this.#lastError = error;
    this.#phase = "waiting";
    this.#schedule(retryDelay(this.#failures, this.options.random));
  }

  /** True from a step's start until it has set the next one (reading, posting, keeping the cursor). */
  get busy(): boolean {
    return this.#busy;
  }

  /**
   * One step at a time: a step due while another is still reading, posting or keeping (a poke, the clock moved on
   * past a timer meanwhile) does not run beside it (both would read and post the same batch, and each acknowledge it);
   * the step under way goes on, and once it has set its next one, the poke is taken as `poke` takes it.
   */
  async #step(run: number): Promise<void> {
    if (this.#busy) {
      this.#poked = true;
      return;
    }
    this.#busy = true;
    this.#poked = false;
    try {
      await this.#stepOnce(run);
    } finally {
      this.#busy = false;
      if (this.#poked) {
        this.#poked = false;
        // Another run (stop, start) while this step was under way: its first step is the one that was held back.
        if (run === this.#run) this.poke();
        else if (this.#phase !== "stopped") this.#schedule(0);
      }
    }
  }

  async #stepOnce(run: number): Promise<void> {
    const { clock, gapMs, idleMs } = this.options;
    let batch = this.#retry;
    try {
      batch ??= await this.io.next();
    } catch (error) {
      if (run === this.#run) this.#failed(null, `could not read the timing files (${words(error)})`);
      return;
    }
    if (run !== this.#run) return;
    if (batch === null) {
      this.#phase = "idle";
      this.#schedule(idleMs);
      return;
    }
    const wait = this.#lastStart + gapMs() - clock.now();
    if (wait > 0) {
      // Read again when it is time (more may have come by then); a failed batch stays the one to post.
      this.#phase = "waiting";
      this.#schedule(wait);
      return;
    }
    if (this.io.empty(batch)) {
      await this.#keep(run, batch, false);
      return;
    }
    this.#phase = "posting";
    this.#lastStart = clock.now();
    const abort = new AbortController();
    let ended = () => {};
    this.#inFlight = { abort, done: new Promise<void>((resolve) => (ended = resolve)) };
    try {
      const result = await this.io.post(batch, abort.signal);
      if (run !== this.#run) return;
      if (result.ok) await this.#keep(run, batch, true);
      else this.#failed(batch, result.error);
    } finally {
      this.#inFlight = null;
      ended();
    }
  }

  /** The batch is acknowledged (or had nothing to post): its cursor kept, then on to the next. */
  async #keep(run: number, batch: B, posted: boolean): Promise<void> {
    try {
      await this.io.acknowledged(batch);
    } catch (error) {
      // Not kept: the same post goes again (the server keeps each passing once).
      if (run === this.#run) this.#failed(batch, `could not keep the cursor (${words(error)})`);
      return;
    }
    if (run !== this.#run) return;
    this.#retry = null;
    if (posted) {
      this.#failures = 0;
      this.#lastError = null;
      this.#lastOkAt = this.options.stamp ? this.options.stamp() : this.options.clock.now();
    }
    this.#phase = "waiting";
    this.#schedule(Math.max(0, this.#lastStart + this.options.gapMs() - this.options.clock.now()));
  }
}
