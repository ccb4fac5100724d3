// One telemetry dataset as a TanStack query: fetched on open, on manual refresh and on its auto interval.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { FieldIssue, TelemetryDataset, TelemetryOf } from "@trc/protocol";
import type { Loose } from "../api/lenient.ts";
import { type DatasetState, datasetState } from "../shared/readings/datasetState.ts";
import { refreshMinutes } from "../shared/readings/refreshInterval.ts";
import { datasetQuery } from "../shared/readings/telemetryQueries.ts";
import { useApiBase } from "../shared/unit/deviceSettings.ts";

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
  const base = useApiBase();
  const q = useQuery(datasetQuery(client, base, dataset));
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
      void q.refetch();
    },
  };
}
