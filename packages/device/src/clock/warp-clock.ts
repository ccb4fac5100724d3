// One unit's host clock (WarpClock): real time plus a warp that tests advance, with timers that follow the warp.
import type { Clock, ClockTimer } from "./clock.ts";

/** A real time source and real timers (injected so tests can give fake ones). */
export interface RealTime {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The process's own clock and timers, looked up on each call (Vitest's fake timers installed later still apply). */
export const REAL_TIME: RealTime = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The longest delay a Node timer holds; a longer one is reached in steps. */
const MAX_REAL_DELAY_MS = 2 ** 31 - 1;

/** As Node: a delay below 1 ms, or not a number, is 1 ms. */
const delayOf = (ms: number) => (Number.isFinite(ms) && ms >= 1 ? ms : 1);

const unrefReal = (handle: unknown) => (handle as { unref?: () => unknown } | null)?.unref?.();

class Timer implements ClockTimer {
  real: unknown = null;
  /** Whether the real timer falls short of `due` (a delay beyond what Node holds). */
  short = false;
  refd = true;

  constructor(
    readonly fn: () => void,
    public due: number,
    readonly every: number | null,
    public order: number,
  ) {}

  unref(): ClockTimer {
    this.refd = false;
    unrefReal(this.real);
    return this;
  }
}

/** The unit's host clock: real time plus a warp that tests advance, with timers that follow the warp. */
export class WarpClock implements Clock {
  /** The total advanced. */
  #total = 0;
  /** The warp now() adds: below #total only while advance() steps through the timers due. */
  #warp = 0;
  #timers = new Set<Timer>();
  #order = 0;

  constructor(private readonly real: RealTime = REAL_TIME) {}

  /** The total advanced (ms). */
  get warpMs(): number {
    return this.#total;
  }

  /** Timers not fired (or cleared) yet. */
  get pending(): number {
    return this.#timers.size;
  }

  now(): number {
    return this.real.now() + this.#warp;
  }

  setTimeout(fn: () => void, ms: number): ClockTimer {
    return this.add(fn, delayOf(ms), null);
  }

  setInterval(fn: () => void, ms: number): ClockTimer {
    return this.add(fn, delayOf(ms), delayOf(ms));
  }

  clearTimeout(handle: ClockTimer | null | undefined): void {
    if (!(handle instanceof Timer) || !this.#timers.delete(handle)) return;
    this.real.clearTimeout(handle.real);
    handle.real = null;
  }

  clearInterval(handle: ClockTimer | null | undefined): void {
    this.clearTimeout(handle);
  }

  /** Moves the clock `ms` ahead and fires, in due order, every timer that is then due (intervals as often as due). */
  advance(ms: number): void {
    if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) {
      throw new RangeError(`The clock only goes forward by a finite number of ms, got ${ms}`);
    }
    this.#total += ms;
    const errors: unknown[] = [];
    for (let next = this.earliest(); next; next = this.earliest()) {
      // #total is read again each time: a callback may advance too.
      if (next.due > this.real.now() + this.#total) break;
      // Each callback sees its own due time (never earlier than the clock already was, never past the target).
      this.#warp = Math.max(this.#warp, Math.min(this.#total, next.due - this.real.now()));
      try {
        this.fire(next, next.due);
      } catch (err) {
        errors.push(err);
      }
    }
    this.#warp = this.#total;
    for (const t of this.#timers) this.arm(t);
    if (errors.length) throw errors[0];
  }

  private add(fn: () => void, delay: number, every: number | null): ClockTimer {
    const timer = new Timer(fn, this.now() + delay, every, this.#order++);
    this.#timers.add(timer);
    this.arm(timer);
    return timer;
  }

  /** The timer due first (the earlier set first among equals). */
  private earliest(): Timer | undefined {
    let first: Timer | undefined;
    for (const t of this.#timers) {
      if (!first || t.due < first.due || (t.due === first.due && t.order < first.order)) first = t;
    }
    return first;
  }

  /** (Re-)starts the real timer for what is left until `due`. */
  private arm(t: Timer): void {
    this.real.clearTimeout(t.real);
    const left = Math.max(0, t.due - this.now());
    t.short = left > MAX_REAL_DELAY_MS;
    t.real = this.real.setTimeout(() => this.onReal(t), Math.min(left, MAX_REAL_DELAY_MS));
    if (!t.refd) unrefReal(t.real);
  }

  private onReal(t: Timer): void {
    t.real = null;
    if (!this.#timers.has(t)) return;
    if (t.short) {
      this.arm(t);
      return;
    }
    // As a Node interval: the next one comes a period after this one ran.
    this.fire(t, this.now());
    if (t.every !== null && this.#timers.has(t)) this.arm(t);
  }

  /** Runs a timer that is due: a timeout is done, an interval comes again `every` ms after `at`. */
  private fire(t: Timer, at: number): void {
    if (t.every === null) {
      this.#timers.delete(t);
      this.real.clearTimeout(t.real);
      t.real = null;
    } else {
      t.due = at + t.every;
      t.order = this.#order++;
    }
    t.fn();
  }
}
