// The configuration page's read: the unit's settings as one TanStack query, loaded on open and on Refresh, and read
// again before each Submit (the conflict check) and each import.
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "../api/errors.ts";
import { useFlags } from "../shared/access/flags.ts";
import { deviceKey, useApiBase } from "../shared/unit/deviceSettings.ts";
import { checkForReboot } from "../shared/unit/rebootCheck.ts";
import { loadConfig } from "./configApi.ts";
import type { QuerySnapshot } from "./configEdits.ts";
import { querySnapshot } from "./configState.ts";

type Progress = { queried: number; available: number } | null;

/** The configuration query of one unit and store; the page and the check before a set share it. */
function configQuery(base: string, remote: boolean, onProgress: (p: Progress) => void) {
  return queryOptions({
    queryKey: deviceKey(base, "config", remote ? "remote" : "local"),
    queryFn: async ({ signal }) => {
      onProgress(null);
      const loaded = await loadConfig(remote, {
        base,
        signal,
        onProgress: (queried, available) => onProgress({ queried, available }),
      });
      // The banner may be up from before a reboot the console did not see (e.g. REBOOT from the commands page).
      void checkForReboot();
      return loaded;
    },
    // Loaded whenever the page opens (SPEC §2) and on Refresh, never shown from an old visit (values change by saving);
    // a failed load is shown, not retried behind the user's back.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useConfigRead() {
  const [progress, setProgress] = useState<Progress>(null);
  const remote = useFlags((s) => s.flags.config.useRemoteStore);
  const base = useApiBase();
  const client = useQueryClient();
  const options = configQuery(base, remote, setProgress);
  const { isFetching, data, dataUpdatedAt, error, refetch } = useQuery(options);
  const snapshot: QuerySnapshot = querySnapshot({
    isFetching,
    error: error ? errorText(error) : null,
    data,
    dataUpdatedAt,
    progress,
  });
  return {
    snapshot,
    refresh: () => void refetch(),
    /** Reads the configuration again through the query (one GET of the values for the built-in store). */
    reread: () => client.fetchQuery({ ...options, staleTime: 0 }),
    /** The query's answer now (its dataUpdatedAt): a value set lands on it. */
    version: () => client.getQueryState(options.queryKey)?.dataUpdatedAt ?? 0,
  };
}
