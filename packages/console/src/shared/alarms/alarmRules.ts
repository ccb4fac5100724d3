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
import { type Counts, silentAntennas } from "../antennas/antennaHealth.ts";
import { offsetText } from "../clock/accuracy.ts";
import { batteryPercent } from "../readings/telemetryFormat.ts";
import type { Alarm, AlarmMemory } from "./alarmStore.ts";
import { EMPTY_MEMORY } from "./alarmStore.ts";

type Maybe<T> = T | undefined | null;
export interface ChannelReading {
  id?: number;
  ant?: boolean;
  loss?: number;
  /** D13's port state, where the unit has it. */
  state?: string;
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
  /** Each channel's Reads over time (the unit's record): an antenna silent while others read. */
  channelReads?: (id: number) => Counts | undefined;
  /** GPS lost and the clock holding over on its RTC (D13): minutes since the last fix. */
  holdover?: Maybe<{ minutes: number }>;
  /** Device minus browser clock from the last clock sync, ms. */
  clockOffsetMs?: number | null;
  /** `No reads for N min`: N (0 = off). */
  noReadsMinutes?: number;
  /** The backlog (shared/readings/backlog.ts): Left now and how long it has grown while reads came in. */
  backlog?: Maybe<{ left: number | null; growingForMs: number }>;
}

// The alarm and memory shapes live with the alarm store (shared: the header, the fleet and the watch read it).
export { type Alarm, type AlarmMemory, EMPTY_MEMORY, type TimingMemory } from "./alarmStore.ts";
export { remember, rememberTiming, TIMING_STOP_ASKED_GRACE_MS, type TimingAlarmReading } from "./memory.ts";

/** A finite number (`Number.isFinite` is false for anything but a number: no coercion). */
const finite = (v: unknown): v is number => Number.isFinite(v);

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

  for (const ch of r.channels ?? []) {
    if (!ch || !finite(ch.id)) continue;
    if (ch.state === "noise") out.push({ id: `antenna-noisy-${ch.id}`, text: `Antenna ${ch.id + 1} noisy` });
    if (ch.state === "fault") out.push({ id: `antenna-fault-${ch.id}`, text: `Antenna ${ch.id + 1} fault` });
  }
  if (r.channelReads)
    for (const { id, minutes } of silentAntennas(r.channels, r.channelReads, r.now))
      out.push({
        id: `antenna-silent-${id}`,
        text: `Antenna ${id + 1} silent: no reads for ${minutes} min while others read`,
      });

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

  if (r.holdover)
    out.push({ id: "clock-holdover", text: `Clock holding over: GPS lost ${r.holdover.minutes} min ago` });

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
