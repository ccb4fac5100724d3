// The fleet's queries: each unit's poll and clock sync with useQueries; the rows are their units' records as the one
// derivation says them (shared/unit/derive.ts), with the alarm panel's list for the unit the console talks to.
import { type QueryClient, type UseQueryResult, useQueries } from "@tanstack/react-query";
import { unitKey } from "../api/connection.ts";
import { useAlarms } from "../shared/alarms/alarmStore.ts";
import { timingNotNeeded, useReadySettings } from "../shared/ready/readySettings.ts";
import { useApiBase } from "../shared/unit/deviceSettings.ts";
import { useAllRecords } from "../shared/unit/records.ts";
import { useNow } from "../ui/useNow.ts";
import { type FleetRow, rowOf } from "./model.ts";
import { fleetClockQuery, fleetQuery } from "./poll.ts";

/** How often the rows' clock ticks (the time-based alarms: offline, no reads for N min). */
export const ROW_TICK_MS = 5000;

/** Whether each poll has an answer: the clock sync starts once its unit answered. */
const answered = (results: UseQueryResult<unknown>[]) => results.map((r) => r.status === "success");

/**
 * Polls these units (every 15 s) and syncs each one's clock (once it answered, then every 5 min); gives their rows
 * as their records stand now, with the alarm panel's list (acknowledgements show at once) for the chosen unit.
 */
export function useFleetRows(
  client: QueryClient,
  addresses: readonly string[],
  here: string,
  noReadsMinutes: number,
): FleetRow[] {
  const polled = useQueries({ queries: addresses.map((a) => fleetQuery(client, a)), combine: answered });
  useQueries({ queries: addresses.map((a, i) => fleetClockQuery(a, polled[i] === true)) });
  const records = useAllRecords();
  const now = useNow(ROW_TICK_MS);
  const raceHours = useReadySettings((s) => s.raceHours);
  const notNeeded = useReadySettings((s) => s.timingNotNeeded);
  const chosen = useApiBase();
  const listed = useAlarms((s) => s.list);
  return addresses.map((a) =>
    rowOf(
      a,
      a === here,
      records[unitKey(a)],
      { now, noReadsMinutes, raceHours, timingNotNeeded: timingNotNeeded(notNeeded, a) },
      a === chosen ? listed : null,
    ),
  );
}
