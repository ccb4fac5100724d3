// Device time accuracy (SPEC §4, §8, §9): the verdict from clock offset and network delay, its label and description.
import { ACCURACY_RULES, TIME_ACCURACY, type TimeAccuracy } from "@trc/protocol";

export const ACCURACY_LABELS: Record<TimeAccuracy, string> = {
  NOT_QUERIED: "Have not queried",
  NO_GOOD_RESULTS: "Faulted query",
  QUERYING: "Querying",
  VERY_INACCURATE: "Very Inaccurate",
  INACCURATE: "Inaccurate",
  SOMEWHAT_ACCURATE: "Accurate*",
  ACCURATE: "Accurate",
};

export const ACCURACY_DESCRIPTIONS: Record<TimeAccuracy, string> = {
  NOT_QUERIED: "Please query for time",
  NO_GOOD_RESULTS: "Something went wrong, please check connection and try again",
  QUERYING: "Waiting on time from system",
  VERY_INACCURATE: "Time never set or set to something extreme",
  INACCURATE: "Time has drifted from system time, set it if not intended",
  SOMEWHAT_ACCURATE: "Accurate within networking and processing error",
  ACCURATE: "Accurate as possible considering error sources",
};

export const ACCURACY_COLOURS: Record<TimeAccuracy, "green" | "yellow" | "orange" | "red" | "grey"> = {
  NOT_QUERIED: "grey",
  NO_GOOD_RESULTS: "red",
  QUERYING: "grey",
  VERY_INACCURATE: "red",
  INACCURATE: "orange",
  SOMEWHAT_ACCURATE: "yellow",
  ACCURATE: "green",
};

/** The error raised when every attempt of a sync fails (SPEC §8). */
export const SYNC_FAILED_TEXT = "Unable to fetch device time.";

/**
 * SPEC §9: over 30 days Very Inaccurate; under 2× the delay or under 100 ms Accurate; under 5× the delay or
 * under 2000 ms Accurate*; otherwise Inaccurate. The offset's sign does not matter; a non-finite offset is extreme.
 */
export function accuracyVerdict(offsetMs: number, delayMs: number): TimeAccuracy {
  const r = ACCURACY_RULES;
  const off = Math.abs(offsetMs);
  const delay = Number.isFinite(delayMs) && delayMs > 0 ? delayMs : 0;
  if (!Number.isFinite(off) || off > r.veryInaccurateMs) return "VERY_INACCURATE";
  if (off < r.accurateDelayFactor * delay || off < r.accurateMs) return "ACCURATE";
  if (off < r.somewhatDelayFactor * delay || off < r.somewhatMs) return "SOMEWHAT_ACCURATE";
  return "INACCURATE";
}

export function accuracyCode(a: TimeAccuracy): number {
  return TIME_ACCURACY[a];
}

/** The browser's offset from UTC in seconds east (the sign of the device's utc_offset). */
export function browserUtcOffsetSeconds(at: Date = new Date()): number {
  return -at.getTimezoneOffset() * 60 || 0;
}

/** Time zone error = device offset minus browser offset, in seconds (SPEC §9); green only at 0. */
export function timeZoneError(deviceUtcOffsetS: number, browserUtcOffsetS: number): number {
  return deviceUtcOffsetS - browserUtcOffsetS;
}

/** "+3600 s (+1 h)", "0 s", "-1800 s (-30 min)". */
export function timeZoneErrorText(errorS: number): string {
  if (!Number.isFinite(errorS)) return "—";
  const sign = errorS > 0 ? "+" : errorS < 0 ? "-" : "";
  const abs = Math.abs(errorS);
  if (abs === 0) return "0 s";
  const h = Math.floor(abs / 3600);
  const m = Math.floor((abs % 3600) / 60);
  const human = [h ? `${h} h` : "", m ? `${m} min` : ""].filter(Boolean).join(" ");
  return `${sign}${abs} s${human ? ` (${sign}${human})` : ""}`;
}

/** An offset in ms for people: "12 ms", "3.4 s", "2 h 5 min", "40 d 2 h". */
export function offsetText(ms: number): string {
  if (!Number.isFinite(ms)) return "—";
  const sign = ms < 0 ? "-" : "+";
  const abs = Math.abs(ms);
  if (abs < 1000) return `${sign}${Math.round(abs)} ms`;
  if (abs < 60_000) return `${sign}${(abs / 1000).toFixed(1)} s`;
  // Each range rounds to its smallest unit shown, so 40 days less a millisecond reads 40 d 0 h.
  const s = Math.round(abs / 1000);
  if (s < 3600) return `${sign}${Math.floor(s / 60)} min ${s % 60} s`;
  const m = Math.round(abs / 60_000);
  if (m < 48 * 60) return `${sign}${Math.floor(m / 60)} h ${m % 60} min`;
  const h = Math.round(abs / 3_600_000);
  return `${sign}${Math.floor(h / 24)} d ${h % 24} h`;
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** An instant as wall-clock text in a zone given as seconds east of UTC: "2026-11-22 05:50:12". */
export function wallClock(epochMs: number, utcOffsetS: number): string {
  if (!Number.isFinite(epochMs)) return "—";
  const d = new Date(epochMs + utcOffsetS * 1000);
  if (Number.isNaN(d.getTime())) return "—";
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** "UTC+01:00", "UTC-05:30", "UTC". */
export function zoneText(utcOffsetS: number): string {
  if (!utcOffsetS) return "UTC";
  const sign = utcOffsetS > 0 ? "+" : "-";
  const abs = Math.abs(utcOffsetS);
  return `UTC${sign}${pad(Math.floor(abs / 3600))}:${pad(Math.floor((abs % 3600) / 60))}`;
}
