// File sizes in base-1000 units with 2 decimals (SPEC §9 storage units), e.g. 1234 → "1.23 kB".
import { STORAGE_DECIMALS, STORAGE_UNIT_BASE } from "@trc/protocol";

const UNITS = ["B", "kB", "MB", "GB", "TB"] as const;

/** A byte count for people: whole bytes below 1 kB, then 2 decimals; anything not a size reads "?". */
export function formatFileSize(bytes: number | undefined): string {
  if (typeof bytes !== "number" || !Number.isFinite(bytes) || bytes < 0) return "?";
  let value = bytes;
  let unit = 0;
  while (value >= STORAGE_UNIT_BASE && unit < UNITS.length - 1) {
    value /= STORAGE_UNIT_BASE;
    unit++;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(STORAGE_DECIMALS)} ${UNITS[unit]}`;
}
