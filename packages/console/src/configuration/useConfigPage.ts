// The configuration page's hook: the settings are a TanStack query (on open, on Refresh and before each set); the
// page keeps only the operator's edits; a set is sent only while the unit still has the value the page showed.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConfigValue } from "@trc/protocol";
import { useCallback, useLayoutEffect, useReducer, useRef, useState } from "react";
import { errorText } from "../api/errors.ts";
import { useFlags } from "../shared/access/flags.ts";
import { TIMING_REFRESH_MS, timingQuery } from "../shared/race/timing.ts";
import { changesPassings, type TimingConfirmation, timingConfirmations } from "../shared/race/timingGuard.ts";
import { type ConflictAnswer, conflictStep, findConflict } from "../shared/settings/conflict.ts";
import { type Draft, readDraft } from "../shared/settings/settingRules.ts";
import { deviceKey, useApiBase } from "../shared/unit/deviceSettings.ts";
import { checkForReboot } from "../shared/unit/rebootCheck.ts";
import { useRestart } from "../shared/unit/restartStore.ts";
import { useDeviceName } from "../shared/unit/unit.ts";
import { failedResult, loadConfig, setSetting } from "./configApi.ts";
import { configView, editsReducer } from "./configEdits.ts";
import { querySnapshot } from "./configState.ts";
import { noAnswerResult, type SaveResult } from "./saveResult.ts";

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

export function useConfigPage() {
  const [edits, dispatch] = useReducer(editsReducer, {});
  const [progress, setProgress] = useState<Progress>(null);
  const remote = useFlags((s) => s.flags.config.useRemoteStore);
  const authOn = useFlags((s) => s.flags.config.useAuth);
  const base = useApiBase();
  const client = useQueryClient();
  const options = configQuery(base, remote, setProgress);
  const query = useQuery(options);
  const { isFetching, data, dataUpdatedAt, error } = query;
  const state = configView(
    querySnapshot({ isFetching, error: error ? errorText(error) : null, data, dataUpdatedAt, progress }),
    edits,
  );

  const stateRef = useRef(state);
  const optionsRef = useRef(options);
  useLayoutEffect(() => {
    stateRef.current = state;
    optionsRef.current = options;
  });

  const refresh = useCallback(() => void query.refetch(), [query.refetch]);
  const edit = useCallback((name: string, draft: Draft) => {
    const item = stateRef.current.items.find((i) => i.name_internal === name);
    if (item) dispatch({ type: "edit", name, draft, item });
  }, []);

  const save = useMutation({
    mutationFn: ({ name, value }: { name: string; value: ConfigValue }) => setSetting(name, value, base),
    // A setting changed: the restart banner until the unit restarts.
    onSuccess: (_result, { name }) => useRestart.getState().configChanged(name),
  });
  const { mutateAsync } = save;

  // D12: a setting that changes the passings, on a unit in timing mode (or whose mode is not known), is sent only after
  // a second confirmation naming the unit. The mode is the header's timing query, read again when older than 5 s.
  const [asks, setAsks] = useState<{ list: TimingConfirmation[]; answer(yes: boolean): void } | null>(null);
  const deviceName = useDeviceName();
  const confirmed = useCallback(
    async (name: string): Promise<TimingConfirmation | null> => {
      if (!changesPassings(name)) return null;
      const timing = await client
        .fetchQuery({ ...timingQuery(base), staleTime: TIMING_REFRESH_MS })
        .catch(() => undefined);
      const write = { setting: name, value: "", expected: undefined };
      const list = timingConfirmations([{ unit: base, writes: [write] }], () =>
        timing === null ? null : timing?.mode,
      );
      if (!list[0]) return null;
      const yes = await new Promise<boolean>((answer) => setAsks({ list, answer }));
      setAsks(null);
      return yes ? null : list[0];
    },
    [client, base],
  );

  /** Sets one value on the device and records the result (or the refusal) on its input. */
  const apply = useCallback(
    async (name: string, value: ConfigValue): Promise<SaveResult> => {
      dispatch({ type: "submit", name });
      const declined = await confirmed(name);
      if (declined) {
        const result = noAnswerResult(`Not sent: the unit ${declined.modeKnown ? "is" : "may be"} timing`);
        dispatch({ type: "saved", name, value, result, version: 0 });
        return result;
      }
      const result = await mutateAsync({ name, value }).catch(failedResult);
      const version = client.getQueryState(optionsRef.current.queryKey)?.dataUpdatedAt ?? 0;
      dispatch({ type: "saved", name, value, result, version });
      return result;
    },
    [mutateAsync, client, confirmed],
  );

  /** Reads the configuration again through the page's query (one GET of the values for the built-in store). */
  const reread = useCallback(() => client.fetchQuery({ ...optionsRef.current, staleTime: 0 }), [client]);

  /**
   * Submits an input: its draft is checked against the limits first and refused with the reason; then the unit's
   * value is read again and, when it is no longer the one the page showed, the operator is asked instead.
   */
  const submit = useCallback(
    async (name: string) => {
      const { items, fields } = stateRef.current;
      const item = items.find((i) => i.name_internal === name);
      const field = fields[name];
      if (!item || !field || field.busy) return;
      const read = readDraft(item, field.draft);
      if (read.value === undefined) return;
      const value = read.value;
      dispatch({ type: "submit", name });
      let now: ConfigValue | undefined;
      try {
        const fresh = await reread();
        now = fresh.items.find((i) => i.name_internal === name)?.value_current;
      } catch (err) {
        const result = noAnswerResult(`Not sent: could not read the unit's value first (${errorText(err)})`);
        dispatch({ type: "saved", name, value, result, version: 0 });
        return;
      }
      const conflict = findConflict(field.shown, now, value);
      if (conflict) dispatch({ type: "conflict", name, conflict });
      else await apply(name, value);
    },
    [apply, reread],
  );

  /** The operator's answer to "Changed on the unit since you opened this page". */
  const resolve = useCallback(
    (name: string, answer: ConflictAnswer) => {
      const conflict = stateRef.current.fields[name]?.conflict;
      if (!conflict) return;
      const step = conflictStep(conflict, answer);
      if ("send" in step) void apply(name, step.send);
      else if ("take" in step) dispatch({ type: "keep", name });
      else dispatch({ type: "editFurther", name });
    },
    [apply],
  );

  const guard = {
    asks: asks?.list ?? null,
    nameOf: () => deviceName,
    onAnswer: (yes: boolean) => asks?.answer(yes),
  };
  return { state, refresh, edit, submit, apply, resolve, reread, authOn, guard };
}
