// The units a profile is compared with and applied to: the polled units, then the broker units whose identity gives
// their address (each address once), with their mode for D12's second confirmation; the unit of a row's Profile cell.
import type { UnitMode } from "../shared/race/timingGuard.ts";
import type { UnitRecord } from "../shared/unit/record.ts";
import type { BrokerView } from "./brokerFeed.ts";
import type { FleetRow } from "./model.ts";

/** A unit a profile can be applied to: a polled unit, or a broker unit whose identity gives its address. */
export interface ProfileTarget {
  unit: string;
  name: string;
  /** From the fleet's timing reading: test, timing, null (no race control), undefined (not known). */
  mode: UnitMode;
}

const modeOf = (r: UnitRecord | undefined): UnitMode =>
  r?.data.timing === null ? null : r?.data.timing?.mode;

/** The polled units, then the broker units with an address (each address once). */
export function profileTargets(
  polled: readonly FleetRow[],
  records: Readonly<Record<string, UnitRecord>>,
  views: readonly BrokerView[],
): ProfileTarget[] {
  const targets = polled.map((r) => ({ unit: r.address, name: r.name, mode: modeOf(records[r.address]) }));
  for (const u of views.flatMap((v) => v.units))
    if (u.address && !targets.some((t) => t.unit === u.address))
      targets.push({ unit: u.address, name: u.record.name || u.id, mode: modeOf(u.record) });
  return targets;
}

/** The unit a row's Profile cell is of: a polled row's address, a broker row's address (null: none). */
export const profileUnitOf = (row: FleetRow): string | null =>
  row.source === "Polled" ? row.address : row.opens || null;
