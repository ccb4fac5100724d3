// What a fleet row shows of a unit: its record's state, figures, alarms and Ready check (shared/unit/derive.ts, the same
// derivation as the unit's own dashboard), the colour; sorting and summary.
import type { ClockSpread } from "../shared/clock/clockSpread.ts";
import { MISSING } from "../shared/readings/telemetryFormat.ts";
import { readySummary } from "../shared/ready/readyRules.ts";
import {
  type ListedText,
  type UnitContext,
  type UnitState,
  unitAlarms,
  unitReady,
  unitState,
} from "../shared/unit/derive.ts";
import { unitFigures } from "../shared/unit/figures.ts";
import type { ClockReading, UnitRecord } from "../shared/unit/record.ts";

export type { UnitState };
/** The row's colour, worst first: offline, alarms, still checking, fine. */
export type RowLevel = "offline" | "alarm" | "checking" | "ok";
const LEVEL_RANK: Record<RowLevel, number> = { offline: 0, alarm: 1, checking: 2, ok: 3 };

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
  /** The unit's clock as its record holds it (a sync's offset and bound, a broker's one-way figure, a failed sync, or
   * null): what the Clock column says, compared across the fleet (fleet/fleetClocks.ts). */
  clockReading: ClockReading | null;
  firmware: string;
  /** The alarms as the unit's own alarm panel lists them (acknowledged ones marked), or the conditions that hold. */
  alarms: string[];
  /** The Ready check's verdict and failing items ("Ready", "Not ready: Battery, Storage"); — while checking. */
  ready?: string;
  level: RowLevel;
  /** Why the last request got no answer, when it did not. */
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

/** The row's colour: offline, alarms, checking, fine. */
export function rowLevel(state: UnitState, alarms: readonly string[]): RowLevel {
  return state === "offline" ? "offline" : alarms.length ? "alarm" : state === "checking" ? "checking" : "ok";
}

/** An alarm panel's entry as a row lists it. */
export const listedText = (a: ListedText) => (a.acknowledged ? `${a.text} (acknowledged)` : a.text);

/**
 * What every row says of a unit from its record: state, figures, alarms (the panel's list where the console holds
 * one: `listed`), and its Ready column, computed when first read (only drawn rows read it: 500 units, a window drawn).
 */
export function unitRow(
  record: UnitRecord | undefined,
  ctx: UnitContext,
  listed: readonly ListedText[] | null,
): Pick<FleetRow, "state" | "lastAnswer" | "clockReading" | "alarms" | "level" | "ready"> &
  ReturnType<typeof unitFigures> {
  const state = unitState(record, ctx.now);
  const alarms = listed ? listed.map(listedText) : unitAlarms(record, ctx).map((a) => a.text);
  const row = {
    state,
    lastAnswer: record?.lastAnswerAt ?? null,
    ...unitFigures(record),
    clockReading: record?.clock ?? null,
    alarms,
    level: rowLevel(state, alarms),
  };
  let ready: string | undefined;
  return Object.defineProperty(row, "ready", {
    enumerable: true,
    get: () =>
      (ready ??=
        state === "checking" || !record
          ? MISSING
          : state === "offline"
            ? "Not ready: Unit offline"
            : readySummary(unitReady(record, ctx, listed))),
  }) as typeof row & { ready: string };
}

/**
 * A polled unit's row. `listed`: the alarm panel's list when this is the unit the console talks to (its alarms and
 * Ready column count acknowledgements, as its dashboard), else null.
 */
export function rowOf(
  address: string,
  isThis: boolean,
  record: UnitRecord | undefined,
  ctx: UnitContext,
  listed: readonly ListedText[] | null = null,
): FleetRow {
  const name = record?.name || address;
  const failure = record?.lastFailure;
  const failing = failure && failure.at >= (record?.lastAnswerAt ?? 0);
  // Assigned onto the derived part, not spread: its Ready column stays computed when first read.
  return Object.assign(unitRow(record, ctx, listed), {
    address,
    isThis,
    name,
    problem: failing ? failure.reason : null,
    source: "Polled",
    detail: name === address ? "" : address,
    opens: isThis ? "" : address,
    openWhy: null,
  });
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

/** What the summary adds when the units' clocks disagree (issue 41, item 5): the fleet is not ready for a race. */
export const CLOCKS_NOT_READY = "Not ready: clocks disagree";

/**
 * The line above the table with the fleet's readiness: `summaryText`, and ` · Not ready: clocks disagree` when the
 * units' clocks are further apart than the Ready check's 100 ms (`spread`: fleet/fleetClocks.ts); otherwise its words alone.
 */
export function fleetSummaryText(rows: readonly FleetRow[], spread: ClockSpread | null): string {
  const text = summaryText(rows);
  return spread && !spread.agree ? `${text} · ${CLOCKS_NOT_READY}` : text;
}

/** The summary's colour: the worst row's, and at least `alarm` while the units' clocks disagree. */
export function fleetLevel(rows: readonly FleetRow[], spread: ClockSpread | null): RowLevel {
  const worst = worstLevel(rows);
  return spread && !spread.agree && LEVEL_RANK[worst] > LEVEL_RANK.alarm ? "alarm" : worst;
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
