// One telemetry dataset as a TanStack query: fetched on open, on manual refresh (foreground) and on its auto interval (background).

import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { FieldIssue, TelemetryDataset, TelemetryOf } from "@trc/protocol";
import { useState } from "react";
import type { Loose } from "../api/lenient.ts";
import { type DatasetState, datasetState } from "./datasetState.ts";
import { datasetQuery, foreground } from "./queries.ts";
import { refreshMinutes } from "./refresh.ts";

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

export function useDataset<D extends TelemetryDataset>(dataset: D): Dataset<D> {
  const client = useQueryClient();
  // A fetch on mount (opening the page again) is in the foreground too.
  useState(() => foreground.add(dataset));
  const q = useQuery(datasetQuery(client, dataset));
  const loaded = q.status === "success";
  return {
    dataset,
    minutes: refreshMinutes(dataset),
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
