// The fleet's queries: each unit's poll and clock sync with useQueries, combined with the fleet's history and the alarm
// panel's list into the table's rows.
import { type QueryClient, type UseQueryResult, useQueries } from "@tanstack/react-query";
import { useAlarms } from "../shared/alarms/alarmStore.ts";
import type { ClockEstimate } from "../shared/clock/timeSync.ts";
import { timingNotNeeded, useReadySettings } from "../shared/ready/readySettings.ts";
import { useApiBase } from "../shared/unit/deviceSettings.ts";
import { useNow } from "../ui/useNow.ts";
import { useFleetHistory } from "./fleetHistory.ts";
import { type FleetRow, type QueryView, rowOf } from "./model.ts";
import { fleetClockQuery, fleetQuery } from "./poll.ts";

/** How often the rows' clock ticks (the time-based alarms: offline, no reads for N min). */
export const ROW_TICK_MS = 5000;

/** What a row reads of a query: its answer or failure, not whether a fetch is under way (a row is not redrawn then). */
function views<T>(results: UseQueryResult<T>[]): QueryView<T>[] {
  return results.map(({ status, data, dataUpdatedAt, errorUpdatedAt, error }) => ({
    status,
    data,
    dataUpdatedAt,
    errorUpdatedAt,
    error,
  }));
}

/**
 * Polls these units (every 15 s) and syncs each one's clock (once it answered, then every 5 min); gives their rows
 * as the queries, the history of their answers and the alarm panel (acknowledgements show at once) stand now.
 */
export function useFleetRows(
  client: QueryClient,
  addresses: readonly string[],
  here: string,
  noReadsMinutes: number,
): FleetRow[] {
  const readings = useFleetHistory((s) => s.units);
  const polls = useQueries({
    queries: addresses.map((a) => fleetQuery(client, a, readings[a])),
    combine: views,
  });
  const clocks = useQueries({
    queries: addresses.map((a, i) => fleetClockQuery(a, polls[i]?.status === "success")),
    combine: views<ClockEstimate>,
  });
  const now = useNow(ROW_TICK_MS);
  const raceHours = useReadySettings((s) => s.raceHours);
  const notNeeded = useReadySettings((s) => s.timingNotNeeded);
  const chosen = useApiBase();
  const listed = useAlarms((s) => s.list);
  return addresses.map((a, i) => {
    const poll = { ...(polls[i] as QueryView<unknown>), data: readings[a] };
    return rowOf(
      a,
      a === here,
      poll,
      clocks[i],
      noReadsMinutes,
      now,
      raceHours,
      a === chosen ? listed : null,
      timingNotNeeded(notNeeded, a),
    );
  });
}
