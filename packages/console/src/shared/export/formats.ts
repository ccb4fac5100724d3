// The export formats: each timing program's import, written from a session's passings (docs/EXPORT.md: each one's
// columns against the program's own documentation, what the unit does not have left empty).
//
// Every line ends in CRLF (the RACE RESULT passing record's <CrLf>; Windows programs), the last one too, in file order
// (a passing's number, not its time: programs sort by time themselves). Times are the unit's clock (with the export's
// offset); local times add its utc_offset.
import { type SessionPassing, sessionNumber, sessionStem } from "./sessionFile.ts";

export type FormatId = "raceresult" | "chronotrack" | "crossmgr" | "generic";

/** What a format writes besides the passings: the session, the unit and its zone. */
export interface ExportContext {
  /** The session file's name (timing_0007.csv). */
  session: string;
  /** The unit's name. */
  device: string;
  /** Seconds east of UTC (time/sources' utc_offset): local times are the unit's clock plus this. */
  utcOffsetS: number;
}

export interface ExportFormat {
  id: FormatId;
  /** The format's name in the dialog. */
  label: string;
  /** One line under it: what the program does with the file. */
  hint: string;
  /** Between the session's name and the extension: timing_0007.raceresult.txt. */
  suffix: string;
  extension: "txt" | "csv";
  /** The file's MIME type. */
  type: string;
  write(passings: readonly SessionPassing[], ctx: ExportContext): string;
}

export const EOL = "\r\n";

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const P2 = Array.from({ length: 100 }, (_, i) => pad2(i));
const P3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, "0"));
const DAY_MS = 86_400_000;

/**
 * The wall-clock text of instants `utcOffsetS` east of UTC, as ISO 8601 writes them: `date` yyyy-MM-dd and `time`
 * HH:mm:ss.sss of the last instant `set`. A day's date is made once (a session's passings share a day or two), the
 * time by arithmetic: a Date and its ISO text for each of 100,000 passings was most of an export's time.
 */
export class WallClock {
  date = "";
  time = "";
  #day = Number.NaN;
  readonly #offsetMs: number;

  constructor(utcOffsetS: number) {
    this.#offsetMs = utcOffsetS * 1000;
  }

  set(epochMs: number): this {
    const local = epochMs + this.#offsetMs;
    const day = Math.floor(local / DAY_MS);
    if (day !== this.#day) {
      this.#day = day;
      this.date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    }
    let rest = local - day * DAY_MS;
    const h = Math.floor(rest / 3_600_000);
    rest -= h * 3_600_000;
    const m = Math.floor(rest / 60_000);
    rest -= m * 60_000;
    const sec = Math.floor(rest / 1000);
    this.time = `${P2[h]}:${P2[m]}:${P2[sec]}.${P3[rest - sec * 1000]}`;
    return this;
  }
}

/** `+02:00` (RFC 3339's offset); `+05:30:15` for an offset that is not whole minutes (no zone has one). */
export function offsetText(utcOffsetS: number): string {
  const sign = utcOffsetS < 0 ? "-" : "+";
  const abs = Math.abs(utcOffsetS);
  const s = abs % 60;
  return `${sign}${pad2(Math.floor(abs / 3600))}:${pad2(Math.floor((abs % 3600) / 60))}${s ? `:${pad2(s)}` : ""}`;
}

/**
 * Text made line by line, kept as flat pieces of 1,024 lines. Adding 100,000 lines to one string makes a rope of
 * 100,000 nodes that all survive into the old generation: the garbage collector was three quarters of an export's
 * time. Reading a character of a full piece flattens it, so its nodes die young (bench/export.bench.ts).
 */
class Lines {
  #pieces: string[] = [];
  #piece = "";
  #count = 0;

  add(line: string): void {
    this.#piece += line;
    if (++this.#count === 1024) {
      this.#piece.charCodeAt(0);
      this.#pieces.push(this.#piece);
      this.#piece = "";
      this.#count = 0;
    }
  }

  text(): string {
    return this.#pieces.join("") + this.#piece;
  }
}

/** A field of a semicolon-separated record: a separator or line end in it becomes `_` (as the timing port does). */
const semi = (text: string) => text.replace(/[;\r\n]/g, "_");

/** A CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line end. */
export function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const rssiInt = (p: SessionPassing) => (p.rssi === null ? "" : String(Math.round(p.rssi)));
const antText = (p: SessionPassing) => (p.ant === null ? "" : String(p.ant));

/**
 * RACE RESULT's passing record (Decoder Communication Protocol, protocol 1.6 and later: 20 fields):
 * PassingNo;Bib/TranspCode;Date;Time;EventID;Hits;MaxRSSI;InternalData;IsActive;Channel;LoopID;LoopOnly;
 * WakeupCounter;Battery;Temperature;InternalActiveData;BoxName;FileNumber;MaxRSSIAntenna;BoxId
 */
function raceResult(passings: readonly SessionPassing[], ctx: ExportContext): string {
  const local = new WallClock(ctx.utcOffsetS);
  // InternalData, IsActive 0 (passive tags), Channel to InternalActiveData empty, BoxName, FileNumber.
  const middle = `;;0;;;;;;;;${semi(ctx.device)};${sessionNumber(ctx.session) ?? ""};`;
  const out = new Lines();
  for (const p of passings) {
    local.set(p.time);
    out.add(
      `${p.n};${semi(p.tag)};${local.date};${local.time};0;${p.reads};${rssiInt(p)}${middle}${antText(p)};${EOL}`,
    );
  }
  return out.text();
}

/** ChronoTrack's raw CSV tag observation: TO,seq,tag,timer,event,epoch s (2 decimals),reader,port,RSSI,reader seq,P,reads */
function chronoTrack(passings: readonly SessionPassing[]): string {
  const out = new Lines();
  for (const p of passings) {
    const cs = Math.floor(p.time / 10);
    out.add(
      `TO,${p.n},${p.tag},,,${Math.floor(cs / 100)}.${P2[cs % 100]},,${antText(p)},${rssiInt(p)},${p.n},P,${p.reads}${EOL}`,
    );
  }
  return out.text();
}

/** CrossMgr's chip import (its Impinj import's parser): a `Tag,Timestamp` header, then tag,yyyy-MM-dd HH:mm:ss.sss local. */
function crossMgr(passings: readonly SessionPassing[], ctx: ExportContext): string {
  const local = new WallClock(ctx.utcOffsetS);
  const out = new Lines();
  out.add(`Tag,Timestamp${EOL}`);
  for (const p of passings) {
    local.set(p.time);
    out.add(`${p.tag},${local.date} ${local.time}${EOL}`);
  }
  return out.text();
}

export const GENERIC_HEADER = "n,tag,time_utc,time_local,antenna,rssi_dbm,reads,R,device,session";

/** Every field the unit has, one row a passing, with a header (GENERIC_HEADER); R is 1: read back from storage. */
function generic(passings: readonly SessionPassing[], ctx: ExportContext): string {
  const utc = new WallClock(0);
  const local = new WallClock(ctx.utcOffsetS);
  const zone = offsetText(ctx.utcOffsetS);
  const tail = `,1,${csvCell(ctx.device)},${csvCell(ctx.session)}${EOL}`;
  const out = new Lines();
  out.add(`${GENERIC_HEADER}${EOL}`);
  for (const p of passings) {
    utc.set(p.time);
    local.set(p.time);
    const rssi = p.rssi === null ? "" : String(p.rssi);
    out.add(
      `${p.n},${csvCell(p.tag)},${utc.date}T${utc.time}Z,${local.date}T${local.time}${zone},${antText(p)},${rssi},${p.reads}${tail}`,
    );
  }
  return out.text();
}

const TEXT = "text/plain;charset=utf-8";
const CSV = "text/csv;charset=utf-8";

/** The formats, in the dialog's order. */
export const FORMATS: readonly ExportFormat[] = [
  {
    id: "raceresult",
    label: "RACE RESULT passings",
    hint: "The decoder's passing record, one line a passing: read it as a passings file.",
    suffix: "raceresult",
    extension: "txt",
    type: TEXT,
    write: raceResult,
  },
  {
    id: "chronotrack",
    label: "ChronoTrack style CSV",
    hint: "TO lines as a ChronoTrack controller's raw CSV file.",
    suffix: "chronotrack",
    extension: "csv",
    type: CSV,
    write: chronoTrack,
  },
  {
    id: "crossmgr",
    label: "CrossMgr chip import",
    hint: "Tag,Timestamp in local time, for Chip Reader › Import (the Impinj format).",
    suffix: "crossmgr",
    extension: "txt",
    type: TEXT,
    write: crossMgr,
  },
  {
    id: "generic",
    label: "Generic CSV",
    hint: "Every field the unit has, with a header: UTC and local time, antenna, RSSI, reads.",
    suffix: "passings",
    extension: "csv",
    type: CSV,
    write: generic,
  },
];

export function formatOf(id: FormatId): ExportFormat {
  return FORMATS.find((f) => f.id === id) ?? (FORMATS[0] as ExportFormat);
}

/** The exported file's name: timing_0007.csv in RACE RESULT's format is timing_0007.raceresult.txt. */
export function exportFileName(session: string, format: ExportFormat): string {
  return `${sessionStem(session)}.${format.suffix}.${format.extension}`;
}
