// The device clock: the unit's host clock (SimClock) plus an offset that TIME_MANUAL (and clockOffsetMs) set.
import type { TimeSourcesTelemetry } from "@trc/protocol";
import type { SimClock } from "./host-clock.ts";
import { round, smoothNoise } from "./noise.ts";

export class DeviceClock {
  #offsetMs: number;

  constructor(
    private readonly host: Pick<SimClock, "now">,
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

  /** The time sources: GPS and the real-time clock (the console prefers rtc). */
  sources(utcOffsetS: number, elapsedMs: number): TimeSourcesTelemetry {
    const now = this.now();
    const tS = elapsedMs / 1000;
    return {
      sources: [
        { name: "gps", accuracy: round(0.1 + 0.05 * Math.abs(smoothNoise(90, tS, 20)), 3), time: now },
        { name: "rtc", accuracy: Math.round(500 + 300 * Math.abs(smoothNoise(91, tS, 60))), time: now },
      ],
      utc_offset: utcOffsetS,
    };
  }
}
