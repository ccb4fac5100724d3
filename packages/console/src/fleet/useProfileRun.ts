// Apply and Undo of a profile on the chosen units: D12's second confirmation first, the core's executor through the API
// client (each unit's request gate), each unit's lines as they change, and Restart these units.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "../api/errors.ts";
import { sendRaceCommand } from "../shared/race/raceCommand.ts";
import { type TimingConfirmation, timingConfirmations } from "../shared/race/timingGuard.ts";
import { writeSetting } from "../shared/settings/configSet.ts";
import {
  type ApplyIO,
  needsRestart,
  runPlan,
  type UnitPlan,
  type UnitResult,
} from "../shared/settings/profiles/applyPlan.ts";
import { useRestart } from "../shared/unit/restartStore.ts";
import { waiting } from "./profileLines.ts";
import { type ProfileTarget, unitValuesQuery } from "./useFleetProfiles.ts";

export type RunKind = "Apply" | "Undo";
export interface Run {
  kind: RunKind;
  results: UnitResult[];
}

/** `targets`: the units as the page knows them (names, modes); `after`: the units a run has finished with. */
export function useProfileRun(targets: readonly ProfileTarget[], after: (units: string[]) => void) {
  const client = useQueryClient();
  const [runs, setRuns] = useState<Run[]>([]);
  const [asks, setAsks] = useState<{ list: TimingConfirmation[]; kind: RunKind; plans: UnitPlan[] } | null>(
    null,
  );
  const [toRestart, setToRestart] = useState<string[]>([]);
  const [restartLines, setRestartLines] = useState<string[]>([]);
  const nameOf = (unit: string) => targets.find((t) => t.unit === unit)?.name ?? unit;

  const io: ApplyIO = {
    // The values just before the writes, read afresh through the Profile column's query.
    readValues: (unit) => client.fetchQuery(unitValuesQuery(unit)),
    setValue: (unit, setting, value, signal) => writeSetting(unit, setting, value, signal),
  };

  const run = useMutation({
    mutationFn: async ({ kind, plans }: { kind: RunKind; plans: UnitPlan[] }) => {
      const show = (r: UnitResult) =>
        setRuns((rs) =>
          rs.map((x) =>
            x.kind === kind ? { kind, results: x.results.map((y) => (y.unit === r.unit ? r : y)) } : x,
          ),
        );
      // An Apply starts a new list (and a new Undo); an Undo's lines go under its Apply's.
      setRuns((rs) => [...(kind === "Undo" ? rs.slice(0, 1) : []), { kind, results: waiting(plans) }]);
      const results = await runPlan(plans, { io, onProgress: show });
      for (const r of results)
        for (const s of r.settings)
          if (s.status === "applied") useRestart.getState().configChanged(s.setting, Date.now(), r.unit);
      const needing = results.filter(needsRestart).map((r) => r.unit);
      setToRestart((list) => [...list, ...needing.filter((u) => !list.includes(u))]);
      after(plans.map((p) => p.unit));
      return results;
    },
  });

  /** Runs `plans`, asking first when they change the passings of a unit that is (or may be) timing. */
  const start = (kind: RunKind, plans: UnitPlan[]) => {
    const modes = new Map(targets.map((t) => [t.unit, t.mode]));
    const list = timingConfirmations(plans, (u) => modes.get(u));
    if (list.length) setAsks({ list, kind, plans });
    else run.mutate({ kind, plans });
  };
  /** The answer to the second confirmation: No sends nothing. */
  const answer = (yes: boolean) => {
    if (yes && asks) run.mutate({ kind: asks.kind, plans: asks.plans });
    setAsks(null);
  };

  // REBOOT to each (the Restart unit command), side by side; a unit that takes it leaves the list.
  const restart = useMutation({
    mutationFn: async (units: string[]) => {
      setRestartLines([]);
      const lines = await Promise.all(
        units.map((u) =>
          sendRaceCommand(u, "REBOOT").then(
            () => {
              setToRestart((list) => list.filter((x) => x !== u));
              return `${nameOf(u)}: restarting`;
            },
            (err: unknown) => `${nameOf(u)}: not restarted (${errorText(err)})`,
          ),
        ),
      );
      setRestartLines(lines);
    },
  });

  return {
    runs,
    busy: run.isPending,
    start,
    asks: asks?.list ?? null,
    answer,
    nameOf,
    toRestart,
    restart: () => restart.mutate(toRestart),
    restarting: restart.isPending,
    restartLines,
  };
}
