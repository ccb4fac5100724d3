// Rules of one configuration setting: its input kind, reading an input back into a value, the D5 limits, and display texts.
import {
  type ConfigItem,
  type ConfigLimits,
  type ConfigValue,
  checkConfigValue,
  findConfigItem,
} from "@trc/protocol";

/** A setting as the page shows it: the item of SPEC §3 plus the D5 limits known for it. */
export type ConfigEntry = ConfigItem & ConfigLimits;

/** What the input holds: a boolean for a checkbox, the raw text for every other input. */
export type Draft = boolean | string;

export type InputKind = "checkbox" | "number" | "text" | "password" | "select";

/** Wi-Fi passwords and any other secret: never autofilled, hidden unless shown. */
export function isSecret(item: Pick<ConfigItem, "name_internal">): boolean {
  return /password|secret/i.test(item.name_internal);
}

/** SPEC §5: checkbox for boolean, number for number, text otherwise; D5: a select for a fixed set of values. */
export function inputKind(item: Pick<ConfigEntry, "type" | "allowed" | "name_internal">): InputKind {
  if (item.type === "boolean") return "checkbox";
  if (item.allowed?.length) return "select";
  if (item.type === "number") return "number";
  return isSecret(item) ? "password" : "text";
}

/** The input's content for a value. */
export function draftOf(item: Pick<ConfigEntry, "type">, value: ConfigValue | undefined): Draft {
  if (item.type === "boolean") return value === true;
  return value === undefined ? "" : String(value);
}

export interface ReadDraft {
  value?: ConfigValue;
  /** Why the value cannot be sent (shown under the input), or null. */
  reason: string | null;
}

/** Reads an input back into a typed value and checks it against the type and the D5 limits. */
export function readDraft(item: ConfigEntry, draft: Draft): ReadDraft {
  let value: ConfigValue;
  if (item.type === "boolean") value = draft === true;
  else if (item.type === "number") {
    const text = String(draft).trim();
    value = text === "" ? Number.NaN : Number(text);
    if (!Number.isFinite(value)) return { reason: "Must be a number" };
  } else value = String(draft);
  const reason = checkConfigValue(item, value);
  return reason ? { reason } : { value, reason: null };
}

/** True when the input holds something other than the current value. */
export function isEdited(item: ConfigEntry, draft: Draft): boolean {
  return draft !== draftOf(item, item.value_current);
}

export const NOT_REPORTED = "(not reported)";
export const HIDDEN_SECRET = "••••••••";

/** A value as text for 'Current: {value}' and 'Reset to default: {value}'. */
export function valueText(value: ConfigValue | undefined, hide = false): string {
  if (value === undefined) return NOT_REPORTED;
  if (hide) return HIDDEN_SECRET;
  return typeof value === "string" && value === "" ? '""' : String(value);
}

/** 'Reset to default' shows only when the current value is known and differs from the default. */
export function canResetToDefault(item: ConfigEntry): boolean {
  return item.value_current !== undefined && item.value_current !== item.value_default;
}

/**
 * An item from the device (remote store) gets the D5 limits of the built-in item of the same name and type;
 * the device checks them again anyway.
 */
export function withKnownLimits(item: ConfigItem): ConfigEntry {
  const known = findConfigItem(item.name_internal);
  if (!known || known.type !== item.type) return item;
  const { allowed, min, max, integer, format, rule } = known;
  return {
    ...item,
    ...(allowed ? { allowed } : {}),
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
    ...(integer ? { integer } : {}),
    ...(format ? { format } : {}),
    ...(rule ? { rule } : {}),
  };
}

/** The current values of GET /api/config/get put onto the items; a value of the wrong type is noted. */
export function withCurrentValues(
  items: readonly ConfigEntry[],
  values: Readonly<Record<string, unknown>>,
): { items: ConfigEntry[]; issues: string[] } {
  const issues: string[] = [];
  const out = items.map((item) => {
    const v = values[item.name_internal];
    if (v === undefined) return item;
    if (typeof v !== item.type) {
      issues.push(`${item.name_internal}: the device reports ${JSON.stringify(v)}, expected a ${item.type}`);
      return item;
    }
    return { ...item, value_current: v as ConfigValue };
  });
  return { items: out, issues };
}
