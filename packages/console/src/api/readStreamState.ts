// The read stream's states as a page sees them, and its timing (D10): what readStream.ts reports and waits by.
import { PASSINGS_STREAM, type TagRead } from "@trc/protocol";
import type { ReadTally } from "./readTally.ts";

/**
 * connecting: asking; live: the stream is open; reconnecting: it ended or failed, the next try is planned; busy:
 * the unit serves its 2 streams already (503); absent: the unit has no stream (404); closed: nobody subscribes.
 */
export type StreamStatus = "connecting" | "live" | "reconnecting" | "busy" | "absent" | "closed";

/** received, missed and lastSeq (the tally's) count since the first subscriber. */
export interface ReadStreamState extends Pick<ReadTally, "received" | "missed" | "lastSeq"> {
  status: StreamStatus;
  /** Connections opened (the first and every resume). */
  connections: number;
  /** Why the stream is not live (a refusal's reason, a lost connection); while live, why reads were missed (MISSED_WHY). */
  reason: string | null;
}

export const STREAM_TIMING = {
  /** No byte for this long (two keep-alives and a margin): the connection is taken as dead and resumed. */
  idleMs: 2 * PASSINGS_STREAM.keepAliveMs + 5_000,
  /** After a connection that carried something ends: try again this soon (reads wait on the unit meanwhile). */
  resumeMs: 50,
  /** After failures in a row: 1 s, 2 s, 4 s... at most this. */
  maxBackoffMs: 10_000,
  /** A 503 without Retry-After: wait this. */
  busyMs: 5_000,
  /** The last subscriber gone: close after this (a page shown again at once, or StrictMode's second effect, keeps it). */
  closeGraceMs: 1_000,
  /**
   * A seek (below) also takes reads made up to this long before the first connection by the unit's clock as the
   * console knows it: the clock estimate's error must not lose a read made just after the page opened.
   */
  seekSlackMs: 1_000,
} as const;

export type ReadsListener = (reads: readonly TagRead[]) => void;

export const INITIAL_STREAM_STATE: ReadStreamState = {
  status: "closed",
  received: 0,
  missed: 0,
  lastSeq: null,
  connections: 0,
  reason: null,
};
