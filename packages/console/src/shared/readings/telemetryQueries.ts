// The TanStack query of each telemetry dataset (keyed by the unit's address), shared by the cards and the early start.
import type { QueryClient } from "@tanstack/react-query";
import {
  API,
  type FieldIssue,
  TELEMETRY_SCHEMAS,
  type TelemetryDataset,
  type TelemetryOf,
} from "@trc/protocol";
import { request } from "../../api/client.ts";
import type { Loose } from "../../api/lenient.ts";
import { fedTo } from "../store/queryFeed.ts";
import { deviceKey } from "../unit/deviceSettings.ts";
import { shouldRetry } from "./datasetState.ts";
import { intervalMs, refreshMinutes } from "./refreshInterval.ts";
import { collectHistory } from "./telemetryCollect.ts";

export interface Reading<D extends TelemetryDataset> {
  data: Loose<TelemetryOf<D>>;
  issues: FieldIssue[];
}

export const telemetryKey = (base: string, dataset: TelemetryDataset) =>
  deviceKey(base, "telemetry", dataset);

/**
 * A dataset's query: its function fetches and returns, each answer then feeds the history (whoever asked). A fetch
 * that refreshes data already on screen is background traffic (it waits while a firmware upload holds the gate); the
 * first load of a dataset is not. `traffic` overrides both (the alarm watch: always background, low priority).
 */
export function datasetQuery<D extends TelemetryDataset>(
  client: QueryClient,
  base: string,
  dataset: D,
  traffic?: { background: boolean; priority: number },
) {
  const queryKey = telemetryKey(base, dataset);
  return {
    queryKey,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Reading<D>> => {
      const background = client.getQueryData(queryKey) !== undefined;
      const parsed = await request(API.telemetry(dataset), TELEMETRY_SCHEMAS[dataset], {
        base,
        background,
        signal,
        ...traffic,
      });
      return { data: parsed.data as Loose<TelemetryOf<D>>, issues: parsed.issues };
    },
    ...fedTo<Reading<D>>(client, {
      answer: (r, at) => collectHistory(dataset, r.data as Record<string, unknown>, at, base),
    }),
    refetchInterval: intervalMs(refreshMinutes(dataset)),
    refetchIntervalInBackground: true,
    retry: shouldRetry,
  };
}

/** The datasets of the dashboard's cards, in card order (uhf/ports only on a uhf unit). */
export function dashboardDatasets(mode: string): TelemetryDataset[] {
  return [
    "battery",
    "firmware",
    "storage",
    "hw/temp",
    "networking/interfaces",
    "time/sources",
    "passings",
    ...(mode === "uhf" ? (["uhf/ports"] as const) : []),
    "cellular",
    "cellular/ant",
  ];
}

/**
 * Asks for the dashboard's datasets in card order before its page chunk has even loaded (called once by the entry
 * when the console opens on the dashboard): on a slow unit this saves the chunk's download from the cold load.
 */
export function startDashboard(client: QueryClient, base: string, mode: string): void {
  for (const dataset of dashboardDatasets(mode)) {
    if (!client.getQueryState(telemetryKey(base, dataset)))
      void client.prefetchQuery(datasetQuery(client, base, dataset));
  }
}
