// The background alarm watch, mounted once in the layout: fetches what the rules need (sharing the dashboard's
// cache), evaluates the rules every second and beeps on new alarms (the tab title reads the store: app/useDeviceIdentity).
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { ALARM_WATCH_INTERVAL_MS, type TelemetryDataset } from "@trc/protocol";
import { useEffect } from "react";
import { useConnection } from "../api/connection.ts";
import { useApiBase, useDeviceSettings } from "../shared/deviceSettings.ts";
import { useClock } from "../telemetry/clockStore.ts";
import { useHeartbeat } from "../telemetry/heartbeat.ts";
import { datasetQuery, type Reading, telemetryKey } from "../telemetry/queries.ts";
import { beep } from "./beep.ts";
import { alarmRules, remember } from "./rules.ts";
import { useAlarms } from "./store.ts";

/** After the dashboard's own requests and the clock sync; always background (paused during a firmware upload). */
export const WATCH_TRAFFIC = { background: true, priority: -2 } as const;
const TICK_MS = 1000;

/** Due when never fetched, or last answered (data or error) at least the watch interval ago, and not under way. */
export function watchDue(
  state: { dataUpdatedAt: number; errorUpdatedAt: number; fetchStatus: string } | undefined,
  now: number,
): boolean {
  if (!state) return true;
  if (state.fetchStatus === "fetching") return false;
  return now - Math.max(state.dataUpdatedAt, state.errorUpdatedAt) >= ALARM_WATCH_INTERVAL_MS;
}

/** A dataset's latest reading in the shared cache (asked for when due); an errored one is emptied, as on its card. */
function latest<D extends TelemetryDataset>(client: QueryClient, base: string, dataset: D, now: number) {
  const state = client.getQueryState<Reading<D>>(telemetryKey(base, dataset));
  // A unit that does not answer is left to the heartbeat: six timed-out reads would hold its 2 slots for minutes.
  const reachable = useConnection.getState().online !== false;
  if (reachable && watchDue(state, now))
    void client.prefetchQuery(datasetQuery(client, base, dataset, WATCH_TRAFFIC));
  return state?.status === "success" ? { data: state.data?.data, at: state.dataUpdatedAt } : { at: now };
}

export function useAlarmWatch(): void {
  const client = useQueryClient();
  const base = useApiBase();
  const mode = useDeviceSettings((s) => s.deviceMode);
  useHeartbeat();

  // Another unit: nothing it remembers or lists is about this one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the unit changes
  useEffect(() => useAlarms.getState().reset(), [base]);

  useEffect(() => {
    const since = Date.now();
    const tick = () => {
      const now = Date.now();
      const battery = latest(client, base, "battery", now).data;
      const storage = latest(client, base, "storage", now).data;
      const temps = latest(client, base, "hw/temp", now).data?.temps;
      const cellular = latest(client, base, "cellular", now).data;
      const ports = mode === "uhf" ? latest(client, base, "uhf/ports", now) : null;
      const passings = latest(client, base, "passings", now);
      const store = useAlarms.getState();
      let memory = store.memory;
      if (ports?.data) memory = remember(memory, { channels: ports.data.channels, at: ports.at });
      if (passings.data) memory = remember(memory, { seen: passings.data.seen, at: passings.at });
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
          channels: ports?.data?.channels,
          clockOffsetMs: useClock.getState().estimate?.offsetMs ?? null,
          noReadsMinutes: store.noReadsMinutes,
        },
        memory,
      );
      if (store.update(current, now).length && store.sound) beep();
    };
    tick();
    const id = setInterval(tick, TICK_MS);
    return () => clearInterval(id);
  }, [client, base, mode]);
}
