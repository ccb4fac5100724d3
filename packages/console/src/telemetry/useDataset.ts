// One telemetry dataset as a TanStack query: fetched on open, on manual refresh (foreground) and on its auto interval (background).

import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  API,
  type FieldIssue,
  TELEMETRY_SCHEMAS,
  type TelemetryDataset,
  type TelemetryOf,
} from "@trc/protocol";
import { useState } from "react";
import { request } from "../api/client.ts";
import type { Loose } from "../api/lenient.ts";
import { type DatasetState, datasetState, shouldRetry } from "./datasetState.ts";
import { intervalMs, refreshMinutes } from "./refresh.ts";

export interface Dataset<D extends TelemetryDataset> {
  dataset: D;
  minutes: number;
  state: DatasetState;
  /** Only while loaded: an errored dataset is emptied. */
  data: Loose<TelemetryOf<D>> | undefined;
  issues: readonly FieldIssue[];
  error: unknown;
  loading: boolean;
  refresh(): void;
}

/** Datasets whose next fetch is in the foreground (page open, manual refresh), not an auto refresh. */
const foreground = new Set<TelemetryDataset>();

export function useDataset<D extends TelemetryDataset>(
  dataset: D,
  collect?: (data: Loose<TelemetryOf<D>>, at: number) => void,
): Dataset<D> {
  const client = useQueryClient();
  const queryKey = ["telemetry", dataset];
  useState(() => foreground.add(dataset));
  const minutes = refreshMinutes(dataset);
  const q = useQuery({
    queryKey,
    queryFn: async () => {
      const background = !foreground.delete(dataset) && client.getQueryData(queryKey) !== undefined;
      const parsed = await request(API.telemetry(dataset), TELEMETRY_SCHEMAS[dataset], { background });
      const data = parsed.data as Loose<TelemetryOf<D>>;
      collect?.(data, Date.now());
      return { data, issues: parsed.issues };
    },
    refetchInterval: intervalMs(minutes),
    refetchIntervalInBackground: true,
    retry: shouldRetry,
  });
  const loaded = q.status === "success";
  return {
    dataset,
    minutes,
    state: datasetState(q.status, q.fetchStatus === "fetching"),
    data: loaded ? q.data.data : undefined,
    issues: loaded ? q.data.issues : [],
    error: q.status === "error" ? q.error : null,
    loading: q.fetchStatus === "fetching",
    refresh() {
      foreground.add(dataset);
      void q.refetch();
    },
  };
}
