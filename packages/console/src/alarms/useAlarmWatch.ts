// The background alarm watch, mounted once in the layout: the readings the rules need as queries sharing the
// dashboard's cache (refreshed when 30 s old; race control's timing dataset the header's query, every 5 s), the rules
// evaluated every second, a beep on new alarms (the tab title reads the store: app/useDeviceIdentity).
import {
  type QueryClient,
  type UseQueryResult,
  useQueries,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { ALARM_WATCH_INTERVAL_MS, type TelemetryDataset } from "@trc/protocol";
import { useEffect, useEffectEvent } from "react";
import { useConnection } from "../api/connection.ts";
import { useHeartbeat } from "../api/heartbeat.ts";
import { type AlarmReadings, alarmRules, remember } from "../shared/alarms/alarmRules.ts";
import { useAlarms } from "../shared/alarms/alarmStore.ts";
import { clockResultQuery, clockView } from "../shared/clock/clockQuery.ts";
import { timingQuery, useTimingIntent } from "../shared/race/timing.ts";
import { backlog, passingsPoints } from "../shared/readings/backlog.ts";
import { history } from "../shared/readings/telemetryHistory.ts";
import { datasetQuery, type Reading } from "../shared/readings/telemetryQueries.ts";
import { useApiBase } from "../shared/unit/deviceSettings.ts";
import { useDeviceMode } from "../shared/unit/unit.ts";
import { beep } from "../ui/beep.ts";

/** After the dashboard's own requests and the clock sync; always background (paused during a firmware upload). */
export const WATCH_TRAFFIC = { background: true, priority: -2 } as const;
const TICK_MS = 1000;
/** The shortest wait between two reads of a dataset by the watch. */
const MIN_WAIT_MS = 1000;

const UNCANCELLED = new AbortController().signal;

/** The datasets the rules read, uhf/ports last (only on a uhf unit). */
const WATCHED = ["battery", "storage", "hw/temp", "cellular", "passings", "uhf/ports"] as const;
type Watched = (typeof WATCHED)[number];

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

/** A dataset's latest reading and when it came; an errored one is emptied, as on its card. */
type Latest = { data?: Reading<TelemetryDataset>["data"]; at: number } | undefined;

function latestOf(results: UseQueryResult<Reading<TelemetryDataset>>[]): Partial<Record<Watched, Latest>> {
  return Object.fromEntries(
    results.map((r, i) => [
      WATCHED[i],
      r.status === "success" ? { data: r.data.data, at: r.dataUpdatedAt } : undefined,
    ]),
  );
}

export function useAlarmWatch(): void {
  const client = useQueryClient();
  const base = useApiBase();
  const mode = useDeviceMode();
  const reachable = useConnection((s) => s.online !== false);
  useHeartbeat();
  const datasets = mode === "uhf" ? WATCHED : WATCHED.filter((d) => d !== "uhf/ports");
  const latest = useQueries({
    queries: datasets.map((d) => watchQuery(client, base, d, reachable)),
    combine: latestOf,
  });
  const clock = clockView(useQuery(clockResultQuery(base)));
  // The header's query (same key and interval: no extra reads), never cancelled by an unmount as the others; null
  // for a unit without race control.
  const header = timingQuery(base);
  const timing = useQuery({
    ...header,
    queryFn: () => header.queryFn({ signal: UNCANCELLED }),
    enabled: reachable,
  });

  const evaluate = useEffectEvent((now: number, since: number) => {
    const battery = latest.battery?.data as AlarmReadings["battery"];
    const storage = latest.storage?.data as AlarmReadings["storage"];
    const temps = (latest["hw/temp"]?.data as { temps?: AlarmReadings["temps"] } | undefined)?.temps;
    const cellular = latest.cellular?.data as AlarmReadings["cellular"];
    const ports = latest["uhf/ports"];
    const channels = (ports?.data as { channels?: AlarmReadings["channels"] } | undefined)?.channels;
    const passings = latest.passings;
    const seen = (passings?.data as { seen?: number } | undefined)?.seen;
    const store = useAlarms.getState();
    let memory = store.memory;
    if (ports?.data) memory = remember(memory, { channels, at: ports.at });
    if (passings?.data) memory = remember(memory, { seen, at: passings.at });
    if (timing.data) {
      const stopAsked = useTimingIntent.getState().stopAsked[base];
      memory = remember(memory, { timing: timing.data, stopAsked, at: timing.dataUpdatedAt });
    }
    store.remember(memory);
    const conn = useConnection.getState();
    const current = alarmRules(
      {
        now,
        connection: { online: conn.online, lastAnswerAt: conn.lastAnswerAt, since },
        battery,
        storage,
        temps,
        cellular,
        channels: mode === "uhf" ? channels : undefined,
        clockOffsetMs: clock.estimate?.offsetMs ?? null,
        noReadsMinutes: store.noReadsMinutes,
        // The unit's passings readings kept since the page opened (every answer, whoever asked: the watch reads every 30 s).
        backlog: backlog(passingsPoints(history("passings:left", base), history("passings:seen", base)), now),
      },
      memory,
    );
    if (store.update(current, now).length && store.sound) beep();
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: starts again (a new `since`) when the unit changes
  useEffect(() => {
    const since = Date.now();
    evaluate(since, since);
    const id = setInterval(() => evaluate(Date.now(), since), TICK_MS);
    return () => clearInterval(id);
  }, [base]);
}
