// Test and timing mode (D12): timing sessions and their files, the passings stored, and Filtered / Sent / Left.
//
// - The unit boots in test mode: `record` stores nothing there and `marker` is refused (null).
// - `start` opens the next timing_NNNN.csv (one above the highest number among the names given and those opened this
//   run, written yet or not; 4 digits at least) and writes its header; a start while timing keeps the session that
//   is open (no second file mid-race) and says so (`started: false`). `stop` stores the last passings it is given
//   (the filter's closeAll) and closes the session; a stop in test mode does nothing.
// - A passing is stored in the session's file as it is made, one CSV row (the columns of today's timing files:
//   tag,bib,time_utc,channel,rssi_dbm,reads; channel 1-based, a marker's 0 with no RSSI and 0 reads). The unit has no
//   bib table: the bib is the tag's trailing number (up to 10 digits, as the example files' tags end in their bib).
//   Rows go to the injected `append` one write after the other, each awaited before the next; the rows made while
//   a write is under way go together in the next one (a write costs tens of ms: one a row falls behind a busy race).
// - Numbers: `n` is the passing's number in its session (1..n, its row in the file, SEQ on the filtered port);
//   `index` counts every passing this run (1, 2, ...) across sessions: what the filtered port's cursors follow.
// - Filtered: passings stored this run. Sent: passings taken by at least one program on the filtered port (each
//   counted once, however many programs took it). Left = Filtered - Sent. A program that connects starts after
//   the newest passing any program took, so it gets what is Left, oldest first, then live ones; a second program
//   that connects while the first is up to date gets only live ones (REWIND asks for the rest). Because every
//   program starts there and takes in order, what was taken is always 1..Sent; a program that stops taking does
//   not hold Left up while another takes, and what nobody took when it leaves stays Left for the next one.
// - Stored passings are kept in memory for the run (about 370 bytes each: bench:timing) so that a cursor is all a program costs.
import {
  type FilteredPassing,
  TIMING_PORT,
  type TimingMode,
  type TimingSessionInfo,
  type TimingSessionSummary,
} from "@trc/protocol";
import type { PortFeed } from "./types.ts";

export const TIMING_FILE_HEADER = "tag,bib,time_utc,channel,rssi_dbm,reads";

/** A passing as a timing file holds it. */
export interface Passing {
  /** Its number in its session: its row in the file (1 for the first after the header). */
  n: number;
  tag: string;
  bib: string;
  /** Epoch ms by the unit's clock. */
  time: number;
  /** Channel id, zero-based; null for a marker. */
  ant: number | null;
  /** dBm; null for a marker. */
  rssi: number | null;
  reads: number;
}

/** A passing stored this run. */
export interface StoredPassing extends Passing {
  /** Its place among every passing stored this run (1, 2, ...). */
  index: number;
  file: string;
}

export interface SessionDeps {
  /** The unit's clock (epoch ms). */
  now: () => number;
  /** Appends one line (ending in \n) to a file of the unit's file system, creating it. */
  append: (file: string, line: string) => void | Promise<void>;
  bibOf?: (tag: string) => string;
  /** A row that could not be written (the passing stays stored and sent). */
  onWriteError?: (file: string, error: unknown) => void;
}

export interface PassingCounts {
  filtered: number;
  sent: number;
  left: number;
}

/** The tag's trailing number without leading zeros (up to 10 digits), or "" when it ends in no digit. */
export function bibOfTag(tag: string): string {
  const digits = /(\d{1,10})$/.exec(tag)?.[1];
  return digits === undefined ? "" : String(Number(digits));
}

/** The next timing file's name: one above the highest timing_N.csv among `names` (timing_0001.csv for none). */
export function nextTimingFile(names: readonly string[]): string {
  let highest = 0;
  for (const name of names) {
    const m = /^timing_(\d+)\.csv$/i.exec(name);
    if (m) highest = Math.max(highest, Number(m[1]));
  }
  return `timing_${String(highest + 1).padStart(4, "0")}.csv`;
}

const cell = (text: string) => text.replace(/[,\r\n"]/g, "_");

/** One timing file row (with its \n). */
export function timingRow(p: Passing): string {
  const channel = p.ant === null ? 0 : p.ant + 1;
  const rssi = p.rssi === null ? "" : String(p.rssi);
  return `${cell(p.tag)},${cell(p.bib)},${new Date(p.time).toISOString()},${channel},${rssi},${p.reads}\n`;
}

export class TimingSessions {
  #session: (TimingSessionInfo & { firstIndex: number }) | null = null;
  #stored: StoredPassing[] = [];
  /** Passings 1..#sent (by index) were taken by a program on the filtered port. */
  #sent = 0;
  #writes: Promise<void> = Promise.resolve();
  /** The last write queued and not yet begun: rows for its file join it. */
  #waiting: { file: string; text: string } | null = null;
  #opened = new Set<string>();
  /** This run's sessions by file, in the order opened: passings, first and last time (the dataset's `sessions`). */
  #summaries = new Map<string, TimingSessionSummary>();

  constructor(private readonly deps: SessionDeps) {}

  get mode(): TimingMode {
    return this.#session ? "timing" : "test";
  }

  /** The open session for the telemetry dataset, or null in test mode. */
  info(): TimingSessionInfo | null {
    const s = this.#session;
    return s ? { file: s.file, startedAt: s.startedAt, passings: s.passings } : null;
  }

  /** Opens a session in the next timing file after `existing` (the file system's names); see the module note. */
  start(existing: readonly string[]): { file: string; started: boolean } {
    if (this.#session) return { file: this.#session.file, started: false };
    // The files opened this run count too: a header may not be on disk yet when the next session starts.
    const file = nextTimingFile([...existing, ...this.#opened]);
    this.#opened.add(file);
    this.#summaries.set(file, { file, passings: 0, first: null, last: null });
    this.#session = { file, startedAt: this.deps.now(), passings: 0, firstIndex: this.#stored.length + 1 };
    this.#write(file, `${TIMING_FILE_HEADER}\n`);
    return { file, started: true };
  }

  /** Stores `last` (the visits still open) and closes the session; null in test mode. */
  stop(last: readonly FilteredPassing[] = []): { file: string; passings: number } | null {
    const s = this.#session;
    if (!s) return null;
    this.record(last);
    this.#session = null;
    return { file: s.file, passings: s.passings };
  }

  /** Stores the filter's passings in the open session, in order; in test mode stores nothing. */
  record(passings: readonly FilteredPassing[]): StoredPassing[] {
    const bibOf = this.deps.bibOf ?? bibOfTag;
    return passings.flatMap(({ read, reads }) => {
      const stored = this.#store({
        tag: read.tag,
        bib: bibOf(read.tag),
        time: read.time,
        ant: read.ant,
        rssi: read.rssi,
        reads,
      });
      return stored ? [stored] : [];
    });
  }

  /** A marker at the moment asked for (default now), stored like any passing; null in test mode. */
  marker(at: number = this.deps.now()): StoredPassing | null {
    return this.#store({ tag: TIMING_PORT.markerTag, bib: "", time: at, ant: null, rssi: null, reads: 0 });
  }

  /** The passings of the open session, numbered 1..n (empty in test mode). */
  sessionPassings(): readonly StoredPassing[] {
    return this.#session ? this.#stored.slice(this.#session.firstIndex - 1) : [];
  }

  /** This run's sessions, in the order opened: each one's passings and their earliest and latest time. */
  summaries(): TimingSessionSummary[] {
    return [...this.#summaries.values()].map((s) => ({ ...s }));
  }

  /** Every passing stored this run, by index. */
  stored(): readonly StoredPassing[] {
    return this.#stored;
  }

  counts(): PassingCounts {
    const filtered = this.#stored.length;
    return { filtered, sent: this.#sent, left: filtered - this.#sent };
  }

  /** The filtered port's feed: every passing stored this run, by index; a new program starts after Sent. */
  readonly feed: PortFeed<StoredPassing> = {
    start: () => this.#sent,
    after: (after, max) => {
      const from = Math.max(0, after);
      const items = this.#stored.slice(from, from + max);
      return { items, last: items.at(-1)?.index ?? after };
    },
    taken: (last) => {
      this.#sent = Math.min(this.#stored.length, Math.max(this.#sent, last));
    },
  };

  /** Resolves when every row handed to `append` so far was written (or failed). */
  settled(): Promise<void> {
    return this.#writes;
  }

  #store(p: Omit<Passing, "n">): StoredPassing | null {
    const s = this.#session;
    if (!s) return null;
    s.passings++;
    const stored: StoredPassing = { ...p, n: s.passings, index: this.#stored.length + 1, file: s.file };
    this.#stored.push(stored);
    const sum = this.#summaries.get(s.file);
    if (sum) {
      sum.passings = s.passings;
      sum.first = sum.first === null ? p.time : Math.min(sum.first, p.time);
      sum.last = sum.last === null ? p.time : Math.max(sum.last, p.time);
    }
    this.#write(s.file, timingRow(stored));
    return stored;
  }

  #write(file: string, line: string): void {
    const waiting = this.#waiting;
    if (waiting?.file === file) {
      waiting.text += line;
      return;
    }
    const write = { file, text: line };
    this.#waiting = write;
    this.#writes = this.#writes
      .then(() => {
        if (this.#waiting === write) this.#waiting = null;
        return this.deps.append(write.file, write.text);
      })
      .catch((error: unknown) => this.deps.onWriteError?.(file, error));
  }
}
