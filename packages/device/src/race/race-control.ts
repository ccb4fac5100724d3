// Race control on the unit (D12): test and timing mode, this power-on's filter and sessions, the two timing ports and
// the replays; the one place where the unit (RaceUnit: its clock, configuration, files, read log) meets the pure timing
// modules of src/timing/.
//
// - Each boot starts a new run (test mode, a fresh filter and sessions) and listens on both ports; a halt (reboot,
//   power-off, the reset hook, shutdown) stops timing cleanly (the open visits stored), closes both ports with their
//   programs and waits for the rows to be written.
// - While timing, or while a program is on the raw port, a tick on the unit's clock takes the reader's new reads
//   every TIMING_TICK_MS: the raw port's programs get them, and while timing the filter turns them into passings that
//   the session stores and the filtered port sends. With neither, no tick runs (a long clock advance costs nothing).
// - Ports: see ports.ts. Passing counts: `counts()` is Filtered/Sent/Left while timing or once this run stored a
//   passing; before that the passings dataset keeps the living unit's own upstream counts (docs/TIMING-PORT.md).
import { type FilterOptions, isReads2bSent, PassingFilter, type TimingTelemetry } from "@trc/protocol";
import type { ClockTimer } from "../clock/clock.ts";
import { timingFileTexts } from "../commands/replay.ts";
import type { FileSystem } from "../state/file-system.ts";
import type { TimingFileText } from "../timing/replay.ts";
import type { Passing, PassingCounts, StoredPassing } from "../timing/session.ts";
import { TIMING_FILE_HEADER, TimingSessions } from "../timing/session.ts";
import { SessionList, timingTelemetry } from "../timing/telemetry.ts";
import { type PortKind, type PortsRun, type PortsUnit, timingPorts } from "./ports.ts";

/** What race control uses of the unit: the ports' needs (its clock, configuration, read log, options) and its files. */
export interface RaceUnit extends PortsUnit {
  readonly files: Pick<FileSystem, "list" | "read" | "append">;
}

/**
 * How often the unit takes its new reads while timing or while a program is on the raw port: a read waits for the
 * next tick, so this is the floor of the read → line latency (p99 53-55 ms at 1,000 reads/s with 50 ms; 250-530 ms
 * with 200 ms). Each tick's passings are one true append to the timing file (FileSystem.append; docs/PERFORMANCE.md).
 */
export const TIMING_TICK_MS = 50;
/** Reads taken from the read log at a time. */
const READS_AT_ONCE = 1000;

/** One power-on's race control. */
interface Run extends PortsRun {
  filter: PassingFilter;
  sessions: TimingSessions;
  /** The seq of the last read the filter was given. */
  cursor: number;
}

export class RaceControl {
  #run: Run | null = null;
  #tick: ClockTimer | null = null;
  /** The port each kind listened on last (a free port chosen once is kept across reboots). */
  readonly #last: Record<PortKind, number> = { raw: 0, filtered: 0 };
  /** The dataset's sessions list (earlier power-ons' files read once, kept across reboots). */
  readonly #sessionList: SessionList;

  constructor(private readonly unit: RaceUnit) {
    this.#sessionList = new SessionList(
      async (name) => (await unit.files.read(name))?.toString("utf8") ?? null,
    );
  }

  /** Power-on: test mode, a fresh filter and sessions, both ports listening (see ports.ts). */
  async boot(): Promise<void> {
    if (this.#run) return;
    const unit = this.unit;
    const sessions = new TimingSessions({
      now: () => unit.clock.now(),
      // A file deleted mid-session (Files page, FS_CLEAR) starts again with its header.
      append: (file, line) =>
        unit.files.append(file, line, line.startsWith(TIMING_FILE_HEADER) ? "" : `${TIMING_FILE_HEADER}\n`),
      onWriteError: (file, error) => unit.options.log(`timing: could not write ${file}: ${String(error)}`),
    });
    const run: Run = {
      filter: new PassingFilter(this.#filterOptions()),
      sessions,
      cursor: unit.reader.log.lastSeq,
      ...timingPorts(unit, this, sessions),
    };
    this.#run = run;
    for (const kind of ["raw", "filtered"] as const) {
      const at = await run.listen(kind, this.#last[kind]);
      if (at !== null) this.#last[kind] = at;
    }
  }

  /** Power-off: timing stops cleanly, both ports close with their programs, the rows written so far reach the disk. */
  async halt(): Promise<void> {
    const run = this.#run;
    if (!run) return;
    await this.stop();
    this.#run = null;
    this.#stopTick();
    await run.close();
    await run.sessions.settled();
  }

  get mode(): TimingTelemetry["mode"] {
    return this.#run?.sessions.mode ?? "test";
  }

  /** The open session's timing file (D14 posts it from its start), null in test mode. */
  get openSession(): string | null {
    return this.#run?.sessions.info()?.file ?? null;
  }

  /** The ports listened on now (null: not listening). */
  ports(): Record<PortKind, number | null> {
    return { raw: this.#run?.at.raw ?? null, filtered: this.#run?.at.filtered ?? null };
  }

  /** Start timing: a new session in the next timing file; while timing, the open session stays (started false). */
  async start(): Promise<{ file: string; started: boolean }> {
    const run = this.#need();
    const names = (await this.unit.files.list()).map((f) => f.name);
    if (run.sessions.mode === "test") {
      // Passings come from the reads made from now on, not from those made in test mode.
      this.unit.reader.advance();
      run.cursor = this.unit.reader.log.lastSeq;
      run.filter.reset();
    }
    const started = run.sessions.start(names);
    this.ensureTick();
    return started;
  }

  /** Stop timing: the reads up to now and the visits still open are stored, the session closed; null in test mode. */
  async stop(): Promise<{ file: string; passings: number } | null> {
    const run = this.#run;
    if (!run || run.sessions.mode === "test") return null;
    this.#takeReads(run);
    const stopped = run.sessions.stop(run.filter.closeAll());
    run.filtered.notify();
    await run.sessions.settled();
    return stopped;
  }

  /** A marker now, after the passings of the reads made before it; null in test mode. */
  marker(): StoredPassing | null {
    const run = this.#run;
    if (!run || run.sessions.mode === "test") return null;
    this.#takeReads(run);
    const marker = run.sessions.marker(this.unit.clock.now());
    run.filtered.notify();
    return marker;
  }

  /** The timing files as they are once every row stored so far is written. */
  async timingFiles(): Promise<TimingFileText[]> {
    await this.#run?.sessions.settled();
    return timingFileTexts(this.unit.files);
  }

  /**
   * Replay all / selected / manual: `pick` chooses the stored passings from the timing files (null: nothing to
   * replay, e.g. no such file); they go again, R = 1, to every program on the filtered port now, oldest first.
   */
  async replay(
    pick: (files: readonly TimingFileText[]) => Passing[] | null,
  ): Promise<{ passings: number; files: number; programs: number } | null> {
    const files = await this.timingFiles();
    const items = pick(files);
    if (!items) return null;
    const port = this.#run?.filtered;
    const programs = port?.connections ?? 0;
    port?.replay(items);
    return { passings: items.length, files: files.length, programs };
  }

  /** GET /api/telemetry/timing, with every timing file on the unit as `sessions`. */
  async telemetry(): Promise<TimingTelemetry> {
    const run = this.#run;
    if (!run) return { mode: "test", session: null, programs: [], replay: null };
    const sessions = await this.#sessionList.list(
      await this.unit.files.list(),
      run.sessions.summaries(),
      run.sessions.info()?.file ?? null,
    );
    return timingTelemetry({
      mode: run.sessions.mode,
      session: run.sessions.info(),
      ports: [run.raw, run.filtered],
      sessions,
    });
  }

  /** Filtered / Sent / Left of the passings dataset: while timing, or once this run stored a passing; else null. */
  counts(): PassingCounts | null {
    const sessions = this.#run?.sessions;
    if (!sessions) return null;
    const counts = sessions.counts();
    return sessions.mode === "timing" || counts.filtered > 0 ? counts : null;
  }

  /** Runs the tick while timing or while a program is on the raw port (the raw port calls this when one connects). */
  ensureTick(): void {
    if (this.#tick || !this.#run) return;
    this.#tick = this.unit.clock.setInterval(() => this.#step(), TIMING_TICK_MS).unref();
  }

  #stopTick(): void {
    this.unit.clock.clearInterval(this.#tick);
    this.#tick = null;
  }

  #step(): void {
    const run = this.#run;
    const timing = run?.sessions.mode === "timing";
    if (!run || (!timing && run.raw.connections === 0)) {
      this.#stopTick();
      return;
    }
    this.unit.reader.advance();
    run.raw.notify();
    if (timing) this.#takeReads(run);
  }

  /** Gives the filter every read since the last (the configuration's filter options at once) and stores its passings. */
  #takeReads(run: Run): void {
    const reader = this.unit.reader;
    reader.advance();
    run.filter.configure(this.#filterOptions());
    const made = [];
    for (;;) {
      const reads = reader.log.after(run.cursor, READS_AT_ONCE);
      const last = reads.at(-1);
      if (!last) break;
      run.cursor = last.seq;
      made.push(...run.filter.push(reads));
    }
    made.push(...run.filter.flush(this.unit.clock.now()));
    if (run.sessions.record(made).length) run.filtered.notify();
  }

  /** reads_2b_sent and tag_timeout from the configuration (D5's defaults for a value the filter cannot take). */
  #filterOptions(): FilterOptions {
    const mode = this.unit.config.get("reads_2b_sent", "FS_LS");
    const timeout = this.unit.config.get("tag_timeout", 5);
    return {
      reads2bSent: isReads2bSent(mode) ? mode : "FS_LS",
      tagTimeoutS: Number.isFinite(timeout) && timeout >= 0 ? timeout : 5,
    };
  }

  #need(): Run {
    if (!this.#run) throw new Error("The unit is not running");
    return this.#run;
  }
}
