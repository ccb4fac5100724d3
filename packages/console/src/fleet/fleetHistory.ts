// The fleet's memory of each polled unit, fed by its poll answers (never by the poll): slow datasets kept between their
// reads, reads per minute, alarm memory, poll count and the Ready trail.
import { EMPTY_MEMORY, remember } from "../shared/alarms/alarmRules.ts";
import { useTimingIntent } from "../shared/race/timing.ts";
import { EMPTY_TRAIL, extendTrail } from "../shared/ready/readyRules.ts";
import { lazyStore } from "../shared/store/lazyStore.ts";
import type { FleetAnswer, FleetReading } from "./reading.ts";

/** Reads per minute between two readings of `passings.seen`; null without both, or after a counter reset. */
export function readsPerMinute(
  prev: { seen?: number; at: number } | undefined,
  next: { seen?: number; at: number },
): number | null {
  if (prev?.seen === undefined || next.seen === undefined) return null;
  const dt = next.at - prev.at;
  if (dt < 1000 || next.seen < prev.seen) return null;
  return ((next.seen - prev.seen) / dt) * 60_000;
}

/**
 * The reading after one more answer: a slow dataset not read this time keeps its last reading (same mode).
 * `stopAsked`: when this console last asked the unit to stop timing (the alarm `Timing stopped` is for other stops).
 */
export function nextReading(
  last: FleetReading | undefined,
  answer: FleetAnswer,
  stopAsked?: number,
): FleetReading {
  const { mode, errors, at } = answer;
  const data = last?.mode === mode ? { ...last.data, ...answer.data } : { ...answer.data };
  for (const dataset of Object.keys(errors) as (keyof typeof errors)[]) delete data[dataset];
  const seen = data.passings?.seen;
  const channels = data["uhf/ports"]?.channels;
  return {
    ...answer,
    data,
    readsPerMin: readsPerMinute(last && { seen: last.data.passings?.seen, at: last.at }, { seen, at }),
    memory: remember(last?.memory ?? EMPTY_MEMORY, {
      channels,
      seen,
      at,
      timing: answer.data.timing,
      stopAsked,
    }),
    poll: last ? last.poll + 1 : 0,
    trail: extendTrail(last?.trail ?? EMPTY_TRAIL, at, data.passings, channels),
  };
}

interface FleetHistory {
  /** Each polled unit's reading, by address. */
  units: Readonly<Record<string, FleetReading>>;
  record(base: string, answer: FleetAnswer): void;
  /** Its poll left the cache (the page was left for a while, or the unit removed): it starts afresh. */
  forget(base: string): void;
}

export const useFleetHistory = lazyStore<FleetHistory>()((set, get) => ({
  units: {},
  record: (base, answer) =>
    set({
      units: {
        ...get().units,
        [base]: nextReading(get().units[base], answer, useTimingIntent.getState().stopAsked[base]),
      },
    }),
  forget(base) {
    const { [base]: _gone, ...units } = get().units;
    set({ units });
  },
}));
