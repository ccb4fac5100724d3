// Apply and Undo of a profile on the chosen units: D12's second confirmation first, the core's executor through the API
// client (each unit's request gate), each unit's lines as they change, and Restart these units.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "../api/errors.ts";
import { sendCommandNow } from "../shared/commands/commandNow.ts";
import { timingConfirmations } from "../shared/race/timingGuard.ts";
import { useTimingQuestion } from "../shared/race/timingQuestion.ts";
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
import type { ProfileTarget } from "./profileTargets.ts";
import { unitValuesQuery } from "./useProfileCompare.ts";

export type RunKind = "Apply" | "Undo";
export interface Run {
  kind: RunKind;
  results: UnitResult[];
}

/** `targets`: the units as the page knows them (names, modes); `after`: the units a run has finished with. */
export function useProfileRun(targets: readonly ProfileTarget[], after: (units: string[]) => void) {
  const client = useQueryClient();
  const [runs, setRuns] = useState<Run[]>([]);
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

  // D12's second confirmation: No sends nothing at all (untick the timing unit to apply to the others).
  const question = useTimingQuestion<{ kind: RunKind; plans: UnitPlan[] }>((held, declined) => {
    if (!declined.length) run.mutate(held);
  });
  /** Runs `plans`, asking first when they change the passings of a unit that is (or may be) timing. */
  const start = (kind: RunKind, plans: UnitPlan[]) => {
    const modes = new Map(targets.map((t) => [t.unit, t.mode]));
    question.confirm(
      timingConfirmations(plans, (u) => modes.get(u)),
      { kind, plans },
    );
  };

  // REBOOT to each (the Restart unit command), side by side; a unit that takes it leaves the list.
  const restart = useMutation({
    mutationFn: async (units: string[]) => {
      setRestartLines([]);
      const lines = await Promise.all(
        units.map((u) =>
          sendCommandNow(u, "REBOOT").then(
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
    asks: question.asks,
    answer: question.onAnswer,
    nameOf,
    toRestart,
    restart: () => restart.mutate(toRestart),
    restarting: restart.isPending,
    restartLines,
  };
}
