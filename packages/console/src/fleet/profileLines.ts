// The words of an Apply's (or an Undo's) lines: one per unit, its step then its result, and one per setting under it.
import {
  needsRestart,
  type SettingResult,
  type UnitOutcome,
  type UnitPlan,
  type UnitResult,
  unitOutcome,
} from "../shared/settings/profiles/applyPlan.ts";
import { settingValueText } from "../shared/settings/profiles/profileDiff.ts";

const STEP: Record<UnitResult["step"], string> = {
  waiting: "waiting",
  reading: "reading its values...",
  writing: "writing...",
  done: "",
};
const OUTCOME: Record<UnitOutcome, string> = {
  matches: "matches already",
  applied: "applied",
  conflict: "not all applied: changed on the unit",
  refused: "refused",
  unreachable: "unreachable",
};

/** `DECODER-02: applied, needs restart`; `DECODER-02: writing...` while it runs. */
export function unitLine(name: string, r: UnitResult): string {
  const outcome = unitOutcome(r);
  if (!outcome) return `${name}: ${STEP[r.step]}`;
  return `${name}: ${OUTCOME[outcome]}${needsRestart(r) ? ", needs restart" : ""}`;
}

/**
 * `tag_timeout: 2 → 5 applied`, `uhf_power: already HIGH`, `tag_timeout: refused: 401 - Unauthorized (…)`, and a
 * conflict in the Configuration page's words: `tag_timeout: Changed on the unit since you opened this page: 2 → 7`.
 */
export function settingLine(s: SettingResult): string {
  const text = (v: SettingResult["value"] | undefined) => settingValueText(s.setting, v);
  const change = `${text("before" in s ? s.before : s.expected)} → ${text(s.value)}`;
  switch (s.status) {
    case "pending":
      return `${s.setting}: ${change}`;
    case "applied":
      return `${s.setting}: ${change} applied`;
    case "unchanged":
      return `${s.setting}: already ${text(s.value)}`;
    case "conflict":
      return `${s.setting}: ${s.reason}`;
    default:
      return `${s.setting}: ${s.status}: ${s.reason}`;
  }
}

/** A run's lines before it starts: every unit waiting, every setting pending. */
export const waiting = (plans: readonly UnitPlan[]): UnitResult[] =>
  plans.map(({ unit, writes }) => ({
    unit,
    step: "waiting",
    settings: writes.map((w) => ({ ...w, status: "pending" })),
  }));
