// Device clock sync (SPEC §4, §8, §9): samples of time/sources, the NTP-style offset estimator and the spec's naive one.
// Pure and environment-free: the console runs it in the browser, bench/clock-offset.ts in Node against the emulator.

import { TIME_SYNC } from "@trc/protocol";
import { sleep as wait } from "../../api/sleep.ts";

/** One answered time query: browser clock at send and receive, the device clock it read (epoch ms). */
export interface TimeSample {
  sentAt: number;
  receivedAt: number;
  deviceTime: number;
  /** The device's utc_offset in seconds, when it sent a valid one. */
  utcOffset: number | null;
  /** How finely the device gave its time, ms (timeResolutionMs); whole milliseconds (1) when not given. */
  resolutionMs?: number;
}

export interface ClockEstimate {
  /** Device clock minus browser clock, ms. */
  offsetMs: number;
  /** The true offset lies within offsetMs ± errorBoundMs (if the device read its clock between send and receive). */
  errorBoundMs: number;
  /** Smallest round trip among the samples, ms. */
  bestRttMs: number;
  /** Mean round trip, ms; SPEC §9's network delay is half of it. */
  meanRttMs: number;
  delayMs: number;
}

const rtt = (s: TimeSample) => s.receivedAt - s.sentAt;
const midpointOffset = (s: TimeSample) => s.deviceTime - (s.sentAt + s.receivedAt) / 2;
/** A device's time is floored to its resolution: its clock read lies in [deviceTime, deviceTime + tick). */
const tick = (s: TimeSample) => s.resolutionMs ?? 1;

/**
 * How finely a device time reading is given, in ms (D3): a whole number of epoch ms is floored to 1 ms, a
 * fractional one is finer (0); an ISO string by the digits after its seconds (none 1000, one 100, two 10, more 1).
 */
export function timeResolutionMs(time: unknown): number {
  if (typeof time === "number") return Number.isInteger(time) ? 1 : 0;
  if (typeof time !== "string") return 1;
  const digits = /:\d\d[.,](\d+)/.exec(time)?.[1]?.length ?? 0;
  return 10 ** Math.max(0, 3 - digits);
}

/** The offset interval one sample allows: the device read its clock between send and receive. */
function bounds(s: TimeSample): [number, number] {
  return [s.deviceTime - s.receivedAt, s.deviceTime + tick(s) - s.sentAt];
}

/** NTP's clock filter: the sample with the smallest round trip; offset from the midpoint, bound half its round trip. */
export function minRttEstimate(samples: readonly TimeSample[]): { offsetMs: number; errorBoundMs: number } {
  const best = samples.reduce((a, b) => (rtt(b) < rtt(a) ? b : a));
  return { offsetMs: midpointOffset(best) + tick(best) / 2, errorBoundMs: (rtt(best) + tick(best)) / 2 };
}

/**
 * The console's estimator. Each sample bounds the offset to [device − received, device + tick − sent]; the
 * intersection of all of them (as NTP's selection does with Marzullo's algorithm) is never wider than the
 * smallest round trip, and its midpoint is the estimate. Inconsistent samples (empty intersection, e.g. the
 * device clock was stepped) fall back to the smallest round trip alone.
 */
export function estimateClock(samples: readonly TimeSample[]): ClockEstimate {
  if (!samples.length) throw new Error("No samples to estimate from");
  let lo = Number.NEGATIVE_INFINITY;
  let hi = Number.POSITIVE_INFINITY;
  for (const s of samples) {
    const [sLo, sHi] = bounds(s);
    lo = Math.max(lo, sLo);
    hi = Math.min(hi, sHi);
  }
  const meanRttMs = samples.reduce((sum, s) => sum + rtt(s), 0) / samples.length;
  const bestRttMs = Math.min(...samples.map(rtt));
  const fallback = minRttEstimate(samples);
  const { offsetMs, errorBoundMs } =
    lo <= hi ? { offsetMs: (lo + hi) / 2, errorBoundMs: (hi - lo) / 2 } : fallback;
  return { offsetMs, errorBoundMs, bestRttMs, meanRttMs, delayMs: meanRttMs / 2 };
}

/** The spec's naive estimate: the mean of (device time − browser time when the answer arrived). */
export function naiveOffset(samples: readonly TimeSample[]): number {
  return samples.reduce((sum, s) => sum + (s.deviceTime - s.receivedAt), 0) / samples.length;
}

/** The mean of the per-sample midpoint offsets (a fairer naive variant, for the benchmark). */
export function meanMidpointOffset(samples: readonly TimeSample[]): number {
  return samples.reduce((sum, s) => sum + midpointOffset(s), 0) / samples.length;
}

/** The device clock as one time/sources answer gave it: the chosen source, its time and resolution, utc_offset. */
export interface DeviceClockReading {
  time: number;
  resolutionMs: number;
  source: string;
  utcOffset: number | null;
}

/** D3: epoch milliseconds, or an ISO-8601 string; null when neither. */
export function parseDeviceTime(time: unknown): number | null {
  if (typeof time === "number") return Number.isFinite(time) ? time : null;
  if (typeof time === "string" && time.trim()) {
    const t = Date.parse(time);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}

/** The device time of a time/sources answer: the source named rtc when present (SPEC §7), else the first valid one. */
export function readDeviceClock(body: unknown): DeviceClockReading | null {
  if (!body || typeof body !== "object") return null;
  const { sources, utc_offset } = body as { sources?: unknown; utc_offset?: unknown };
  if (!Array.isArray(sources)) return null;
  const valid = sources.flatMap((s: unknown) => {
    if (!s || typeof s !== "object") return [];
    const { name, time } = s as { name?: unknown; time?: unknown };
    const t = parseDeviceTime(time);
    const named = typeof name === "string" ? name : "";
    return t === null ? [] : [{ name: named, time: t, resolutionMs: timeResolutionMs(time) }];
  });
  const pick = valid.find((s) => s.name.toLowerCase() === "rtc") ?? valid[0];
  if (!pick) return null;
  const utcOffset = typeof utc_offset === "number" && Number.isInteger(utc_offset) ? utc_offset : null;
  return { time: pick.time, resolutionMs: pick.resolutionMs, source: pick.name, utcOffset };
}

/** A sample from a device clock reading and the browser clock at send and receive. */
export function sampleOf(clock: DeviceClockReading, sentAt: number, receivedAt: number): TimeSample {
  return {
    sentAt,
    receivedAt,
    deviceTime: clock.time,
    resolutionMs: clock.resolutionMs,
    utcOffset: clock.utcOffset,
  };
}

export interface SyncOptions {
  wanted?: number;
  maxAttempts?: number;
  pauseMinMs?: number;
  pauseMaxMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /**
   * Which samples count toward the wanted 5: "low-delay" (the console) counts the answers whose round trip is
   * within LOW_DELAY_MARGIN_MS of the smallest one so far (recounted when a faster one comes); "answered" counts
   * every answer, the spec's literal reading.
   */
  good?: "low-delay" | "answered";
  /** Called after each attempt (for progress). */
  onAttempt?: (attempt: number, good: number) => void;
  /** Stops the sync before its next attempt (the query that asked for it was cancelled). */
  signal?: AbortSignal;
}

export type SyncOutcome =
  | { ok: true; samples: TimeSample[]; attempts: number; estimate: ClockEstimate; utcOffset: number | null }
  | { ok: false; samples: TimeSample[]; attempts: number; error: string };

/**
 * A good sample's round trip is at most this much longer than the fastest one's: its own bound is then within 1 ms
 * of the best, so it is about as informative (NTP's clock filter likewise trusts the low-delay samples).
 */
export const LOW_DELAY_MARGIN_MS = 2;

/**
 * SPEC §9: take samples until 5 are good or 15 attempts were made, with a random 30–120 ms pause between
 * attempts; failed attempts (thrown, or no readable time) are skipped. No answered sample at all is a failure.
 */
export async function syncClock(
  take: () => Promise<TimeSample | null>,
  o: SyncOptions = {},
): Promise<SyncOutcome> {
  const wanted = o.wanted ?? TIME_SYNC.wantedSamples;
  const maxAttempts = o.maxAttempts ?? TIME_SYNC.maxAttempts;
  const min = o.pauseMinMs ?? TIME_SYNC.pauseMinMs;
  const max = o.pauseMaxMs ?? TIME_SYNC.pauseMaxMs;
  const sleep = o.sleep ?? ((ms: number) => wait(ms));
  const random = o.random ?? Math.random;
  const lowDelay = (o.good ?? "low-delay") === "low-delay";
  const samples: TimeSample[] = [];
  let good = 0;
  let fastest = Number.POSITIVE_INFINITY;
  let attempts = 0;
  let lastError = "";
  while (good < wanted && attempts < maxAttempts) {
    if (attempts > 0) await sleep(Math.round(min + random() * (max - min)));
    o.signal?.throwIfAborted();
    attempts++;
    try {
      const s = await take();
      if (s) {
        samples.push(s);
        fastest = Math.min(fastest, rtt(s));
        good = lowDelay
          ? samples.filter((x) => rtt(x) <= fastest + LOW_DELAY_MARGIN_MS).length
          : samples.length;
      } else lastError = "No readable time in the answer";
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
    }
    o.onAttempt?.(attempts, good);
  }
  if (!samples.length) return { ok: false, samples, attempts, error: lastError };
  const utcOffset = samples.at(-1)?.utcOffset ?? null;
  return { ok: true, samples, attempts, estimate: estimateClock(samples), utcOffset };
}
