// One record per unit (issue 40): what the console knows of a unit, built by one pure fold from every answer, whoever
// brought it (the dashboard's queries, the alarm watch, the fleet's poll, a broker message, the API client's reports).
import type { TelemetryOf, TimingTelemetry } from "@trc/protocol";
import { TIMING_DATASET } from "@trc/protocol";
import type { Loose } from "../../api/lenient.ts";
import { EMPTY_MEMORY } from "../alarms/alarmStore.ts";
import { remember } from "../alarms/memory.ts";
import type { AlarmMemory } from "../alarms/alarmStore.ts";
import type { Point } from "../readings/sparkline.ts";
import { historyValues } from "../readings/telemetryCollect.ts";

/** The datasets a record keeps: what the alarm rules, the Ready check, the header and a Fleet row read. */
export const RECORD_DATASETS = [
  "battery",
  "passings",
  "uhf/ports",
  "firmware",
  "storage",
  "hw/temp",
  "cellular",
  "time/sources",
  "gnss",
  TIMING_DATASET,
] as const;
export type RecordDataset = (typeof RECORD_DATASETS)[number];
type SpecDataset = Exclude<RecordDataset, typeof TIMING_DATASET>;
/** Each dataset's latest answer; `timing` is null for a unit without race control (it answers 404). */
export type RecordData = { [D in SpecDataset]?: Loose<TelemetryOf<D>> } & { timing?: TimingTelemetry | null };

const KEPT: ReadonlySet<string> = new Set(RECORD_DATASETS);
export const isRecordDataset = (d: string): d is RecordDataset => KEPT.has(d);

/** The device clock against the browser's: a sync's estimate (with its bound), or a broker's one-way figure. */
export type ClockReading =
  | { offsetMs: number; errorBoundMs: number; at: number; oneWay: boolean }
  | { failed: true; at: number };

export interface UnitRecord {
  /** The unit's key: its canonical address, or `broker#id` for a unit heard on a broker only. */
  unit: string;
  name: string;
  /** uhf or hf, "" before its identity came. */
  mode: string;
  data: RecordData;
  /** When each dataset was last answered (browser ms). */
  readAt: Partial<Record<RecordDataset, number>>;
  /** Why a dataset's last read failed (the unit answered, that dataset did not); its last answer is kept. */
  errors: Partial<Record<RecordDataset, string>>;
  /** When the unit last answered anything, and its last failure to answer (network error, timeout). */
  lastAnswerAt: number | null;
  lastFailure: { at: number; reason: string } | null;
  /** What the unit said of itself on a broker (its status topic); null when it never said. */
  said: "online" | "offline" | null;
  /** What the alarm rules remember: antennas seen, the last growth of `seen`, race control. */
  memory: AlarmMemory;
  /** Series over time by name (`battery`, `temp:<name>`, `passings:seen`, `passings:left`, `reads:<channel>`). */
  series: Readonly<Record<string, readonly Point[]>>;
  clock: ClockReading | null;
}

/** An answer, or a failure, as the fold takes it. */
export type UnitEvent =
  | { kind: "identity"; name: string; mode: string; at: number }
  | {
      kind: "reading";
      dataset: RecordDataset;
      data: unknown;
      at: number;
      /** When this console last asked the unit to stop timing (a timing reading: shared/race/timing.ts). */
      stopAsked?: number;
      /** A broker's retained message: the latest figure, of unknown age, not a point in time (no series, no memory). */
      retained?: boolean;
    }
  | { kind: "unread"; dataset: RecordDataset; reason: string; at: number }
  | { kind: "answered"; at: number }
  | { kind: "silent"; reason: string; at: number }
  | { kind: "said"; status: "online" | "offline"; at: number }
  | { kind: "clock"; offsetMs: number; errorBoundMs: number; oneWay: boolean; at: number }
  | { kind: "clock-failed"; at: number };

/** A series keeps this many points at least, and every point of the last READY window (the Ready check's 10 min). */
export const SERIES_POINTS = 240;
export const SERIES_KEEP_MS = 11 * 60_000;

export function emptyRecord(unit: string): UnitRecord {
  return {
    unit,
    name: "",
    mode: "",
    data: {},
    readAt: {},
    errors: {},
    lastAnswerAt: null,
    lastFailure: null,
    said: null,
    memory: EMPTY_MEMORY,
    series: {},
    clock: null,
  };
}

/**
 * Points are kept this far apart at least (a newer one replaces the last until then): a unit heard every second (a
 * broker, the Live page) keeps minutes of points, not seconds; the rules read steps of 10 s or more.
 */
export const SERIES_STEP_MS = 5_000;

/** The series after the finite values of one answer read at `at`; old points fall off past both limits. */
export function extendSeries(
  series: UnitRecord["series"],
  at: number,
  values: Readonly<Record<string, number | undefined>>,
): UnitRecord["series"] {
  let next: Record<string, readonly Point[]> | undefined;
  for (const [name, v] of Object.entries(values)) {
    if (!Number.isFinite(v)) continue;
    const old = series[name] ?? [];
    // The last point moves on until it is SERIES_STEP_MS after the one before it, then stays.
    const before = old[old.length - 2];
    const kept = before && at - before.t < SERIES_STEP_MS ? old.slice(0, -1) : old;
    const list = [...kept, { t: at, v: v as number }];
    const drop = list.length - SERIES_POINTS;
    next ??= { ...series };
    next[name] = drop > 0 ? list.filter((p, i) => i >= drop || p.t >= at - SERIES_KEEP_MS) : list;
  }
  return next ?? series;
}

const asChannels = (d: RecordData) => d["uhf/ports"]?.channels;

/** The record after one reading: the dataset's answer, its series, the alarm memory. */
function read(r: UnitRecord, e: Extract<UnitEvent, { kind: "reading" }>): UnitRecord {
  // The same answer again (the fleet reading the chosen unit through the dashboard's cache), or an older one: nothing new.
  const known = (r.data as Record<string, unknown>)[e.dataset];
  const readAt = r.readAt[e.dataset];
  if (known === e.data || (readAt !== undefined && e.at < readAt)) return r;
  const data = { ...r.data, [e.dataset]: e.data } as RecordData;
  const { [e.dataset]: _cleared, ...errors } = r.errors;
  const readAtNext = { ...r.readAt, [e.dataset]: e.at };
  if (e.retained) return { ...r, data, errors, readAt: readAtNext };
  const timing = e.dataset === TIMING_DATASET ? data.timing : undefined;
  const memory = remember(r.memory, {
    channels: e.dataset === "uhf/ports" ? asChannels(data) : undefined,
    seen: e.dataset === "passings" ? data.passings?.seen : undefined,
    timing,
    stopAsked: e.stopAsked,
    at: e.at,
  });
  const values =
    e.dataset === TIMING_DATASET
      ? {}
      : historyValues(e.dataset, e.data as Record<string, unknown> | undefined);
  return {
    ...r,
    data,
    errors,
    readAt: readAtNext,
    memory,
    series: extendSeries(r.series, e.at, values),
    lastAnswerAt: Math.max(r.lastAnswerAt ?? 0, e.at),
  };
}

/** The record after one event (the same object when it changed nothing: stores and rows compare by identity). */
export function foldUnit(r: UnitRecord, e: UnitEvent): UnitRecord {
  switch (e.kind) {
    case "identity":
      if (r.name === e.name && r.mode === e.mode) return r;
      // Another mode is another reader: what was read of the old one's antennas does not carry over.
      return r.mode && r.mode !== e.mode
        ? { ...emptyRecord(r.unit), name: e.name, mode: e.mode, lastAnswerAt: r.lastAnswerAt, clock: r.clock }
        : { ...r, name: e.name, mode: e.mode };
    case "reading":
      return read(r, e);
    case "unread":
      if (r.errors[e.dataset] === e.reason) return r;
      return { ...r, errors: { ...r.errors, [e.dataset]: e.reason } };
    case "answered": {
      const failedSince = r.lastFailure && r.lastFailure.at >= (r.lastAnswerAt ?? 0);
      // Every request's answer reports here: a second's resolution is all the offline rule needs.
      if (!failedSince && r.lastAnswerAt !== null && e.at - r.lastAnswerAt < 1000) return r;
      return e.at > (r.lastAnswerAt ?? 0) ? { ...r, lastAnswerAt: e.at } : r;
    }
    case "silent":
      return { ...r, lastFailure: { at: e.at, reason: e.reason } };
    case "said":
      return r.said === e.status ? r : { ...r, said: e.status };
    case "clock":
      return {
        ...r,
        clock: { offsetMs: e.offsetMs, errorBoundMs: e.errorBoundMs, oneWay: e.oneWay, at: e.at },
      };
    case "clock-failed":
      return { ...r, clock: { failed: true, at: e.at } };
  }
}

/** The record after several events, in order (a fleet poll brings its identity and every dataset at once). */
export function foldEvents(r: UnitRecord, events: readonly UnitEvent[]): UnitRecord {
  return events.reduce(foldUnit, r);
}
