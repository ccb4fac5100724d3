// A unit's configuration against a profile: the settings that differ (profile's value, unit's value) and the summary words.
import type { ConfigValue } from "@trc/protocol";
import { isSecret, valueText } from "../settingRules.ts";
import { type Profile, settingOrder } from "./profile.ts";

/** One setting where the unit does not hold the profile's value. */
export interface SettingDifference {
  setting: string;
  profile: ConfigValue;
  /** The unit's value; undefined when it does not report the setting. */
  unit: ConfigValue | undefined;
}

/** The unit's values as GET /api/config/get gives them. */
export type UnitValues = Readonly<Record<string, ConfigValue>>;

/**
 * The profile's settings the unit does not hold, in D5's order. Values compare by type and value (5 and "5" differ,
 * "HIGH" and "high" differ); a setting the unit does not report differs.
 */
export function profileDiff(profile: Profile, unit: UnitValues): SettingDifference[] {
  return Object.entries(profile.settings)
    .filter(([setting, value]) => unit[setting] !== value)
    .sort(([a], [b]) => settingOrder(a) - settingOrder(b))
    .map(([setting, value]) => ({
      setting,
      profile: value,
      unit: Object.hasOwn(unit, setting) ? unit[setting] : undefined,
    }));
}

/** The Profile column: "matches", "1 differs", "3 differ". */
export function diffSummary(differences: readonly unknown[]): string {
  const n = differences.length;
  if (n === 0) return "matches";
  return n === 1 ? "1 differs" : `${n} differ`;
}

/** A value in the list of differences as the Configuration page shows it (passwords hidden, "" for empty text). */
export function settingValueText(setting: string, value: ConfigValue | undefined): string {
  return valueText(value, isSecret({ name_internal: setting }));
}
