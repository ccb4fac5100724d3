// What the alarm rules remember of a unit (issue 13, issue 31), pure: antennas seen, the last growth of `seen`, race
// control's last reading; folded into the unit's record (shared/unit/record.ts) with each answer.
import type { AlarmMemory } from "./alarmStore.ts";

type Maybe<T> = T | undefined | null;
/** A finite number (`Number.isFinite` is false for anything but a number: no coercion). */
const finite = (v: unknown): v is number => Number.isFinite(v);

/** The channels' fields the memory reads (uhf/ports). */
type FittedReading = { id?: number; ant?: boolean };

/**
 * A stop this console asked for counts when asked at most this long before the previous timing reading: a reading
 * already under way when the stop went out still showed timing.
 */
export const TIMING_STOP_ASKED_GRACE_MS = 30_000;

/** What the timing rules read of the timing dataset (D12). */
export interface TimingAlarmReading {
  mode: "test" | "timing";
  programs: readonly { port: "raw" | "filtered" }[];
}

/**
 * Race control after a timing reading at `at`; `stopAsked`: when this console last asked the unit to stop timing.
 * A reading no newer than the last one changes nothing (the same answer seen again, or a late one).
 */
export function rememberTiming(
  prev: AlarmMemory["timing"],
  t: TimingAlarmReading,
  at: number,
  stopAsked?: number,
): AlarmMemory["timing"] {
  if (prev && at <= prev.at) return prev;
  const timing = t.mode === "timing";
  const programs = t.programs.filter((p) => p.port === "filtered").length;
  const wasTiming = prev?.timing === true;
  const asked =
    stopAsked !== undefined &&
    prev !== undefined &&
    prev !== null &&
    stopAsked >= prev.at - TIMING_STOP_ASKED_GRACE_MS;
  return {
    at,
    timing,
    programs,
    programLost:
      timing && !programs && (prev?.programLost === true || (wasTiming && (prev?.programs ?? 0) > 0)),
    stopped: !timing && (prev?.stopped === true || (wasTiming && !asked)),
  };
}

/** The memory after a reading of uhf/ports (`channels`), passings (`seen`) and/or timing, read at `at`. */
export function remember<C extends FittedReading>(
  m: AlarmMemory,
  r: {
    channels?: Maybe<readonly Maybe<C>[]>;
    seen?: Maybe<number>;
    timing?: Maybe<TimingAlarmReading>;
    stopAsked?: number;
    at: number;
  },
): AlarmMemory {
  let { hadAntenna, seen } = m;
  const timing = r.timing ? rememberTiming(m.timing, r.timing, r.at, r.stopAsked) : m.timing;
  const fitted = (r.channels ?? []).flatMap((c) => (c?.ant === true && finite(c.id) ? [c.id] : []));
  const added = fitted.filter((id) => !hadAntenna.includes(id));
  if (added.length) hadAntenna = [...hadAntenna, ...added];
  if (finite(r.seen) && (!seen || r.at >= seen.last)) {
    seen =
      seen && r.seen === seen.count
        ? r.at === seen.last
          ? seen
          : { ...seen, last: r.at }
        : { count: r.seen, since: r.at, last: r.at };
  }
  if (hadAntenna === m.hadAntenna && seen === m.seen && timing === m.timing) return m;
  return timing === undefined ? { hadAntenna, seen } : { hadAntenna, seen, timing };
}

