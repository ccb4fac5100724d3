// Device Time state (SPEC §4): NOT_QUERIED → QUERYING → a verdict, or NO_GOOD_RESULTS when every attempt fails.
import { API, type TimeAccuracy } from "@trc/protocol";
import { create } from "zustand";
import { type RequestOptions, send } from "../api/client.ts";
import { DeviceError } from "../api/errors.ts";
import { apiBase, useDeviceSettings } from "../shared/deviceSettings.ts";
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
  /** Syncs now; while a sync runs, answers with that one (a second never starts beside it). */
  requery(): Promise<void>;
  /** A sync that starts after any running one has ended: its samples are all newer than this call (after a set). */
  resync(): Promise<void>;
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

const NOT_QUERIED = {
  accuracy: "NOT_QUERIED",
  estimate: null,
  utcOffset: null,
  good: 0,
  attempts: 0,
  error: null,
  detail: null,
} as const;

/** The sync under way, and the unit it measures. */
let running: { unit: string; done: Promise<void> } | null = null;

export const useClock = create<ClockState>((set, get) => ({
  ...NOT_QUERIED,
  requery() {
    if (running && get().accuracy === "QUERYING") return running.done;
    const unit = apiBase();
    // A sync of a unit the console has since left writes nothing: its figures are not about the unit on screen.
    const mine = () => running?.unit === unit && apiBase() === unit;
    set({ accuracy: "QUERYING", error: null, detail: null, good: 0, attempts: 0 });
    const done = (async () => {
      const outcome = await syncClock(() => takeSample({ base: unit }), {
        onAttempt: (attempts, good) => mine() && set({ attempts, good }),
      });
      if (!mine()) return;
      if (!outcome.ok) {
        set({ accuracy: "NO_GOOD_RESULTS", estimate: null, error: SYNC_FAILED_TEXT, detail: outcome.error });
        return;
      }
      const { estimate, utcOffset } = outcome;
      set({ accuracy: accuracyVerdict(estimate.offsetMs, estimate.delayMs), estimate, utcOffset });
    })().finally(() => {
      if (running?.done === done) running = null;
    });
    running = { unit, done };
    return done;
  },
  async resync() {
    await running?.done;
    return get().requery();
  },
}));

// Another unit chosen: the last sync measured the previous one.
useDeviceSettings.subscribe((now, before) => {
  if (now.rootAPI === before.rootAPI) return;
  running = null;
  useClock.setState(NOT_QUERIED);
});
