// Unit alarm rules (issue 13), pure: the latest readings and a little session memory in, the alarms that hold out.
import {
  ALARM_BACKLOG_GROWING_MS,
  ALARM_BATTERY_LOW_PERCENT,
  ALARM_CELLULAR_CONNECTION_STATES,
  ALARM_CELLULAR_POWER_STATES,
  ALARM_CLOCK_OFF_MS,
  ALARM_HOT_C,
  ALARM_OFFLINE_MS,
  ALARM_RETURN_LOSS_MIN_DB,
  ALARM_STORAGE_FULL_PERCENT,
} from "@trc/protocol";
import { offsetText } from "../clock/accuracy.ts";
import { batteryPercent } from "../readings/telemetryFormat.ts";
import type { Alarm, AlarmMemory } from "./alarmStore.ts";
import { EMPTY_MEMORY } from "./alarmStore.ts";

type Maybe<T> = T | undefined | null;
export interface ChannelReading {
  id?: number;
  ant?: boolean;
  loss?: number;
}

/** The latest readings; a missing one raises nothing. Field shapes are the telemetry datasets' (SPEC §3). */
export interface AlarmReadings {
  now: number;
  /** The API client's view of the unit: `online` false after a request got no answer; `since` = watching began. */
  connection?: { online: boolean | null; lastAnswerAt: number | null; since: number };
  battery?: Maybe<{ state?: string; percentage?: number }>;
  storage?: Maybe<{ used?: number; total?: number }>;
  temps?: Maybe<readonly Maybe<{ name?: string; temp?: number }>[]>;
  cellular?: Maybe<{ power?: string; connection?: string }>;
  channels?: Maybe<readonly Maybe<ChannelReading>[]>;
  /** Device minus browser clock from the last clock sync, ms. */
  clockOffsetMs?: number | null;
  /** `No reads for N min`: N (0 = off). */
  noReadsMinutes?: number;
  /** The backlog (shared/readings/backlog.ts): Left now and how long it has grown while reads came in. */
  backlog?: Maybe<{ left: number | null; growingForMs: number }>;
}

// The alarm and memory shapes live with the alarm store (shared: the header, the fleet and the watch read it).
export { type Alarm, type AlarmMemory, EMPTY_MEMORY, type TimingMemory } from "./alarmStore.ts";

/** A finite number (`Number.isFinite` is false for anything but a number: no coercion). */
const finite = (v: unknown): v is number => Number.isFinite(v);

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
export function remember(
  m: AlarmMemory,
  r: {
    channels?: AlarmReadings["channels"];
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

/** Every alarm whose condition holds, in a fixed order (offline first). */
export function alarmRules(r: AlarmReadings, m: AlarmMemory = EMPTY_MEMORY): Alarm[] {
  const out: Alarm[] = [];
  const c = r.connection;
  if (c && c.online === false && r.now - (c.lastAnswerAt ?? c.since) >= ALARM_OFFLINE_MS)
    out.push({ id: "offline", text: "Unit offline" });

  const b = r.battery;
  if (b && finite(b.percentage) && b.state !== "CHARGING") {
    const pct = batteryPercent(b.percentage);
    if (pct < ALARM_BATTERY_LOW_PERCENT)
      out.push({ id: "battery", text: `Battery low (${Math.floor(pct)} %)` });
  }

  const s = r.storage;
  if (s && finite(s.used) && finite(s.total) && s.total > 0) {
    const pct = (s.used / s.total) * 100;
    if (pct >= ALARM_STORAGE_FULL_PERCENT)
      out.push({ id: "storage", text: `Storage nearly full (${Math.floor(pct)} %)` });
  }

  for (const ch of r.channels ?? []) {
    if (!ch || !finite(ch.id)) continue;
    const n = ch.id + 1;
    if (ch.ant === false && m.hadAntenna.includes(ch.id))
      out.push({ id: `antenna-lost-${ch.id}`, text: `Antenna ${n} lost` });
    if (ch.ant === true && finite(ch.loss) && Math.abs(ch.loss) < ALARM_RETURN_LOSS_MIN_DB)
      out.push({
        id: `antenna-poor-${ch.id}`,
        text: `Antenna ${n} poor (${Math.abs(ch.loss).toFixed(1)} dB)`,
      });
  }

  for (const t of r.temps ?? []) {
    if (t && typeof t.name === "string" && finite(t.temp) && t.temp >= ALARM_HOT_C)
      out.push({ id: `hot-${t.name}`, text: `Hot: ${t.name} (${t.temp.toFixed(1)} °C)` });
  }

  const cell = r.cellular;
  if (cell) {
    const power = cell.power && ALARM_CELLULAR_POWER_STATES.includes(cell.power) ? cell.power : null;
    const conn =
      cell.connection && ALARM_CELLULAR_CONNECTION_STATES.includes(cell.connection) ? cell.connection : null;
    if (power) out.push({ id: "cellular-power", text: `Cellular ${power}` });
    // Power ERROR and connection ERROR read the same: one line.
    if (conn && conn !== power) out.push({ id: "cellular-connection", text: `Cellular ${conn}` });
  }

  if (finite(r.clockOffsetMs) && Math.abs(r.clockOffsetMs) > ALARM_CLOCK_OFF_MS)
    out.push({ id: "clock", text: `Device clock off (${offsetText(r.clockOffsetMs)})` });

  const minutes = r.noReadsMinutes ?? 0;
  if (minutes > 0 && m.seen && m.seen.last - m.seen.since >= minutes * 60_000)
    out.push({ id: "no-reads", text: `No reads for ${minutes} min` });

  const bl = r.backlog;
  if (bl && finite(bl.left) && bl.growingForMs >= ALARM_BACKLOG_GROWING_MS)
    out.push({ id: "backlog", text: `Backlog growing: ${bl.left} unsent` });

  // Race control (issue 31), from the memory of the timing readings (rememberTiming).
  if (m.timing?.programLost) out.push({ id: "timing-program", text: "Timing program disconnected" });
  if (m.timing?.stopped) out.push({ id: "timing-stopped", text: "Timing stopped" });
  return out;
}
