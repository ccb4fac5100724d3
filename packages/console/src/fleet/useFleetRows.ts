// The fleet's queries: one poller per unit (useQuery, so the page needs no extra library code) and the rows read
// back from the query cache whenever a fleet query changes.
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { memo, useEffect, useReducer } from "react";
import type { ClockEstimate } from "../telemetry/timeSync.ts";
import { type FleetRow, type QueryView, rowOf } from "./model.ts";
import { type FleetReading, fleetClockKey, fleetClockQuery, fleetKey, fleetQuery } from "./poll.ts";

const PENDING: QueryView<never> = { status: "pending", dataUpdatedAt: 0, errorUpdatedAt: 0 };

/** Polls one unit (every 15 s) and syncs its clock (once it answered, then every 5 min); renders nothing. */
export const UnitPoller = memo(function UnitPoller({ address }: { address: string }) {
  const client = useQueryClient();
  const poll = useQuery(fleetQuery(client, address));
  useQuery(fleetClockQuery(address, poll.status === "success"));
  return null;
});

/** The rows of these units as their queries stand now; re-renders when any fleet query changes. */
export function useFleetRows(
  client: QueryClient,
  addresses: readonly string[],
  here: string,
  noReadsMinutes: number,
): FleetRow[] {
  const [, changed] = useReducer((n: number) => n + 1, 0);
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[2] !== "fleet") return;
        // What a row shows changes with an answer or a failure (or a unit added or removed), not when a fetch starts.
        const shown =
          event.type !== "updated" || event.action.type === "success" || event.action.type === "error";
        if (shown) changed();
      }),
    [client],
  );
  const now = Date.now();
  return addresses.map((a) => {
    const poll = (client.getQueryState<FleetReading>(fleetKey(a)) as QueryView<FleetReading>) ?? PENDING;
    const clock = client.getQueryState<ClockEstimate>(fleetClockKey(a)) as
      | QueryView<ClockEstimate>
      | undefined;
    return rowOf(a, a === here, poll, clock, noReadsMinutes, now);
  });
}
