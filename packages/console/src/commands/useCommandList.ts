// Loads the command list for the page (local by default, remote store behind its flag) with progress and reload.
import { useCallback, useEffect, useRef, useState } from "react";
import { send } from "../api/client.ts";
import { errorText } from "../api/errors.ts";
import { type CommandListResult, localCommandList, remoteCommandList } from "./commandList.ts";

export interface CommandListState {
  loading: boolean;
  queried: number;
  available: number;
  result: CommandListResult | null;
  reload(): void;
}

export function useCommandList(remote: boolean): CommandListState {
  const [loading, setLoading] = useState(true);
  const [progress, setProgress] = useState({ queried: 0, available: 0 });
  const [result, setResult] = useState<CommandListResult | null>(null);
  const [round, setRound] = useState(0);
  const current = useRef<AbortController | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` changes to reload on request
  useEffect(() => {
    current.current?.abort();
    const ctl = new AbortController();
    current.current = ctl;
    setLoading(true);
    setProgress({ queried: 0, available: 0 });
    const load = remote
      ? remoteCommandList({
          fetcher: (path) => send(path, { signal: ctl.signal }),
          signal: ctl.signal,
          onProgress: (queried, available) => {
            if (!ctl.signal.aborted) setProgress({ queried, available });
          },
        })
      : Promise.resolve(localCommandList());
    load
      .then((r) => {
        if (ctl.signal.aborted) return;
        setResult(r);
        setProgress({ queried: r.commands.length, available: r.commands.length });
      })
      .catch((err: unknown) => {
        if (ctl.signal.aborted) return;
        setResult({ commands: [], problems: [], skipped: 0, error: errorText(err) });
      })
      .finally(() => {
        if (!ctl.signal.aborted) setLoading(false);
      });
    return () => ctl.abort();
  }, [remote, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { loading, ...progress, result, reload };
}
