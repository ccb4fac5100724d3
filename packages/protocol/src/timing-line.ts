// The timing port's lines (D12): the date and time they carry, the lines a unit sends and the requests it takes.
//
// Every line ends in CR (`withEol`). Times on the wire are the unit's local time: its clock plus utc_offset seconds,
// `dd-MM-yyyy HH:mm:ss` (with `.ccc` on a passing line), the form the console's Timing page shows them in too.
// Requests: keywords in any case, tokens separated by spaces or tabs, surrounding blanks ignored. Dates are
// dd-MM-yyyy HH:mm:ss of a real calendar day, years 2000-2099 (what the unit's real-time clock keeps); anything else,
// or a line over 256 bytes (UTF-8), is an error (answered ERROR, changes nothing).
// A marker sends its passing line (antenna 0) then RACESTART when live; sent again (R = 1) only its passing line, so
// a rewind or replay does not start the race a second time in the program.
// REWIND from to: both seconds included (from ≤ time < to + 1 s); from after to is an error, and so is a window of
// more than 366 days (TIMING_PORT.maxRewindMs).
import { TIMING_PORT } from "./timing.ts";
import { utf8Length } from "./utf8.ts";

export type TimingRequest =
  | { kind: "clock-get" }
  /** `time`: epoch ms (UTC) of the second asked for. */
  | { kind: "clock-set"; time: number }
  | { kind: "start-read" }
  | { kind: "stop-read" }
  /** Epoch ms (UTC): the first and the last instant of the window, both included. */
  | { kind: "rewind"; from: number; to: number }
  | { kind: "error"; reason: string };

/** What a passing or read line says. */
export interface LineItem {
  tag: string;
  /** Epoch ms by the unit's clock. */
  time: number;
  /** The antenna as shown (1-based); 0 for a marker, which has none. */
  ant: number;
  /** The read's seq (raw port) or the passing's number in its session (filtered port). */
  seq: number;
  /** Sent again by a rewind or a replay. */
  replayed: boolean;
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** The parts of an instant in the unit's local time. */
function local(time: number, utcOffsetS: number) {
  const d = new Date(time + utcOffsetS * 1000);
  return {
    date: `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCFullYear(), 4)}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
    ms: pad(d.getUTCMilliseconds(), 3),
  };
}

/**
 * An instant (epoch ms) in the unit's local time (`utcOffsetS` east of UTC) as the timing port writes it:
 * `17-05-2026 09:00:00`, or with `ms` `17-05-2026 09:00:00.824`.
 */
export function formatTimingDateTime(time: number, utcOffsetS: number, ms = false): string {
  const t = local(time, utcOffsetS);
  return `${t.date} ${t.time}${ms ? `.${t.ms}` : ""}`;
}

/** A tag as one field: the separators and line ends it must not hold become `_`. */
const field = (text: string) => text.replace(/[;\r\n]/g, "_");

export function withEol(line: string): string {
  return `${line}${TIMING_PORT.eol}`;
}

/** `TAG;dd-mm-yyyy hh:mm:ss.ccc;ANT;SEQ;;R` */
export function passingLine(item: LineItem, utcOffsetS: number): string {
  const at = formatTimingDateTime(item.time, utcOffsetS, true);
  return `${field(item.tag)};${at};${item.ant};${item.seq};;${item.replayed ? 1 : 0}`;
}

/** `RACESTART HH:mm:ss,ccc`: what a marker sends after its passing line. */
export function raceStartLine(time: number, utcOffsetS: number): string {
  const t = local(time, utcOffsetS);
  return `RACESTART ${t.time},${t.ms}`;
}

/** `CLOCK dd-MM-yyyy HH:mm:ss`: the answer to CLOCK, to the second. */
export function clockLine(time: number, utcOffsetS: number): string {
  return `CLOCK ${formatTimingDateTime(time, utcOffsetS)}`;
}

/** The filtered port's lines of a passing (SEQ its number in its session); a live marker's adds RACESTART. */
export function filteredLines(
  p: { tag: string; time: number; ant: number | null; n: number },
  replayed: boolean,
  utcOffsetS: number,
): string[] {
  const line = passingLine(
    { tag: p.tag, time: p.time, ant: p.ant === null ? 0 : p.ant + 1, seq: p.n, replayed },
    utcOffsetS,
  );
  const marker = p.tag === TIMING_PORT.markerTag && p.ant === null;
  return marker && !replayed ? [line, raceStartLine(p.time, utcOffsetS)] : [line];
}

/** The raw port's line of a read (SEQ its seq; ANT its channel id + 1). */
export function rawLines(
  r: { tag: string; time: number; ant: number; seq: number },
  replayed: boolean,
  utcOffsetS: number,
): string[] {
  return [passingLine({ tag: r.tag, time: r.time, ant: r.ant + 1, seq: r.seq, replayed }, utcOffsetS)];
}

const DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})$/;

/** Epoch ms (UTC) of a local `dd-MM-yyyy` `HH:mm:ss`, or null when it is not a real instant of 2000-2099. */
export function parseTimingDateTime(date: string, time: string, utcOffsetS: number): number | null {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  const [dd, mo, yyyy] = d.slice(1).map(Number) as [number, number, number];
  const [h, m, s] = t.slice(1).map(Number) as [number, number, number];
  if (yyyy < 2000 || yyyy > 2099 || h > 23 || m > 59 || s > 59) return null;
  const at = new Date(Date.UTC(yyyy, mo - 1, dd, h, m, s));
  if (at.getUTCFullYear() !== yyyy || at.getUTCMonth() !== mo - 1 || at.getUTCDate() !== dd) return null;
  return at.getTime() - utcOffsetS * 1000;
}

const error = (reason: string): TimingRequest => ({ kind: "error", reason });

/** One request line (without its end) from a program; `utcOffsetS` reads its local times. */
export function parseTimingRequest(line: string, utcOffsetS: number): TimingRequest {
  if (utf8Length(line) > TIMING_PORT.maxLineBytes) {
    return error(`longer than ${TIMING_PORT.maxLineBytes} bytes`);
  }
  const words = line.trim().split(/[ \t]+/);
  const [keyword = "", ...args] = words;
  switch (keyword.toUpperCase()) {
    case "CLOCK": {
      if (!args.length) return { kind: "clock-get" };
      if (args.length !== 2) return error("CLOCK takes dd-MM-yyyy HH:mm:ss or nothing");
      const time = parseTimingDateTime(args[0] ?? "", args[1] ?? "", utcOffsetS);
      return time === null ? error("not a real date and time") : { kind: "clock-set", time };
    }
    case "STARTREAD":
    case "STOPREAD":
      if (args.length) return error(`${keyword.toUpperCase()} takes nothing`);
      return { kind: keyword.toUpperCase() === "STARTREAD" ? "start-read" : "stop-read" };
    case "REWIND": {
      if (args.length !== 4) return error("REWIND takes two dd-MM-yyyy HH:mm:ss");
      const from = parseTimingDateTime(args[0] ?? "", args[1] ?? "", utcOffsetS);
      const to = parseTimingDateTime(args[2] ?? "", args[3] ?? "", utcOffsetS);
      if (from === null || to === null) return error("not a real date and time");
      if (from > to) return error("from is after to");
      if (to - from > TIMING_PORT.maxRewindMs) return error("a window of more than 366 days");
      return { kind: "rewind", from, to: to + 999 };
    }
    default:
      return error("unknown request");
  }
}
