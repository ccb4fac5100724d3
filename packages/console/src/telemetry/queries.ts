// The TanStack query of each telemetry dataset, shared by the cards and the dashboard's early start.

import type { QueryClient } from "@tanstack/react-query";
import {
  API,
  type FieldIssue,
  TELEMETRY_SCHEMAS,
  type TelemetryDataset,
  type TelemetryOf,
} from "@trc/protocol";
import { request } from "../api/client.ts";
import type { Loose } from "../api/lenient.ts";
import { collectHistory } from "./collect.ts";
import { shouldRetry } from "./datasetState.ts";
import { intervalMs, refreshMinutes } from "./refresh.ts";

export interface Reading<D extends TelemetryDataset> {
  data: Loose<TelemetryOf<D>>;
  issues: FieldIssue[];
}

/** Datasets whose next fetch is in the foreground (page open, manual refresh), not an auto refresh. */
export const foreground = new Set<TelemetryDataset>();

export const telemetryKey = (dataset: TelemetryDataset) => ["telemetry", dataset] as const;

export function datasetQuery<D extends TelemetryDataset>(client: QueryClient, dataset: D) {
  const queryKey = telemetryKey(dataset);
  return {
    queryKey,
    queryFn: async (): Promise<Reading<D>> => {
      const background = !foreground.delete(dataset) && client.getQueryData(queryKey) !== undefined;
      const parsed = await request(API.telemetry(dataset), TELEMETRY_SCHEMAS[dataset], { background });
      const data = parsed.data as Loose<TelemetryOf<D>>;
      collectHistory(dataset, data as Record<string, unknown>, Date.now());
      return { data, issues: parsed.issues };
    },
    refetchInterval: intervalMs(refreshMinutes(dataset)),
    refetchIntervalInBackground: true,
    retry: shouldRetry,
  };
}

/**
 * Asks for the datasets in card order as soon as the page's code has loaded, before the cards render: on a slow
 * unit this saves the render time from the cold load. The cards then attach to the queries already under way.
 */
export function startDatasets(client: QueryClient, datasets: readonly TelemetryDataset[]): void {
  for (const dataset of datasets) {
    if (client.getQueryState(telemetryKey(dataset))) continue;
    foreground.add(dataset);
    void client.prefetchQuery(datasetQuery(client, dataset));
  }
}
