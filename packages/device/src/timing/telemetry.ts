// GET /api/telemetry/timing (D12): the mode, the open session, the programs on both ports, the replay's progress and
// the sessions list (every timing file on the unit with its passings and their first and last time).
import type {
  TimingMode,
  TimingProgram,
  TimingSessionInfo,
  TimingSessionSummary,
  TimingTelemetry,
} from "@trc/protocol";
import { parseTimingFile, type TimingFileText } from "./replay.ts";

export interface TimingTelemetryParts {
  mode: TimingMode;
  session: TimingSessionInfo | null;
  /** The raw and the filtered port (either may be missing, a port that could not listen). */
  ports: readonly {
    programs(): TimingProgram[];
    replayProgress(): { total: number; sent: number } | null;
  }[];
  /** The sessions list (SessionList.list); left out when not given. */
  sessions?: TimingSessionSummary[];
}

/** The dataset; replays under way on several ports add up (only the filtered port has them). */
export function timingTelemetry(parts: TimingTelemetryParts): TimingTelemetry {
  let total = 0;
  let sent = 0;
  let underWay = false;
  for (const port of parts.ports) {
    const p = port.replayProgress();
    if (!p) continue;
    underWay = true;
    total += p.total;
    sent += p.sent;
  }
  return {
    mode: parts.mode,
    session: parts.session,
    programs: parts.ports.flatMap((p) => p.programs()),
    replay: underWay ? { total, sent } : null,
    ...(parts.sessions ? { sessions: parts.sessions } : {}),
  };
}

/** A timing file's session from its rows (those that parse, as a replay reads them): passings, first and last time. */
export function fileSession(file: TimingFileText): TimingSessionSummary {
  const passings = parseTimingFile(file.csv);
  const times = passings.map((p) => p.time);
  return {
    file: file.name,
    passings: passings.length,
    first: times.length ? Math.min(...times) : null,
    last: times.length ? Math.max(...times) : null,
  };
}

const isTimingFile = (name: string) => /^timing_.*\.csv$/i.test(name);
const number = (name: string) => Number(/(\d+)/.exec(name)?.[1] ?? Number.POSITIVE_INFINITY);

/**
 * The dataset's `sessions`: every timing file on the unit by number, and the open session's even before its file is
 * on disk. This power-on's sessions come from memory (TimingSessions.summaries); a file of an earlier power-on is
 * read once and kept by its name and size (read again when it changes, forgotten when it is gone).
 */
export class SessionList {
  #read = new Map<string, { size: number; summary: TimingSessionSummary }>();

  constructor(private readonly readFile: (name: string) => Promise<string | null>) {}

  async list(
    files: readonly { name: string; size: number }[],
    thisRun: readonly TimingSessionSummary[],
    open: string | null,
  ): Promise<TimingSessionSummary[]> {
    const mine = new Map(thisRun.map((s) => [s.file, s]));
    const out: TimingSessionSummary[] = [];
    const seen = new Set<string>();
    for (const { name, size } of files) {
      if (!isTimingFile(name)) continue;
      seen.add(name);
      const own = mine.get(name);
      if (own) {
        out.push(own);
        continue;
      }
      let kept = this.#read.get(name);
      if (kept?.size !== size) {
        const csv = await this.readFile(name);
        if (csv === null) continue;
        kept = { size, summary: fileSession({ name, csv }) };
        this.#read.set(name, kept);
      }
      out.push(kept.summary);
    }
    for (const name of this.#read.keys()) if (!seen.has(name)) this.#read.delete(name);
    const openOne = open === null ? undefined : mine.get(open);
    if (openOne && !seen.has(openOne.file)) out.push(openOne);
    return out.sort((a, b) => number(a.file) - number(b.file) || (a.file < b.file ? -1 : 1));
  }
}
