// Backup and restore of the configuration: the export file, reading it back, and which settings an import would change.
import { type ConfigValue, checkConfigValue } from "@trc/protocol";
import { type ConfigEntry, HIDDEN_SECRET, isSecret, NOT_REPORTED } from "../shared/settings/settingRules.ts";

export const BACKUP_FORMAT = "trc-config-backup";
export const BACKUP_VERSION = 1;

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  deviceName: string;
  exportedAt: string;
  /** Internal name to value, every setting whose current value is known. */
  config: Record<string, ConfigValue>;
}

export function makeBackup(items: readonly ConfigEntry[], deviceName: string, now: Date): Backup {
  const config: Record<string, ConfigValue> = {};
  for (const item of items)
    if (item.value_current !== undefined) config[item.name_internal] = item.value_current;
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    deviceName,
    exportedAt: now.toISOString(),
    config,
  };
}

/** e.g. config-DECODER-01-2026-11-22T05-40-00.json (safe for every file system). */
export function backupFileName(deviceName: string, now: Date): string {
  const name = (deviceName || "device").replace(/[^\w.-]+/g, "_");
  const stamp = now.toISOString().slice(0, 19).replace(/:/g, "-");
  return `config-${name}-${stamp}.json`;
}

/** Reads an export file, or a plain object of name to value (the shape of GET /api/config/get). */
export function readBackup(text: string): { values: Record<string, unknown> } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: "The file is not JSON." };
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    return { error: "The file does not hold a configuration object." };
  }
  const root = parsed as Record<string, unknown>;
  if ("format" in root || "config" in root) {
    const config = root.config;
    if (root.format !== BACKUP_FORMAT || !config || typeof config !== "object" || Array.isArray(config)) {
      return { error: "The file is not a configuration export of this console." };
    }
    return { values: config as Record<string, unknown> };
  }
  return { values: root };
}

export interface ImportRow {
  name: string;
  label: string;
  current: ConfigValue | undefined;
  next: unknown;
  /** Why this value cannot be applied (unknown setting, wrong type, outside the limits), or null. */
  refused: string | null;
  /** The unit's value changed since the preview: from the value the preview showed to the unit's value now. */
  changed?: { old: unknown; now: ConfigValue | undefined };
}

export interface ImportPlan {
  /** Settings whose value in the file differs from the current one (refused ones included, with the reason). */
  rows: ImportRow[];
  /** How many settings in the file already have that value. */
  same: number;
}

export function planImport(
  items: readonly ConfigEntry[],
  values: Readonly<Record<string, unknown>>,
): ImportPlan {
  const rows: ImportRow[] = [];
  let same = 0;
  for (const [name, next] of Object.entries(values)) {
    const item = items.find((i) => i.name_internal === name);
    if (!item) {
      rows.push({ name, label: name, current: undefined, next, refused: "Unknown setting" });
      continue;
    }
    if (next === item.value_current) {
      same++;
      continue;
    }
    rows.push({
      name,
      label: item.name_display,
      current: item.value_current,
      next,
      refused: checkConfigValue(item, next),
    });
  }
  return { rows, same };
}

/** A value in the import list: JSON (so "5" and 5 differ), secrets hidden. */
export function importValueText(name: string, value: unknown): string {
  if (value === undefined) return NOT_REPORTED;
  if (isSecret({ name_internal: name })) return HIDDEN_SECRET;
  return JSON.stringify(value);
}

/** The unit's value of a setting in the file as a preview showed it (a setting not listed had the file's value). */
function previewValue(plan: ImportPlan, values: Readonly<Record<string, unknown>>, name: string): unknown {
  const row = plan.rows.find((r) => r.name === name);
  return row ? row.current : values[name];
}

/**
 * The preview again against values just re-read from the unit: the rows whose unit value changed since the
 * preview carry `changed` (a setting the unit now already has at the file's value is no row at all).
 */
export function recheckImport(
  preview: ImportPlan,
  items: readonly ConfigEntry[],
  values: Readonly<Record<string, unknown>>,
): ImportPlan {
  const next = planImport(items, values);
  const rows = next.rows.map((row): ImportRow => {
    const old = previewValue(preview, values, row.name);
    return Object.is(old, row.current) ? row : { ...row, changed: { old, now: row.current } };
  });
  return { rows, same: next.same };
}

/**
 * After a re-check: apply only when no chosen setting changed on the unit; otherwise the changed ones are left
 * unticked (keeping the unit's value) for the operator to tick (overwrite) or not, and nothing is sent yet.
 */
export function choiceAfterRecheck(
  plan: ImportPlan,
  chosen: ReadonlySet<string>,
): { apply: boolean; chosen: Set<string> } {
  const kept = new Set<string>();
  let apply = true;
  for (const row of plan.rows) {
    if (row.refused || !chosen.has(row.name)) continue;
    if (row.changed) apply = false;
    else kept.add(row.name);
  }
  return { apply, chosen: kept };
}
