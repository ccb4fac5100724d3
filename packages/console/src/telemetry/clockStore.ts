// Device Time state (SPEC §4): NOT_QUERIED → QUERYING → a verdict, or NO_GOOD_RESULTS when every attempt fails.
import { API, type TimeAccuracy } from "@trc/protocol";
import { create } from "zustand";
import { type RequestOptions, send } from "../api/client.ts";
import { DeviceError } from "../api/errors.ts";
import { accuracyVerdict, SYNC_FAILED_TEXT } from "./accuracy.ts";
import { type ClockEstimate, readDeviceClock, sampleOf, syncClock, type TimeSample } from "./timeSync.ts";

export interface ClockState {
  accuracy: TimeAccuracy;
  estimate: ClockEstimate | null;
  /** The device's utc_offset (seconds) from the last sync, when it sent one. */
  utcOffset: number | null;
  /** Good samples / attempts of the last (or running) sync. */
  good: number;
  attempts: number;
  error: string | null;
  /** Why the last attempt failed, for the tooltip of a faulted query. */
  detail: string | null;
  requery(): Promise<void>;
}

/** Sync requests go after the cards' own requests: their timing is measured when they leave the queue anyway. */
const SYNC_PRIORITY = -1;
/** A sample slower than this is useless for the offset; a hung unit must not hold the sync for 15 × 10 s. */
const SAMPLE_TIMEOUT_MS = 3000;

/**
 * One sample through the API client: its high-resolution send and receive times, and the rtc (or first) source.
 * `opts` may name another unit (`base`, the fleet page) and a timeout; default: the configured unit.
 */
export async function takeSample(opts: RequestOptions = {}): Promise<TimeSample | null> {
  const answer = await send(API.telemetry("time/sources"), {
    priority: SYNC_PRIORITY,
    timeoutMs: SAMPLE_TIMEOUT_MS,
    ...opts,
  });
  if (!answer.ok) throw DeviceError.http(answer.status, answer.body);
  const clock = readDeviceClock(answer.body);
  if (!clock) return null;
  return sampleOf(clock, answer.timing.sent, answer.timing.received);
}

export const useClock = create<ClockState>((set, get) => ({
  accuracy: "NOT_QUERIED",
  estimate: null,
  utcOffset: null,
  good: 0,
  attempts: 0,
  error: null,
  detail: null,
  async requery() {
    if (get().accuracy === "QUERYING") return;
    set({ accuracy: "QUERYING", error: null, detail: null, good: 0, attempts: 0 });
    const outcome = await syncClock(() => takeSample(), {
      onAttempt: (attempts, good) => set({ attempts, good }),
    });
    if (!outcome.ok) {
      set({ accuracy: "NO_GOOD_RESULTS", estimate: null, error: SYNC_FAILED_TEXT, detail: outcome.error });
      return;
    }
    const { estimate, utcOffset } = outcome;
    set({ accuracy: accuracyVerdict(estimate.offsetMs, estimate.delayMs), estimate, utcOffset });
  },
}));
