// Timing (D12): GET /api/telemetry/timing (mode, session, programs on the timing ports, replay) and the port's limits.
import * as z from "zod/mini";
import { TELEMETRY_SCHEMAS } from "./telemetry.ts";
import { UploadTelemetry } from "./upload.ts";

const num = z.number();
const count = z.int().check(z.gte(0));

/** The dataset's name under /api/telemetry/ (beyond SPEC §7's list: a unit without it answers 404). */
export const TIMING_DATASET = "timing";

/** The timing ports' acquisition protocol (D12): its limits and fixed texts. */
export const TIMING_PORT = {
  /** Programs one port serves at once; the next connection is closed at once. */
  maxConnections: 4,
  /** `*` is sent after this long with nothing else sent. */
  heartbeatMs: 5_000,
  /** A program that takes nothing for this long (its socket full) is disconnected. */
  idleMs: 30_000,
  /** A request line longer than this (bytes, without its end) is answered ERROR and discarded. */
  maxLineBytes: 256,
  heartbeat: "*",
  /** Every line the unit sends ends in CR. */
  eol: "\r",
  /** The answer to a CLOCK that set the unit's clock. */
  clockOk: "CLOCKOK",
  /** The answer to STARTREAD and STOPREAD. */
  readOk: "READOK",
  /** The answer to a line the unit does not take (it changes nothing). */
  error: "ERROR",
  /** A marker's tag (a passing with no antenna: a gun start). */
  markerTag: "MARKER",
  /** The longest REWIND window (366 days, one leap year): a program asking for more is refused rather than flooded. */
  maxRewindMs: 366 * 24 * 3600 * 1000,
} as const;

export const TimingMode = z.enum(["test", "timing"]);
export type TimingMode = z.infer<typeof TimingMode>;

/** raw: every read; filtered: every passing. */
export const TimingPortKind = z.enum(["raw", "filtered"]);
export type TimingPortKind = z.infer<typeof TimingPortKind>;

/** The open timing session: its file, when it started (epoch ms, unit clock) and the passings stored in it. */
export const TimingSessionInfo = z.object({
  file: z.string(),
  startedAt: num,
  passings: count,
});
export type TimingSessionInfo = z.infer<typeof TimingSessionInfo>;

/** A program connected to a timing port: items it took (live and sent again), when; null before the first. */
export const TimingProgram = z.object({
  port: TimingPortKind,
  address: z.string(),
  connectedAt: num,
  sent: count,
  lastSentAt: z.nullable(num),
});
export type TimingProgram = z.infer<typeof TimingProgram>;

/** The replay under way (Replay all, selected, manual): passings to send again and how many were sent. */
export const ReplayProgress = z.object({ total: count, sent: count });
export type ReplayProgress = z.infer<typeof ReplayProgress>;

/** A timing file on the unit (a session, this run's or an earlier one's): its passings and their first and last time. */
export const TimingSessionSummary = z.object({
  file: z.string(),
  passings: count,
  first: z.nullable(num),
  last: z.nullable(num),
});
export type TimingSessionSummary = z.infer<typeof TimingSessionSummary>;

export const TimingTelemetry = z.object({
  mode: TimingMode,
  session: z.nullable(TimingSessionInfo),
  programs: z.array(TimingProgram),
  replay: z.nullable(ReplayProgress),
  /** The timing files, by number (optional: a unit without it still answers the dataset). */
  sessions: z.optional(z.array(TimingSessionSummary)),
  /** D14: the posts to the server of http_url; null when it is empty (optional: a unit without D14 sends none). */
  upload: z.optional(z.nullable(UploadTelemetry)),
});
export type TimingTelemetry = z.infer<typeof TimingTelemetry>;

/** Every dataset a unit with race control answers under /api/telemetry/ (and publishes, D11): SPEC §7's and timing. */
export const UNIT_DATASET_SCHEMAS = { ...TELEMETRY_SCHEMAS, [TIMING_DATASET]: TimingTelemetry } as const;
export type UnitDataset = keyof typeof UNIT_DATASET_SCHEMAS;
export const UNIT_DATASETS = Object.keys(UNIT_DATASET_SCHEMAS) as UnitDataset[];
