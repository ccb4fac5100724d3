// Loads the command list as a TanStack query (local by default, the unit's remote store behind its flag) with progress.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { send } from "../api/client.ts";
import { errorText } from "../api/errors.ts";
import { deviceKey, useApiBase } from "../shared/unit/deviceSettings.ts";
import { type CommandListResult, localCommandList, remoteCommandList } from "./commandList.ts";

export interface CommandListState {
  loading: boolean;
  queried: number;
  available: number;
  result: CommandListResult | null;
  reload(): void;
}

export function useCommandList(remote: boolean): CommandListState {
  const base = useApiBase();
  const [progress, setProgress] = useState({ queried: 0, available: 0 });
  const query = useQuery({
    queryKey: deviceKey(base, "commands", remote ? "remote" : "local"),
    queryFn: async ({ signal }): Promise<CommandListResult> => {
      if (!remote) return localCommandList();
      setProgress({ queried: 0, available: 0 });
      try {
        return await remoteCommandList({
          fetcher: (path) => send(path, { base, signal }),
          signal,
          onProgress: (queried, available) => setProgress({ queried, available }),
        });
      } catch (err) {
        // A list that cannot be read is shown as the reason, never as an empty page.
        if (signal.aborted) throw err;
        return { commands: [], problems: [], skipped: 0, error: errorText(err) };
      }
    },
    // The local list is there at once and never changes; the remote one is read again on each visit and on Reload.
    ...(remote ? { staleTime: 0 } : { initialData: localCommandList, staleTime: Number.POSITIVE_INFINITY }),
    retry: false,
  });
  const result = query.data ?? null;
  const loading = query.isFetching;
  const done = result ? { queried: result.commands.length, available: result.commands.length } : progress;
  return {
    loading,
    ...(loading ? progress : done),
    result,
    reload: () => void query.refetch(),
  };
}
