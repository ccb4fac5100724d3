// The emulated unit's one clock interface: the time and the timers that everything it simulates reads (tests move it).

/** A timer of a Clock; opaque apart from `unref()`, which (as Node's) lets the process end while it is pending. */
export interface ClockTimer {
  unref(): ClockTimer;
}

/**
 * The unit's time and timers: its host clock (WarpClock: real time plus what tests advanced) or its device clock
 * (DeviceClock: the host clock plus the offset TIME_MANUAL sets, timers on the host clock). Never Date.now() or the
 * global timers directly.
 */
export interface Clock {
  /** Epoch ms. */
  now(): number;
  setTimeout(fn: () => void, ms: number): ClockTimer;
  clearTimeout(handle: ClockTimer | null | undefined): void;
  setInterval(fn: () => void, ms: number): ClockTimer;
  clearInterval(handle: ClockTimer | null | undefined): void;
}
