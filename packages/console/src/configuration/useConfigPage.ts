// The configuration page's hook: loads on open and on Refresh, edits inputs, submits one setting at a time per input.
import type { ConfigValue } from "@trc/protocol";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { errorText } from "../api/errors.ts";
import { useFlags } from "../shared/flags.ts";
import { checkForReboot } from "../shared/rebootCheck.ts";
import { loadConfig, saveSetting } from "./configApi.ts";
import { configReducer, initialConfigState } from "./configState.ts";
import type { SaveResult } from "./saveResult.ts";
import { type Draft, readDraft } from "./settingRules.ts";

export function useConfigPage() {
  const [state, dispatch] = useReducer(configReducer, initialConfigState);
  const remote = useFlags((s) => s.flags.config.useRemoteStore);
  const authOn = useFlags((s) => s.flags.config.useAuth);
  const loading = useRef<AbortController | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  const refresh = useCallback(async () => {
    loading.current?.abort();
    const ctl = new AbortController();
    loading.current = ctl;
    dispatch({ type: "query" });
    try {
      const loaded = await loadConfig(remote, ctl.signal, (queried, available) => {
        if (!ctl.signal.aborted) dispatch({ type: "progress", queried, available });
      });
      if (!ctl.signal.aborted) dispatch({ type: "loaded", ...loaded });
      // The banner may be up from before a reboot the console did not see (e.g. REBOOT from the commands page).
      void checkForReboot();
    } catch (err) {
      if (!ctl.signal.aborted) dispatch({ type: "failed", error: errorText(err) });
    }
  }, [remote]);

  useEffect(() => {
    void refresh();
    return () => loading.current?.abort();
  }, [refresh]);

  const edit = useCallback((name: string, draft: Draft) => dispatch({ type: "edit", name, draft }), []);

  /** Sets one value on the device and records the result on its input. */
  const apply = useCallback(
    async (name: string, value: ConfigValue): Promise<SaveResult> => {
      dispatch({ type: "submit", name });
      const result = await saveSetting(name, value, authOn);
      dispatch({ type: "saved", name, value, result });
      return result;
    },
    [authOn],
  );

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
