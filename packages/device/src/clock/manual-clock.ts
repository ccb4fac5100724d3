// A clock for tests: a WarpClock whose real time stands still, so time moves only when advanced (its timers run then,
// each at its own time, in order).
import { type RealTime, WarpClock } from "./warp-clock.ts";

/** 17 May 2026 09:00:00 UTC: where a manual clock starts unless told. */
export const MANUAL_CLOCK_START = Date.UTC(2026, 4, 17, 9, 0, 0);

/** A real time that stands still at `at` and whose timers never fire: only an advance moves the clock. */
const stillTime = (at: number): RealTime => ({
  now: () => at,
  setTimeout: () => null,
  clearTimeout: () => {},
});

export function manualClock(start = MANUAL_CLOCK_START): WarpClock {
  return new WarpClock(stillTime(start));
}
