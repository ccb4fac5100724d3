// The configuration page's hook: the settings as a TanStack query (on open and on Refresh), inputs edited and submitted one at a time.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { ConfigValue } from "@trc/protocol";
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from "react";
import { errorText } from "../api/errors.ts";
import { deviceKey, useApiBase } from "../shared/deviceSettings.ts";
import { useFlags } from "../shared/flags.ts";
import { checkForReboot } from "../shared/rebootCheck.ts";
import { useRestart } from "../shared/restartStore.ts";
import { failedResult, loadConfig, setSetting } from "./configApi.ts";
import { configReducer, initialConfigState } from "./configState.ts";
import type { SaveResult } from "./saveResult.ts";
import { type Draft, readDraft } from "./settingRules.ts";

export function useConfigPage() {
  const [state, dispatch] = useReducer(configReducer, initialConfigState);
  const remote = useFlags((s) => s.flags.config.useRemoteStore);
  const authOn = useFlags((s) => s.flags.config.useAuth);
  const base = useApiBase();
  const query = useQuery({
    queryKey: deviceKey(base, "config", remote ? "remote" : "local"),
    queryFn: ({ signal }) =>
      loadConfig(remote, {
        base,
        signal,
        onProgress: (queried, available) => dispatch({ type: "progress", queried, available }),
      }),
    // Loaded whenever the page opens (SPEC §2) and on Refresh, never shown from an old visit (values change by saving);
    // a failed load is shown, not retried behind the user's back.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const { isFetching, data, dataUpdatedAt, error } = query;

  // The reducer keeps the inputs (drafts, colours, results); the query's answers are merged into it as they arrive.
  useEffect(() => {
    if (isFetching) dispatch({ type: "query" });
    else if (error) dispatch({ type: "failed", error: errorText(error) });
  }, [isFetching, error]);
  useEffect(() => {
    if (!data || !dataUpdatedAt) return;
    dispatch({ type: "loaded", ...data });
    // The banner may be up from before a reboot the console did not see (e.g. REBOOT from the commands page).
    void checkForReboot();
  }, [data, dataUpdatedAt]);

  const refresh = useCallback(() => void query.refetch(), [query.refetch]);
  const edit = useCallback((name: string, draft: Draft) => dispatch({ type: "edit", name, draft }), []);

  const save = useMutation({
    mutationFn: ({ name, value }: { name: string; value: ConfigValue }) => setSetting(name, value, base),
    // A setting changed: the restart banner until the unit restarts.
    onSuccess: (_result, { name }) => useRestart.getState().configChanged(name),
  });
  const { mutateAsync } = save;

  /** Sets one value on the device and records the result (or the refusal) on its input. */
  const apply = useCallback(
    async (name: string, value: ConfigValue): Promise<SaveResult> => {
      dispatch({ type: "submit", name });
      const result = await mutateAsync({ name, value }).catch(failedResult);
      dispatch({ type: "saved", name, value, result });
      return result;
    },
    [mutateAsync],
  );

  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);

  /** Submits an input: its draft is checked against the limits first and refused with the reason. */
  const submit = useCallback(
    (name: string) => {
      const { items, fields } = stateRef.current;
      const item = items.find((i) => i.name_internal === name);
      const field = fields[name];
      if (!item || !field || field.busy) return;
      const read = readDraft(item, field.draft);
      if (read.value === undefined) {
        dispatch({ type: "edit", name, draft: field.draft });
        return;
      }
      void apply(name, read.value);
    },
    [apply],
  );

  return { state, refresh, edit, submit, apply, authOn };
}
