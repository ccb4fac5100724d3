// The background alarm watch, mounted once in the layout: the readings the rules need as queries sharing the
// dashboard's cache (refreshed when 30 s old; race control's timing dataset the header's query, every 5 s), the rules
// derived from the unit's record every second, a beep on new alarms (the tab title reads the store: app/useDeviceIdentity).
import { type QueryClient, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { ALARM_WATCH_INTERVAL_MS, type TelemetryDataset } from "@trc/protocol";
import { useEffect, useEffectEvent } from "react";
import { useConnection } from "../api/connection.ts";
import { useHeartbeat } from "../api/heartbeat.ts";
import { useAlarms } from "../shared/alarms/alarmStore.ts";
import { clockResultQuery } from "../shared/clock/clockQuery.ts";
import { timingQuery } from "../shared/race/timing.ts";
import { datasetQuery } from "../shared/readings/telemetryQueries.ts";
import { hasGps, unitAlarms } from "../shared/unit/derive.ts";
import { useApiBase } from "../shared/unit/deviceSettings.ts";
import { followUnits, recordOf, useUnitRecord } from "../shared/unit/records.ts";
import { useDeviceMode } from "../shared/unit/unit.ts";
import { beep } from "../ui/beep.ts";

/** After the dashboard's own requests and the clock sync; always background (paused during a firmware upload). */
export const WATCH_TRAFFIC = { background: true, priority: -2 } as const;
const TICK_MS = 1000;
/** The shortest wait between two reads of a dataset by the watch. */
const MIN_WAIT_MS = 1000;

const UNCANCELLED = new AbortController().signal;

/**
 * The datasets the rules read: uhf/ports only on a uhf unit; time/sources (the source the clock follows), and gnss only
 * on a unit that has GPS among its sources (a unit without GPS answers 404 for it).
 */
const WATCHED = [
  "battery",
  "storage",
  "hw/temp",
  "cellular",
  "passings",
  "time/sources",
  "uhf/ports",
  "gnss",
] as const;

/** The watched datasets of a unit of `mode`, with GPS or not. */
export function watchedDatasets(mode: string | null, gps: boolean): TelemetryDataset[] {
  return WATCHED.filter((d) => (d !== "uhf/ports" || mode === "uhf") && (d !== "gnss" || gps));
}

/**
 * How long until a dataset is due again: the watch interval after its last answer (data or error, whoever asked:
 * the dashboard's card or the watch), at least a second; 0 when never answered.
 */
export function watchWait(state: { dataUpdatedAt: number; errorUpdatedAt: number }, now: number): number {
  const last = Math.max(state.dataUpdatedAt, state.errorUpdatedAt);
  if (!last) return 0;
  return Math.max(MIN_WAIT_MS, last + ALARM_WATCH_INTERVAL_MS - now);
}

/**
 * The watch's options for one dataset: the card's query (same key and cache), low priority, refetched when its
 * last answer is 30 s old. A unit that does not answer is left to the heartbeat (`reachable` false): six timed-out
 * reads would hold its 2 slots for minutes.
 */
export function watchQuery<D extends TelemetryDataset>(
  client: QueryClient,
  base: string,
  dataset: D,
  reachable: boolean,
) {
  const card = datasetQuery(client, base, dataset, WATCH_TRAFFIC);
  return {
    ...card,
    // Never cancelled by an unmount (StrictMode's second mount joins the read under way instead of repeating it).
    queryFn: () => card.queryFn({ signal: UNCANCELLED }),
    enabled: reachable,
    staleTime: ALARM_WATCH_INTERVAL_MS,
    refetchInterval: (q: { state: { dataUpdatedAt: number; errorUpdatedAt: number } }) =>
      watchWait(q.state, Date.now()) || MIN_WAIT_MS,
    refetchIntervalInBackground: true,
  };
}

export function useAlarmWatch(): void {
  const client = useQueryClient();
  const base = useApiBase();
  const mode = useDeviceMode();
  const reachable = useConnection((s) => s.online !== false);
  useHeartbeat();
  const gps = hasGps(useUnitRecord(base));
  const datasets = watchedDatasets(mode, gps);
  // The readings the rules need are read here (the cards' queries, their cache); what they say is the unit's record's.
  useQueries({ queries: datasets.map((d) => watchQuery(client, base, d, reachable)) });
  useQuery(clockResultQuery(base));
  // The header's query (same key and interval: no extra reads), never cancelled by an unmount as the others; null
  // for a unit without race control.
  const header = timingQuery(base);
  useQuery({ ...header, queryFn: () => header.queryFn({ signal: UNCANCELLED }), enabled: reachable });
  followUnits(client);

  const evaluate = useEffectEvent((now: number) => {
    const store = useAlarms.getState();
    const alarms = unitAlarms(recordOf(base), { now, noReadsMinutes: store.noReadsMinutes });
    if (store.update(alarms, now).length && store.sound) beep();
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: starts again when the unit changes
  useEffect(() => {
    evaluate(Date.now());
    const id = setInterval(() => evaluate(Date.now()), TICK_MS);
    return () => clearInterval(id);
  }, [base]);
}
