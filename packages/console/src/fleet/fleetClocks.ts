// Whether the event's clocks agree (issue 41, item 5), pure: each row's unit's offset against the browser as its record
// holds it (polled: the fleet's sync, with its bound; broker: one way), compared by the shared clockSpread, and the
// disclosure's lines (each unit's offset, then the units left out and why).
import { type ClockSpread, clockSpread, type UnitClock, unitClockText } from "../shared/clock/clockSpread.ts";
import type { FleetRow } from "./model.ts";

export interface FleetClocks {
  /** How far apart the compared units' clocks are, or null: fewer than two units with a clock figure. */
  spread: ClockSpread | null;
  /** The line under the summary: the spread's text, or why there is none. */
  text: string;
  /**
   * Each unit compared, earliest clock first (`DECODER-01 −3 ms ± 2 ms (sync)`), then each unit left out and why
   * (`DECODER-02: not compared (offline)`); `unit` is its row's address (one line per row).
   */
  lines: { unit: string; text: string }[];
}

/** The line when fewer than two units have a clock figure to compare. */
export const CLOCKS_NOT_COMPARED = "Clocks not compared: fewer than two units with a clock offset";

/**
 * A row's unit's clock as compared, or why it is left out: an Offline unit (its readings are old, as for its alarms),
 * a failed sync, or no figure yet (its first sync, or a broker unit's first live `time/sources`).
 */
export function rowClock(row: FleetRow): UnitClock | { name: string; why: string } {
  const c = row.clockReading;
  if (row.state === "offline") return { name: row.name, why: "offline" };
  if (!c || ("offsetMs" in c && !Number.isFinite(c.offsetMs)))
    return { name: row.name, why: "not measured yet" };
  if ("failed" in c) return { name: row.name, why: "clock sync failed" };
  return {
    name: row.name,
    offsetMs: c.offsetMs,
    errorBoundMs: c.errorBoundMs,
    how: c.oneWay ? "one way" : "sync",
  };
}

/** The fleet's clocks: their spread, the line's text and the disclosure's lines. */
export function fleetClocks(rows: readonly FleetRow[]): FleetClocks {
  const compared: { unit: string; clock: UnitClock }[] = [];
  const left: FleetClocks["lines"] = [];
  for (const r of rows) {
    const c = rowClock(r);
    if ("why" in c) left.push({ unit: r.address, text: `${c.name}: not compared (${c.why})` });
    else compared.push({ unit: r.address, clock: c });
  }
  const spread = clockSpread(compared.map((c) => c.clock));
  const lines = [
    ...compared
      .toSorted((a, b) => a.clock.offsetMs - b.clock.offsetMs)
      .map((c) => ({ unit: c.unit, text: unitClockText(c.clock) })),
    ...left,
  ];
  return { spread, text: spread ? spread.text : CLOCKS_NOT_COMPARED, lines };
}
