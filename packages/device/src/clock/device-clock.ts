// The device clock: the unit's host clock plus an offset that TIME_MANUAL (and clockOffsetMs) set; its timers are the
// host clock's (a duration does not jump when the clock is set).
import type { Clock, ClockTimer } from "./clock.ts";

export class DeviceClock implements Clock {
  #offsetMs: number;

  constructor(
    private readonly host: Clock,
    offsetMs: number,
  ) {
    this.#offsetMs = offsetMs;
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }

  now(): number {
    return this.host.now() + this.#offsetMs;
  }

  /** Sets the device clock to `epochMs` (the real-time clock is battery backed: it survives reboots). */
  set(epochMs: number): void {
    this.#offsetMs = epochMs - this.host.now();
  }

  /** Sets the device clock to the host clock plus `offsetMs`. */
  setOffset(offsetMs: number): void {
    this.#offsetMs = offsetMs;
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
