// A timing session's file (D12, timing_NNNN.csv: tag,bib,time_utc,channel,rssi_dbm,reads) read back as passings (the
// bib is not kept: no format writes it; the programs match the tag to the athlete).
//
// Read as the unit reads it for a replay (packages/device/src/timing/replay.ts): a passing's number is its row after
// the header (1 for the first), a row without a tag or a valid time is skipped without renumbering the others (and
// counted), channel 0 or empty is no antenna (a marker), an empty RSSI is none, reads not a whole number count 0.
import { TIMING_PORT } from "@trc/protocol";

/** The header the unit writes on the first line of every timing file. */
export const SESSION_FILE_HEADER = "tag,bib,time_utc,channel,rssi_dbm,reads";

/** One passing of a session file. */
export interface SessionPassing {
  /** Its number in its session: its row after the header (D12's SEQ on the filtered port). */
  n: number;
  tag: string;
  /** Epoch ms by the unit's clock (the file's time_utc). */
  time: number;
  /** The antenna as shown (1-based), null for none (a marker). */
  ant: number | null;
  /** dBm, null for none (a marker). */
  rssi: number | null;
  reads: number;
  /** A marker (the gun): tag MARKER with no antenna. */
  marker: boolean;
}

export interface SessionFile {
  passings: SessionPassing[];
  /** Rows after the header that are not a passing (no tag or no valid time), left out. */
  skipped: number;
}

/** Why a file cannot be read as a session: its first line is not the unit's header. */
export class NotASessionFile extends Error {
  constructor(readonly file: string) {
    super(`${file} is not a timing session file: its first line is not ${SESSION_FILE_HEADER}`);
    this.name = "NotASessionFile";
  }
}

/** True for a timing file's name, as the unit says it (timing_*.csv, any case). */
export function isSessionFileName(name: string): boolean {
  return /^timing_.*\.csv$/i.test(name);
}

/** The session's number from its name (timing_0007.csv: 7), or null when it has none. */
export function sessionNumber(name: string): number | null {
  const m = /(\d+)/.exec(name);
  return m ? Number(m[1]) : null;
}

/** The name without its extension (timing_0007.csv: timing_0007), for the exported file's name. */
export function sessionStem(name: string): string {
  return name.replace(/\.csv$/i, "");
}

/** Where the field of `text` that starts at `from` ends: its comma, or `end` (the row's end) when it is the last. */
function fieldEnd(text: string, from: number, end: number): number {
  const comma = from > end ? -1 : text.indexOf(",", from);
  return comma < 0 || comma > end ? end : comma;
}

/**
 * `csv` (the file's text) as passings; throws `NotASessionFile` (named `file`) when its first line is not the header.
 * Read by scanning for commas rather than splitting each row: 100,000 rows' arrays and strings were half its time.
 */
export function parseSessionFile(csv: string, file: string): SessionFile {
  const text = csv.charCodeAt(0) === 0xfeff ? csv.slice(1) : csv;
  const firstEnd = text.indexOf("\n");
  const header = (firstEnd < 0 ? text : text.slice(0, firstEnd)).trim();
  if (header !== SESSION_FILE_HEADER) throw new NotASessionFile(file);
  const passings: SessionPassing[] = [];
  let skipped = 0;
  if (firstEnd < 0) return { passings, skipped };
  const length = text.length;
  let row = 0;
  for (let pos = firstEnd + 1; pos < length; ) {
    let end = text.indexOf("\n", pos);
    if (end < 0) end = length;
    row++;
    const tagEnd = fieldEnd(text, pos, end);
    if (tagEnd === end) {
      // One field at most: an empty line is no row (as the unit reads it); anything else is not a passing.
      if (text.slice(pos, end).trim()) skipped++;
      pos = end + 1;
      continue;
    }
    const bibEnd = fieldEnd(text, tagEnd + 1, end);
    const timeEnd = fieldEnd(text, bibEnd + 1, end);
    const tag = text.slice(pos, tagEnd);
    const time = bibEnd < end ? Date.parse(text.slice(bibEnd + 1, timeEnd)) : Number.NaN;
    if (!tag || !Number.isFinite(time)) {
      skipped++;
      pos = end + 1;
      continue;
    }
    const channelEnd = fieldEnd(text, timeEnd + 1, end);
    const rssiEnd = fieldEnd(text, channelEnd + 1, end);
    const readsEnd = fieldEnd(text, rssiEnd + 1, end);
    const channel = timeEnd < end ? Number(text.slice(timeEnd + 1, channelEnd)) : Number.NaN;
    const rssiText = channelEnd < end ? text.slice(channelEnd + 1, rssiEnd).trim() : "";
    const dbm = rssiText === "" ? Number.NaN : Number(rssiText);
    const reads = rssiEnd < end ? Number(text.slice(rssiEnd + 1, readsEnd)) : Number.NaN;
    const ant = Number.isInteger(channel) && channel > 0 ? channel : null;
    passings.push({
      n: row,
      tag,
      time,
      ant,
      rssi: Number.isFinite(dbm) ? dbm : null,
      reads: Number.isInteger(reads) ? Math.max(0, reads) : 0,
      marker: tag === TIMING_PORT.markerTag && ant === null,
    });
    pos = end + 1;
  }
  return { passings, skipped };
}
