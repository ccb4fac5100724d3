// The device clock: the unit's host clock plus an offset that TIME_MANUAL (and clockOffsetMs) set, plus the drift of
// its RTC while nothing disciplines it (D13's holdover, from an attached ClockDrift); its timers are the host clock's
// (a duration does not jump when the clock is set).
import type { Clock, ClockTimer } from "./clock.ts";

/** How far the clock has drifted from where it was set, as a function of the host clock (D13's holdover). */
export interface ClockDrift {
  /** The drift (ms) at host time `hostMs`; called with a host time that never goes back. */
  driftMs(hostMs: number): number;
  /** The clock was set at host time `hostMs`: the drift starts again from 0. */
  reset(hostMs: number): void;
}

export class DeviceClock implements Clock {
  #offsetMs: number;
  #drift: ClockDrift | null = null;

  constructor(
    private readonly host: Clock,
    offsetMs: number,
  ) {
    this.#offsetMs = offsetMs;
  }

  /** From now on the clock drifts as `drift` says (whole ms; 0 without one). */
  attachDrift(drift: ClockDrift): void {
    this.#drift = drift;
  }

  /** The clock's true offset from the host clock: the one set plus the drift so far. */
  get offsetMs(): number {
    return this.#offsetMs + this.#driftAt(this.host.now());
  }

  now(): number {
    const host = this.host.now();
    return host + this.#offsetMs + this.#driftAt(host);
  }

  /** Sets the device clock to `epochMs` (the real-time clock is battery backed: it survives reboots). */
  set(epochMs: number): void {
    const host = this.host.now();
    this.#offsetMs = epochMs - host;
    this.#drift?.reset(host);
  }

  /** Sets the device clock to the host clock plus `offsetMs`. */
  setOffset(offsetMs: number): void {
    this.#offsetMs = offsetMs;
    this.#drift?.reset(this.host.now());
  }

  #driftAt(host: number): number {
    return this.#drift ? Math.round(this.#drift.driftMs(host)) : 0;
  }

  setTimeout(fn: () => void, ms: number): ClockTimer {
    return this.host.setTimeout(fn, ms);
  }

  clearTimeout(handle: ClockTimer | null | undefined): void {
    this.host.clearTimeout(handle);
  }

  setInterval(fn: () => void, ms: number): ClockTimer {
    return this.host.setInterval(fn, ms);
  }

  clearInterval(handle: ClockTimer | null | undefined): void {
    this.host.clearInterval(handle);
  }
}
