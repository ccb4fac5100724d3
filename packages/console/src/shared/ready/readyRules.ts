// The Ready check (issue 20 §4, issue 31), pure: one verdict from its items (six, and Timing program on a unit with race
// control), each with its value, why it fails and where to fix it.
import {
  ALARM_RETURN_LOSS_MIN_DB,
  READY_BACKLOG_IN_FLIGHT,
  READY_BATTERY_MARGIN_MS,
  READY_CLOCK_WITHIN_MS,
  READY_READ_WITHIN_MS,
  READY_STORAGE_BELOW_PERCENT,
  READY_SYNC_MAX_AGE_MS,
} from "@trc/protocol";
import { offsetText } from "../clock/accuracy.ts";
import type { PassingsPoint } from "../readings/backlog.ts";
import { durationText } from "../readings/backlog.ts";
import { hoursMinutes } from "../readings/telemetryFormat.ts";
import { timingItem } from "./readyTiming.ts";
import type { CounterSeries, ReadyCheck, ReadyItem, ReadyReadings } from "./readyTypes.ts";

export type { CounterSeries, ReadyCheck, ReadyItem, ReadyItemId, ReadyReadings } from "./readyTypes.ts";

type Maybe<T> = T | undefined | null;

/** A finite number (`Number.isFinite` is false for anything but a number: no coercion). */
const finite = (v: unknown): v is number => Number.isFinite(v);
const MIN = 60_000;
const WINDOW_MIN = READY_READ_WITHIN_MS / MIN;

/** When a counter last grew (the reading that showed it larger), or null when it has not grown in the series. */
export function lastGrowthAt(series: CounterSeries | undefined): number | null {
  if (!series) return null;
  for (let i = series.length - 1; i > 0; i--) {
    const p = series[i] as { t: number; v: number };
    if (p.v > (series[i - 1] as { t: number; v: number }).v) return p.t;
  }
  return null;
}

/** Why a counter fails "read within 10 min", or "" when it read in time. */
function readProblem(series: CounterSeries | undefined, now: number): string {
  const at = lastGrowthAt(series);
  if (at !== null && now - at <= READY_READ_WITHIN_MS) return "";
  if (at !== null) return `no read for ${durationText(now - at)}`;
  const since = series?.[0]?.t;
  return since !== undefined && now - since >= READY_READ_WITHIN_MS
    ? `no read for ${WINDOW_MIN} min`
    : "no read seen yet";
}

/** "Antenna 2", "Antennas 1, 2, 4" (numbers as shown: channel id + 1). */
function antennaNames(ns: readonly number[]): string {
  return ns.length === 1 ? `Antenna ${ns[0]}` : `Antennas ${ns.join(", ")}`;
}

export function antennasItem(r: ReadyReadings): ReadyItem {
  const base = {
    id: "antennas",
    label: "Antennas",
    fix: { href: "/live", text: "Tag test" },
  } as const;
  if (r.mode !== "uhf") {
    const problem = readProblem(r.seen, r.now);
    return problem
      ? { ...base, ok: false, value: "Reader", reason: `Reader: ${problem}` }
      : { ...base, ok: true, value: `Read within ${WINDOW_MIN} min`, reason: "" };
  }
  const fitted = (r.channels ?? []).flatMap((c) => (c?.ant === true && finite(c.id) ? [c] : []));
  if (!r.channels) return { ...base, ok: false, value: "—", reason: "No antenna reading yet" };
  const lost = (r.channels ?? []).flatMap((c) =>
    c?.ant === false && finite(c.id) && r.hadAntenna?.includes(c.id) ? [c.id] : [],
  );
  if (!fitted.length && !lost.length)
    return { ...base, ok: false, value: "None fitted", reason: "No antenna connected" };
  // Each antenna's problems; antennas with the same one share a phrase ("Antennas 1, 2, 3: no read seen yet"), so
  // the reason stays one line however many antennas a unit has.
  const byProblem = new Map<string, number[]>();
  const add = (problem: string, id: number) =>
    byProblem.set(problem, [...(byProblem.get(problem) ?? []), id + 1]);
  for (const c of fitted) {
    const id = c.id as number;
    if (finite(c.loss) && Math.abs(c.loss) < ALARM_RETURN_LOSS_MIN_DB)
      add(`return loss ${Math.abs(c.loss).toFixed(1)} dB (below ${ALARM_RETURN_LOSS_MIN_DB} dB)`, id);
    const problem = readProblem(r.channelReads?.[id], r.now);
    if (problem) add(problem, id);
  }
  for (const id of lost) add("lost", id);
  const problems = [...byProblem].map(([problem, ns]) => `${antennaNames(ns)}: ${problem}`);
  const count = `${fitted.length} ${fitted.length === 1 ? "antenna" : "antennas"}`;
  return problems.length
    ? { ...base, ok: false, value: count, reason: problems.join("; ") }
    : { ...base, ok: true, value: `${count} read within ${WINDOW_MIN} min`, reason: "" };
}

export function clockItem(r: ReadyReadings): ReadyItem {
  const base = {
    id: "clock",
    label: "Device clock",
    fix: { href: "#card-time", text: "Set device time on the Device Time card" },
  } as const;
  const c = r.clock;
  if (!c) return { ...base, ok: false, value: "—", reason: "Not synced yet" };
  if ("failed" in c) return { ...base, ok: false, value: "—", reason: "The clock sync failed" };
  const value = offsetText(c.offsetMs);
  if (Math.abs(c.offsetMs) > READY_CLOCK_WITHIN_MS)
    return {
      ...base,
      ok: false,
      value,
      reason: `${value} off the browser's clock (more than ${READY_CLOCK_WITHIN_MS} ms)`,
    };
  const age = r.now - c.at;
  if (age > READY_SYNC_MAX_AGE_MS)
    return {
      ...base,
      ok: false,
      value,
      reason: `Synced ${durationText(age)} ago (more than ${READY_SYNC_MAX_AGE_MS / MIN} min): Requery`,
    };
  return { ...base, ok: true, value, reason: "" };
}

export function batteryItem(r: ReadyReadings): ReadyItem {
  const base = {
    id: "battery",
    label: "Battery",
    fix: { href: "#card-battery", text: "Battery card" },
  } as const;
  const b = r.battery;
  const needMin = (r.raceHours * 60 * MIN + READY_BATTERY_MARGIN_MS) / MIN;
  const need = `needs ${hoursMinutes(needMin)} (race ${hoursMinutes(r.raceHours * 60)} + ${READY_BATTERY_MARGIN_MS / (60 * MIN)} h)`;
  if (!b) return { ...base, ok: false, value: "—", reason: "No battery reading yet" };
  if (b.state === "CHARGING") return { ...base, ok: true, value: "Charging", reason: "" };
  if (!finite(b.time_empty))
    return { ...base, ok: false, value: "—", reason: `Time to empty unknown, ${need}` };
  const value = `${hoursMinutes(b.time_empty)} to empty`;
  return b.time_empty >= needMin
    ? { ...base, ok: true, value, reason: "" }
    : { ...base, ok: false, value, reason: `${value}, ${need}` };
}

export function storageItem(r: ReadyReadings): ReadyItem {
  const base = { id: "storage", label: "Storage", fix: { href: "/files", text: "Free up storage" } } as const;
  const s = r.storage;
  if (!s || !finite(s.used) || !finite(s.total) || s.total <= 0)
    return { ...base, ok: false, value: "—", reason: "No storage reading yet" };
  const pct = (s.used / s.total) * 100;
  const value = `${Math.floor(pct)} % used`;
  return pct < READY_STORAGE_BELOW_PERCENT
    ? { ...base, ok: true, value, reason: "" }
    : { ...base, ok: false, value, reason: `${value} (${READY_STORAGE_BELOW_PERCENT} % or more)` };
}

export function backlogItem(r: ReadyReadings): ReadyItem {
  const base = {
    id: "backlog",
    label: "Backlog",
    fix: { href: "#card-passings", text: "Passings card" },
  } as const;
  const b = r.backlog;
  if (!b || b.left === null) return { ...base, ok: false, value: "—", reason: "No passings reading yet" };
  if (b.left <= 0) return { ...base, ok: true, value: "Empty", reason: "" };
  const value = `${b.left} unsent`;
  if (b.trend === "draining" || b.left <= READY_BACKLOG_IN_FLIGHT)
    return { ...base, ok: true, value: b.trend === "draining" ? `${value}, draining` : value, reason: "" };
  const why = b.trend === "unknown" ? "trend after the next reading" : `${b.trend}, not draining`;
  return { ...base, ok: false, value, reason: `${value}, ${why}` };
}

export function alarmsItem(r: ReadyReadings): ReadyItem {
  const base = { id: "alarms", label: "Alarms", fix: { href: "#unit-alarms", text: "Alarm panel" } } as const;
  const open = r.alarms.filter((a) => !a.acknowledged);
  if (!open.length) return { ...base, ok: true, value: "None unacknowledged", reason: "" };
  const value = `${open.length} unacknowledged`;
  return { ...base, ok: false, value, reason: `${value}: ${open.map((a) => a.text).join("; ")}` };
}

/** Every item in the order shown; Ready only when each holds. */
export function readyCheck(r: ReadyReadings): ReadyCheck {
  const items = [
    antennasItem,
    clockItem,
    batteryItem,
    storageItem,
    backlogItem,
    timingItem,
    alarmsItem,
  ].flatMap((f) => f(r) ?? []);
  const ready = items.every((i) => i.ok);
  return { ready, verdict: ready ? "Ready" : "Not ready", items };
}

/** The Fleet column's text: "Ready", or "Not ready: " and the failing items' labels. */
export function readySummary(c: ReadyCheck): string {
  return c.ready
    ? "Ready"
    : `Not ready: ${c.items
        .filter((i) => !i.ok)
        .map((i) => i.label)
        .join(", ")}`;
}

/** What a unit watched from elsewhere (the fleet) keeps for the check: passings and each channel's Reads over time. */
export interface ReadyTrail {
  passings: PassingsPoint[];
  reads: Record<number, { t: number; v: number }[]>;
}

export const EMPTY_TRAIL: ReadyTrail = { passings: [], reads: {} };

/** The trail after a reading at `at`; points older than the read window (plus a minute) fall off. */
export function extendTrail(
  trail: ReadyTrail,
  at: number,
  passings: Maybe<{ left?: number; seen?: number }>,
  channels: Maybe<readonly Maybe<{ id?: number; reads?: number }>[]>,
): ReadyTrail {
  const from = at - READY_READ_WITHIN_MS - MIN;
  const keep = <P extends { t: number }>(list: readonly P[], next?: P) => [
    ...list.filter((p) => p.t >= from),
    ...(next ? [next] : []),
  ];
  const p = passings && finite(passings.left) && finite(passings.seen) ? passings : null;
  const reads: ReadyTrail["reads"] = {};
  for (const c of channels ?? []) {
    if (c && finite(c.id) && finite(c.reads))
      reads[c.id] = keep(trail.reads[c.id] ?? [], { t: at, v: c.reads });
  }
  return {
    passings: keep(trail.passings, p ? { t: at, left: p.left as number, seen: p.seen as number } : undefined),
    reads,
  };
}
