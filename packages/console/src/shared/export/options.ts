// An export's options as typed in its dialog (a time window, an offset in ms, markers in or out), checked, and applied.
//
// - Offset: whole milliseconds added to every time (a unit whose clock was 1.5 s behind: 1500), at most a day either
//   way; empty is 0. As RACE RESULT's connection offset: every time is adapted by it before anything else.
// - Window: Ignore before / Ignore after (RACE RESULT's words), each empty (no limit) or `dd-MM-yyyy HH:mm:ss` in the
//   unit's local time (its utc_offset), both seconds included, as the Timing page's Replay window reads them; it applies
//   to the times as exported (after the offset).
// - Markers in or out: a marker (the gun, tag MARKER with no antenna) is written like a passing, or left out.
import { parseTimingDateTime } from "@trc/protocol";
import type { SessionPassing } from "./sessionFile.ts";

/** The largest offset either way: a day (a clock further off than that is a wrong date, not a drifted clock). */
export const MAX_OFFSET_MS = 86_400_000;

/** What the dialog holds: the texts as typed and the markers' box. */
export interface OptionTexts {
  /** Ignore before: empty, or dd-MM-yyyy HH:mm:ss in the unit's local time. */
  from: string;
  /** Ignore after: empty, or dd-MM-yyyy HH:mm:ss in the unit's local time. */
  to: string;
  /** Whole milliseconds; empty is 0. */
  offset: string;
  markers: boolean;
}

export interface ExportOptions {
  /** Epoch ms: passings before it are left out (null: no limit). */
  from: number | null;
  /** Epoch ms of the last instant kept (the second's last ms; null: no limit). */
  to: number | null;
  offsetMs: number;
  markers: boolean;
}

/** A reason under each input that does not hold. */
export type OptionErrors = Partial<Record<"from" | "to" | "offset", string>>;

export type CheckedOptions = { ok: true; options: ExportOptions } | { ok: false; errors: OptionErrors };

const DATE_TIME = "not a real date and time: use dd-MM-yyyy HH:mm:ss, the unit's local time";

/** Epoch ms of a typed local time, null for empty, or the reason it is not one. */
function instant(text: string, utcOffsetS: number): number | null | { error: string } {
  const t = text.trim();
  if (!t) return null;
  const [date = "", time = "", ...rest] = t.split(/\s+/);
  const at = rest.length ? null : parseTimingDateTime(date, time, utcOffsetS);
  return at === null ? { error: DATE_TIME } : at;
}

/** The offset typed, or the reason it is not one. */
function offsetOf(text: string): number | { error: string } {
  const t = text.trim().replace(/^\u2212/, "-");
  if (!t) return 0;
  const ms = /^[+-]?\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
  if (!Number.isSafeInteger(ms) || Math.abs(ms) > MAX_OFFSET_MS) {
    return { error: `a whole number of milliseconds from -${MAX_OFFSET_MS} to ${MAX_OFFSET_MS}` };
  }
  return ms;
}

const failed = (v: unknown): v is { error: string } => typeof v === "object" && v !== null;

/** The options typed, checked: the options, or a reason for each input that does not hold. */
export function checkOptions(texts: OptionTexts, utcOffsetS: number): CheckedOptions {
  const from = instant(texts.from, utcOffsetS);
  const to = instant(texts.to, utcOffsetS);
  const offset = offsetOf(texts.offset);
  const errors: OptionErrors = {};
  if (failed(from)) errors.from = `Ignore before: ${from.error}`;
  if (failed(to)) errors.to = `Ignore after: ${to.error}`;
  if (failed(offset)) errors.offset = `Offset: ${offset.error}`;
  if (!failed(from) && !failed(to) && from !== null && to !== null && to < from) {
    errors.to = "Ignore after: before Ignore before";
  }
  if (failed(from) || failed(to) || failed(offset) || errors.to) return { ok: false, errors };
  return {
    ok: true,
    options: { from, to: to === null ? null : to + 999, offsetMs: offset, markers: texts.markers },
  };
}

/** The passings an export writes, in file order: each time moved by the offset, then the window and markers applied. */
export function selectPassings(passings: readonly SessionPassing[], o: ExportOptions): SessionPassing[] {
  const out: SessionPassing[] = [];
  for (const p of passings) {
    if (p.marker && !o.markers) continue;
    const time = p.time + o.offsetMs;
    if (o.from !== null && time < o.from) continue;
    if (o.to !== null && time > o.to) continue;
    out.push(o.offsetMs ? { ...p, time } : p);
  }
  return out;
}
