// D12's guard: settings that change which passings are made or where they go need a second confirmation on a timing unit.
import { findConfigItem, type TimingMode } from "@trc/protocol";
import type { UnitPlan } from "../settings/profiles/applyPlan.ts";

/** The passing filter (which reads become passings) and the timing ports; with them every setting under `servers`. */
const PASSING_SETTINGS: readonly string[] = ["reads_2b_sent", "tag_timeout", "raw_port", "filtered_port"];

/** True for a setting that changes which passings are made or where they go. */
export function changesPassings(setting: string): boolean {
  const category = findConfigItem(setting)?.category ?? "";
  return PASSING_SETTINGS.includes(setting) || category === "servers" || category.startsWith("servers_");
}

/** A unit's mode: its timing dataset's, null for a unit without race control, undefined while not known. */
export type UnitMode = TimingMode | null | undefined;

export interface TimingConfirmation {
  unit: string;
  /** The unit's planned settings that change its passings. */
  settings: string[];
  /** False when the unit's mode is not known (it may be timing): asked all the same. */
  modeKnown: boolean;
}

/** The units (in timing mode, or of unknown mode) whose plan changes their passings, with those settings. */
export function timingConfirmations(
  plans: readonly UnitPlan[],
  modeOf: (unit: string) => UnitMode,
): TimingConfirmation[] {
  return plans.flatMap(({ unit, writes }) => {
    const mode = modeOf(unit);
    const settings = writes.map((w) => w.setting).filter(changesPassings);
    if (!settings.length || mode === "test" || mode === null) return [];
    return [{ unit, settings, modeKnown: mode !== undefined }];
  });
}

/** The plans without the writes the operator did not confirm (the rest of each unit's writes still go). */
export function withoutUnconfirmed(
  plans: readonly UnitPlan[],
  unconfirmed: readonly TimingConfirmation[],
): UnitPlan[] {
  return plans.map((plan) => {
    const held = unconfirmed.find((c) => c.unit === plan.unit)?.settings ?? [];
    return { ...plan, writes: plan.writes.filter((w) => !held.includes(w.setting)) };
  });
}
