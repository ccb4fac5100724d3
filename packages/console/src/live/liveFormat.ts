// What the Live page writes: a read's unit time to the millisecond, RSSI, antenna numbers, the CSV export.
import type { KeptRead } from "./readLog.ts";

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** The unit's time of a read, UTC, to the millisecond: "05:50:12.345". */
export function unitTime(epochMs: number): string {
  const d = new Date(epochMs);
  if (Number.isNaN(d.getTime())) return "—";
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
}

const COUNT = new Intl.NumberFormat("en-US");

/** A count as shown: "12,345" (one formatter for every render: `toLocaleString("en-US")` builds one per call, ~80 µs). */
export const countText = (n: number): string => COUNT.format(n);

/** RSSI as shown: "-58.5 dBm". */
export const rssiText = (dbm: number): string => `${dbm.toFixed(1)} dBm`;

/** A channel id (zero-based) as the operator knows the antenna: "Antenna 1". */
export const antennaName = (ant: number): string => `Antenna ${ant + 1}`;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line end; a text starting with = + - @ is
 * prefixed with ' so a spreadsheet does not take it as a formula.
 */
export function csvField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const CSV_HEADER = "seq,tag,antenna,rssi,time";

/** The kept reads as CSV, oldest first: seq, tag, antenna (shown +1), RSSI dBm, the unit's time in ISO 8601 UTC. */
export function readsCsv(reads: Iterable<KeptRead>): string {
  const lines = [CSV_HEADER];
  for (const r of reads) {
    const time = new Date(r.time);
    const iso = Number.isNaN(time.getTime()) ? "" : time.toISOString();
    lines.push(`${r.seq},${csvField(r.tag)},${r.ant + 1},${r.rssi},${iso}`);
  }
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * The export's file name: "reads-DECODER-01-20261123-054512.csv" (the unit's name, the browser's local time);
 * "passings-…" for the passings.
 */
export function csvFileName(unitName: string, at: Date, kind: "reads" | "passings" = "reads"): string {
  const name = unitName.replace(/[^\w.-]+/g, "_") || "unit";
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `${kind}-${name}-${stamp}.csv`;
}
