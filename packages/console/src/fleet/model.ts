// What a fleet row shows, from its queries: state (Online, Offline), the figures, the colour; sorting and summary.
import { ALARM_OFFLINE_MS, READY_RACE_HOURS_DEFAULT, type TimingTelemetry } from "@trc/protocol";
import { alarmRules } from "../shared/alarms/alarmRules.ts";
import type { ClockEstimate } from "../shared/clock/timeSync.ts";
import { passingsText } from "../shared/race/timing.ts";
import { backlog } from "../shared/readings/backlog.ts";
import { batteryPercent, MISSING, num } from "../shared/readings/telemetryFormat.ts";
import { EMPTY_TRAIL, readyCheck, readySummary } from "../shared/ready/readyRules.ts";
import type { FleetReading } from "./poll.ts";

export type UnitState = "checking" | "online" | "offline";
/** The row's colour, worst first: offline, alarms, still checking, fine. */
export type RowLevel = "offline" | "alarm" | "checking" | "ok";
const LEVEL_RANK: Record<RowLevel, number> = { offline: 0, alarm: 1, checking: 2, ok: 3 };

/** The parts of a TanStack query result a row needs. */
export interface QueryView<T> {
  status: "pending" | "error" | "success";
  data?: T;
  dataUpdatedAt: number;
  errorUpdatedAt: number;
  error?: unknown;
}

export interface FleetRow {
  address: string;
  isThis: boolean;
  name: string;
  /** The reader: uhf or hf. */
  mode: string;
  /** Race control (D12): `Test`, `Timing · 1,234 passings`, or — (a unit without it, or not read). */
  timing: string;
  /** Timing programs connected (`2`), and on which port (`1 filtered · 1 raw`, "" when none); — without race control. */
  programs: string;
  programsSplit: string;
  state: UnitState;
  /** When the unit last answered (epoch ms), or null. */
  lastAnswer: number | null;
  battery: string;
  seen: string;
  readsPerMin: string;
  antennas: string;
  clock: string;
  firmware: string;
  alarms: string[];
  /** The Ready check's verdict and failing items ("Ready", "Not ready: Battery, Storage"); — while checking. */
  ready?: string;
  level: RowLevel;
  /** Why the last poll failed, when it did. */
  problem: string | null;
  /** Where the row's figures come from: `Polled` (from the browser), or `Broker ws://…`. */
  source: string;
  /** The line under the name: the unit's address (polled), its MQTT client id (broker); empty when the name is it. */
  detail: string;
  /** What Open switches to (the address, "" for the unit that served the console), or null: Open is disabled. */
  opens: string | null;
  /** Why Open is disabled, when it is. */
  openWhy: string | null;
}

/** The figures a row shows of a unit's last reading and clock estimate (polled or from a broker alike). */
export function rowFigures(reading: FleetReading | undefined, clock: string) {
  const rate = reading?.readsPerMin;
  return {
    mode: reading?.mode || MISSING,
    timing: timingModeText(reading?.data.timing),
    ...programsText(reading?.data.timing),
    battery: batteryText(reading),
    seen: num(reading?.data.passings?.seen),
    readsPerMin: typeof rate === "number" ? String(Math.round(rate)) : MISSING,
    antennas: antennaText(reading),
    clock,
    firmware: reading?.data.firmware?.version || MISSING,
  };
}

/** The Mode column (issue 31): `Test`, or `Timing · 1,234 passings`; — for a unit without race control or unread. */
export function timingModeText(t: TimingTelemetry | null | undefined): string {
  if (!t) return MISSING;
  return t.mode === "test" || !t.session ? "Test" : `Timing · ${passingsText(t.session.passings)}`;
}

/** The Programs column: the timing programs connected and the ports they are on; — for a unit without race control. */
export function programsText(t: TimingTelemetry | null | undefined) {
  if (!t) return { programs: MISSING, programsSplit: "" };
  const all = t.programs.length;
  const filtered = t.programs.filter((p) => p.port === "filtered").length;
  return { programs: String(all), programsSplit: all ? `${filtered} filtered · ${all - filtered} raw` : "" };
}

/** The row's colour: offline, alarms, checking, fine. */
export function rowLevel(state: UnitState, alarms: readonly string[]): RowLevel {
  return state === "offline" ? "offline" : alarms.length ? "alarm" : state === "checking" ? "checking" : "ok";
}

/**
 * Offline: the last poll got no answer and the unit has not answered for ALARM_OFFLINE_MS (10 s) before that
 * failure, or never. A failure within 10 s of an answer (a blip) keeps it Online until the next poll.
 */
export function unitState(q: QueryView<unknown>): UnitState {
  if (q.status === "pending") return "checking";
  if (q.status === "success") return "online";
  if (!q.dataUpdatedAt) return "offline";
  return q.errorUpdatedAt - q.dataUpdatedAt >= ALARM_OFFLINE_MS ? "offline" : "online";
}

/** `with an antenna / with reads` over the UHF channels (reads so far); — on an hf unit. */
export function antennaText(reading: FleetReading | undefined): string {
  const channels = reading?.data["uhf/ports"]?.channels;
  if (reading?.mode !== "uhf" || !channels) return MISSING;
  const withAnt = channels.filter((c) => c.ant === true).length;
  const withReads = channels.filter((c) => typeof c.reads === "number" && c.reads > 0).length;
  return `${withAnt} / ${withReads}`;
}

/** The offset from the sync and its bound: `+2001 ms ± 3 ms`. */
export function clockText(estimate: ClockEstimate | undefined): string {
  if (!estimate) return MISSING;
  const ms = Math.round(estimate.offsetMs);
  return `${ms > 0 ? "+" : ms < 0 ? "−" : ""}${Math.abs(ms)} ms ± ${Math.max(1, Math.round(estimate.errorBoundMs))} ms`;
}

export function batteryText(reading: FleetReading | undefined): string {
  const b = reading?.data.battery;
  if (typeof b?.percentage !== "number") return MISSING;
  const pct = `${Math.round(batteryPercent(b.percentage))} %`;
  return b.state === "CHARGING" ? `${pct} charging` : pct;
}

/**
 * The unit's alarms by the alarm panel's rules and texts: an offline unit has only `Unit offline` (its last readings
 * are old); an online one everything its last poll and clock sync show.
 */
export function fleetAlarms(
  reading: FleetReading | undefined,
  state: UnitState,
  clock: ClockEstimate | undefined,
  noReadsMinutes: number,
  now: number,
): string[] {
  if (state === "checking") return [];
  const lastAnswerAt = reading?.at ?? null;
  const connection = {
    online: state === "online",
    lastAnswerAt,
    since: lastAnswerAt ?? now - ALARM_OFFLINE_MS,
  };
  if (state === "offline" || !reading) return alarmRules({ now, connection }).map((a) => a.text);
  const d = reading.data;
  const readings = {
    now,
    connection,
    battery: d.battery,
    storage: d.storage,
    temps: d["hw/temp"]?.temps,
    cellular: d.cellular,
    channels: d["uhf/ports"]?.channels,
    clockOffsetMs: clock?.offsetMs ?? null,
    noReadsMinutes,
  };
  return alarmRules(readings, reading.memory).map((a) => a.text);
}

/**
 * A polled unit's row. `listed`: the alarm panel's list when this is the unit the console talks to (its Ready column
 * counts acknowledgements, as the dashboard's check), else null.
 */
export function rowOf(
  address: string,
  isThis: boolean,
  poll: QueryView<FleetReading>,
  clock: QueryView<ClockEstimate> | undefined,
  noReadsMinutes: number,
  now: number,
  raceHours = READY_RACE_HOURS_DEFAULT,
  listed: readonly Alarmed[] | null = null,
  timingNotNeeded = false,
): FleetRow {
  const reading = poll.data;
  const state = unitState(poll);
  const alarms = fleetAlarms(reading, state, clock?.data, noReadsMinutes, now);
  const ready = fleetReady(reading, state, clock, listed ?? alarms, raceHours, now, timingNotNeeded);
  const name = reading?.name || address;
  return {
    address,
    isThis,
    name,
    state,
    lastAnswer: poll.dataUpdatedAt || null,
    ...rowFigures(reading, clockText(clock?.data)),
    alarms,
    ready,
    level: rowLevel(state, alarms),
    problem:
      poll.status === "error" ? String((poll.error as Error | undefined)?.message ?? poll.error) : null,
    source: "Polled",
    detail: name === address ? "" : address,
    opens: isThis ? "" : address,
    openWhy: null,
  };
}

type Alarmed = { text: string; acknowledged: boolean };

/**
 * The Ready column: the check over the unit's last poll, trail and clock sync; its alarms as the panel lists them, or
 * (a unit without acknowledgements) the conditions that hold, unacknowledged.
 */
export function fleetReady(
  reading: FleetReading | undefined,
  state: UnitState,
  clock: QueryView<ClockEstimate> | undefined,
  alarms: readonly (string | Alarmed)[],
  raceHours: number,
  now: number,
  /** The operator marked the unit's timing program not needed (the Ready panel's choice, kept per unit). */
  timingNotNeeded = false,
): string {
  if (state === "checking" || !reading) return MISSING;
  if (state === "offline") return "Not ready: Unit offline";
  const d = reading.data;
  const trail = reading.trail ?? EMPTY_TRAIL;
  const check = readyCheck({
    now,
    mode: reading.mode,
    channels: d["uhf/ports"]?.channels,
    hadAntenna: reading.memory.hadAntenna,
    channelReads: trail.reads,
    seen: trail.passings.map((p) => ({ t: p.t, v: p.seen })),
    clock:
      clock?.status === "success" && clock.data
        ? { offsetMs: clock.data.offsetMs, at: clock.dataUpdatedAt }
        : clock?.status === "error"
          ? { failed: true }
          : null,
    battery: d.battery,
    raceHours,
    storage: d.storage,
    backlog: backlog(trail.passings, now),
    alarms: alarms.map((a) => (typeof a === "string" ? { text: a, acknowledged: false } : a)),
    timing: d.timing,
    timingNotNeeded,
  });
  return readySummary(check);
}

export type SortKey = "list" | "name" | "state";

/** List order (This unit first), by name, or by state (worst first, then name); `descending` reverses. */
export function sortRows(rows: readonly FleetRow[], key: SortKey, descending = false): FleetRow[] {
  if (key === "list") return [...rows];
  const byName = (a: FleetRow, b: FleetRow) =>
    a.name.localeCompare(b.name, undefined, { numeric: true }) || a.address.localeCompare(b.address);
  const cmp =
    key === "name"
      ? byName
      : (a: FleetRow, b: FleetRow) => LEVEL_RANK[a.level] - LEVEL_RANK[b.level] || byName(a, b);
  const sorted = [...rows].sort(cmp);
  return descending ? sorted.reverse() : sorted;
}

/** The line above the table: `3 units: 2 online, 1 offline, 1 with alarms`. */
export function summaryText(rows: readonly FleetRow[]): string {
  const online = rows.filter((r) => r.state === "online").length;
  const offline = rows.filter((r) => r.state === "offline").length;
  const checking = rows.length - online - offline;
  const parts = [`${online} online`, `${offline} offline`];
  if (checking) parts.push(`${checking} checking`);
  parts.push(`${rows.filter((r) => r.alarms.length).length} with alarms`);
  return `${rows.length} ${rows.length === 1 ? "unit" : "units"}: ${parts.join(", ")}`;
}

/** Rows online with their figures in (battery, passings, firmware): what a benchmark waits for with rows windowed. */
export function filledRows(rows: readonly FleetRow[]): number {
  return rows.filter(
    (r) => r.state === "online" && r.battery !== MISSING && r.seen !== MISSING && r.firmware !== MISSING,
  ).length;
}

/** The worst level among the rows (the summary's colour). */
export function worstLevel(rows: readonly FleetRow[]): RowLevel {
  return rows.reduce<RowLevel>((w, r) => (LEVEL_RANK[r.level] < LEVEL_RANK[w] ? r.level : w), "ok");
}
