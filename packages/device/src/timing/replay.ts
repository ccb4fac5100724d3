// Replays (SPEC's Replay all / selected / manual, D12) and REWIND: which stored passings go again, and the progress.
//
// Stored passings are read back from the timing files (every session's, this run's and earlier ones'), so the caller
// waits for the session's rows to be written (`TimingSessions.settled()`) before reading the files.
// - A passing's number is its row in its file (1 for the first after the header), as it was sent live; a row that
//   does not parse (no valid time) is skipped without renumbering the others.
// - Every list is oldest first by time; equal times keep file order (files by their number), then row order.
// - Replay all: every file. Replay selected: one file. Replay manual: every passing at or after `from`.
//   REWIND: every passing with from ≤ time ≤ to.
// - Progress (`ReplayRun`): a replay goes to the programs on the filtered port when it starts (one that connects
//   later gets Left passings, not the replay). `sent` is what the slowest of them still connected took; the replay
//   is over (progress null) when each has taken it all or left. Started with no program, it is over at once.
import type { Passing } from "./session.ts";

export interface TimingFileText {
  name: string;
  csv: string;
}

/** A timing file's name, as state/file-system.ts's isTimingFile says. */
const isTimingFile = (name: string) => /^timing_.*\.csv$/i.test(name);
const number = (name: string) => Number(/(\d+)/.exec(name)?.[1] ?? Number.POSITIVE_INFINITY);

/** One row of a timing file as the passing numbered `n`, or null for a row that does not parse (no tag, no valid time). */
export function parseTimingRow(row: string, n: number): Passing | null {
  if (!row.trim()) return null;
  const [tag = "", bib = "", iso = "", channel = "", rssi = "", reads = ""] = row.split(",");
  const time = Date.parse(iso);
  if (!tag || !Number.isFinite(time)) return null;
  const ch = Number(channel);
  const dbm = rssi.trim() === "" ? Number.NaN : Number(rssi);
  return {
    n,
    tag,
    bib,
    time,
    ant: Number.isInteger(ch) && ch > 0 ? ch - 1 : null,
    rssi: Number.isFinite(dbm) ? dbm : null,
    reads: Number.isInteger(Number(reads)) ? Math.max(0, Number(reads)) : 0,
  };
}

/** The passings of one timing file, numbered by row. */
export function parseTimingFile(csv: string): Passing[] {
  const out: Passing[] = [];
  const rows = csv.split(/\r?\n/).slice(1);
  rows.forEach((row, i) => {
    const passing = parseTimingRow(row, i + 1);
    if (passing) out.push(passing);
  });
  return out;
}

/** The passings of the timing files among `files`, oldest first. */
function passingsOf(files: readonly TimingFileText[], keep: (p: Passing) => boolean): Passing[] {
  const ordered = files
    .filter((f) => isTimingFile(f.name))
    .sort((a, b) => number(a.name) - number(b.name) || (a.name < b.name ? -1 : 1));
  const all = ordered.flatMap((f) => parseTimingFile(f.csv).filter(keep));
  // Array.prototype.sort is stable: equal times keep file and row order.
  return all.sort((a, b) => a.time - b.time);
}

export function replayAll(files: readonly TimingFileText[]): Passing[] {
  return passingsOf(files, () => true);
}

/** One file's passings; [] when it is not a timing file. */
export function replaySelected(file: TimingFileText): Passing[] {
  return passingsOf([file], () => true);
}

export function replayManual(files: readonly TimingFileText[], from: number): Passing[] {
  return passingsOf(files, (p) => p.time >= from);
}

/** REWIND's passings: from ≤ time ≤ to (epoch ms). */
export function rewindWindow(files: readonly TimingFileText[], from: number, to: number): Passing[] {
  return passingsOf(files, (p) => p.time >= from && p.time <= to);
}

/** One replay's progress over the programs it was given to (see the module note). */
export class ReplayRun {
  readonly total: number;
  #taken = new Map<unknown, number>();

  constructor(total: number, programs: Iterable<unknown>) {
    this.total = total;
    for (const p of programs) if (total > 0) this.#taken.set(p, 0);
  }

  /** `program` took `count` more of the replay's passings. */
  took(program: unknown, count: number): void {
    const had = this.#taken.get(program);
    if (had === undefined) return;
    if (had + count >= this.total) this.#taken.delete(program);
    else this.#taken.set(program, had + count);
  }

  /** `program` left: the replay no longer waits for it. */
  leave(program: unknown): void {
    this.#taken.delete(program);
  }

  get done(): boolean {
    return this.#taken.size === 0;
  }

  /** {total, sent} while under way, sent being the slowest program's; null once over. */
  progress(): { total: number; sent: number } | null {
    if (this.done) return null;
    return { total: this.total, sent: Math.min(...this.#taken.values()) };
  }
}
