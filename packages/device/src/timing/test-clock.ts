// A fake TimingClock for tests: time moves only when advanced, and timers run then, in time order.
import type { TimingClock } from "./types.ts";

interface Timer {
  at: number;
  order: number;
  fn: () => void;
}

export class TestClock implements TimingClock {
  #now: number;
  #timers = new Set<Timer>();
  #order = 0;

  constructor(start = Date.UTC(2026, 4, 17, 9, 0, 0)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const timer = { at: this.#now + Math.max(0, ms), order: this.#order++, fn };
    this.#timers.add(timer);
    return timer;
  }

  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as Timer);
  }

  /** Timers waiting. */
  get pending(): number {
    return this.#timers.size;
  }

  /** Moves time on by `ms`, running every timer due on the way at its own time. */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      let next: Timer | undefined;
      for (const t of this.#timers) {
        if (t.at <= end && (!next || t.at < next.at || (t.at === next.at && t.order < next.order))) next = t;
      }
      if (!next) break;
      this.#timers.delete(next);
      this.#now = next.at;
      next.fn();
    }
    this.#now = end;
  }
}
