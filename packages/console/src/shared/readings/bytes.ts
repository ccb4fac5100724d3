// The one byte formatter (storage card, files table): base-1000 units with 2 decimals (SPEC §9), whole bytes stay whole.
import { STORAGE_DECIMALS, STORAGE_UNIT_BASE } from "@trc/protocol";

const UNITS = ["B", "kB", "MB", "GB", "TB", "PB"] as const;

/** 1234567 → "1.23 MB"; anything that is not a byte count reads `missing`. */
export function formatBytes(bytes: number | undefined, missing: string): string {
  if (typeof bytes !== "number" || !Number.isFinite(bytes) || bytes < 0) return missing;
  let value = bytes;
  let unit = 0;
  while (value >= STORAGE_UNIT_BASE && unit < UNITS.length - 1) {
    value /= STORAGE_UNIT_BASE;
    unit++;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(STORAGE_DECIMALS)} ${UNITS[unit]}`;
}
