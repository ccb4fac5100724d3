// The rows of a timing file read from a byte offset (D14's posts read the session files, not memory): whole rows only,
// numbered on from the row before, each as the passing D14's bodies carry.
//
// - A row is a line ending in LF; the bytes after the last LF (a row being written, or one a power cut tore) are not
//   a row yet. At the file's start (offset 0) the first line is the header, not a row.
// - A row that does not parse (as a replay reads it: no tag or no valid time) keeps its number and is skipped.
import type { UploadPassing } from "@trc/protocol";
import { parseTimingRow } from "../timing/replay.ts";

const LF = 0x0a;

/** What a run of bytes holds: its whole rows (at most `max`), the bytes they take, and the header skipped. */
export interface Rows {
  /** The passings of the rows that parse, numbered from `firstN`. */
  passings: UploadPassing[];
  /** Whole rows taken (parsed or not). */
  rows: number;
  /** Bytes taken: the header (at offset 0) and the rows, up to and including the last row's LF. */
  bytes: number;
}

/** A timing file's row as D14's passing: the antenna as shown (1-based; 0 for a marker). */
export function uploadPassing(row: string, n: number): UploadPassing | null {
  const p = parseTimingRow(row.replace(/\r$/, ""), n);
  if (!p) return null;
  return { n, tag: p.tag, time: p.time, ant: p.ant === null ? 0 : p.ant + 1, rssi: p.rssi, reads: p.reads };
}

/**
 * The whole rows of `bytes` (read from a timing file at `atStart` ? 0 : some row's end), at most `max`, numbered from
 * `firstN`; with `parse` false only counted (the passings stay empty).
 */
export function takeRows(
  bytes: Uint8Array,
  atStart: boolean,
  firstN: number,
  max: number,
  parse = true,
): Rows {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  if (atStart) {
    const header = buf.indexOf(LF, 0);
    if (header < 0) return { passings: [], rows: 0, bytes: 0 };
    at = header + 1;
  }
  const passings: UploadPassing[] = [];
  let rows = 0;
  while (rows < max) {
    const end = buf.indexOf(LF, at);
    if (end < 0) break;
    if (parse) {
      const passing = uploadPassing(buf.toString("utf8", at, end), firstN + rows);
      if (passing) passings.push(passing);
    }
    rows++;
    at = end + 1;
  }
  return { passings, rows, bytes: at };
}
