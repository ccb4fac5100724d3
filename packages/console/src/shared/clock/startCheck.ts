// Don't start a race on a bad clock (issue 41), pure: the question Start timing asks first, from the unit's record,
// or null when its clock is fine (synced, within 100 ms of the browser's, not holding over).
import { READY_CLOCK_WITHIN_MS } from "@trc/protocol";
import type { ClockReading } from "../unit/record.ts";

/** The question, or null: start at once. */
export function startTimingQuestion(
  clock: ClockReading | null | undefined,
  holdover: { minutes: number } | null = null,
): string | null {
  if (!clock || "failed" in clock) return "Start timing with the clock not synced?";
  const off = Math.round(Math.abs(clock.offsetMs));
  if (off > READY_CLOCK_WITHIN_MS) return `Start timing with the clock off by ${off} ms?`;
  if (holdover) return `Start timing with the clock holding over (GPS lost ${holdover.minutes} min ago)?`;
  return null;
}
