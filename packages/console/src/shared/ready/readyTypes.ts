// The Ready check's shapes (issue 20 §4, issue 31): its readings, items and verdict, shared by the rules and the
// Timing program item (readyRules.ts, readyTiming.ts), which then need not import each other.
import type { TimingProgram, TimingTelemetry } from "@trc/protocol";
import type { ChannelReading } from "../alarms/alarmRules.ts";
import type { Backlog } from "../readings/backlog.ts";

/** What the Timing program item reads of the timing dataset. */
export type TimingReading = Pick<TimingTelemetry, "mode" | "session"> & {
  programs: readonly Pick<TimingProgram, "port">[];
};

type Maybe<T> = T | undefined | null;

export type ReadyItemId = "antennas" | "clock" | "battery" | "storage" | "backlog" | "timing" | "alarms";

export interface ReadyItem {
  id: ReadyItemId;
  label: string;
  ok: boolean;
  /** What the unit shows now, e.g. "3 antennas read within 10 min" or "+12 ms". */
  value: string;
  /** Why it fails (empty when ok). */
  reason: string;
  /** Where it is fixed: a console path or an in-page anchor, and the link's text. */
  fix: { href: string; text: string };
}

export interface ReadyCheck {
  ready: boolean;
  verdict: "Ready" | "Not ready";
  items: ReadyItem[];
}

/** A series of one counter's readings (a channel's Reads, or Passings Seen on a unit without channels), oldest first. */
export type CounterSeries = readonly { t: number; v: number }[];

export interface ReadyReadings {
  now: number;
  /** uhf: every channel with an antenna must read; otherwise the reader as a whole (Passings Seen). */
  mode: string | null;
  channels?: Maybe<readonly Maybe<ChannelReading>[]>;
  /** Channels that had an antenna earlier in the session (the alarm memory): one without now is lost. */
  hadAntenna?: readonly number[];
  /** Each channel's Reads over time, by channel id (uhf). */
  channelReads?: Readonly<Record<number, CounterSeries>>;
  /** Passings Seen over time (a unit without channels). */
  seen?: CounterSeries;
  /** The last clock sync: device minus browser, ms, and when it finished; `failed` when the last one failed. */
  clock?: Maybe<{ offsetMs: number; at: number } | { failed: true }>;
  battery?: Maybe<{ state?: string; time_empty?: number }>;
  /** The race length entered by the operator, hours. */
  raceHours: number;
  storage?: Maybe<{ used?: number; total?: number }>;
  backlog?: Maybe<Pick<Backlog, "left" | "trend">>;
  /** The alarm panel's list: texts and whether each was acknowledged. */
  alarms: readonly { text: string; acknowledged: boolean }[];
  /**
   * Race control (D12's timing dataset): its mode, session and programs; `"waiting"` before the unit's first answer;
   * null (a unit without it) or absent (not read): no Timing program item.
   */
  timing?: Maybe<TimingReading> | "waiting";
  /** The operator marked this unit's timing program not needed (its passings are collected another way). */
  timingNotNeeded?: boolean;
}
