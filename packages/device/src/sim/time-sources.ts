// The time/sources and gnss datasets (SPEC §7, D13) from the sources at one moment (TimeKeeper): each source's kind,
// accuracy and time and the one the clock follows, SPEC's fields as they were (gps, then rtc, which consoles prefer).
import {
  type GnssTelemetry,
  holdoverAccuracyUs,
  type TimeSource,
  type TimeSourcesTelemetry,
} from "@trc/protocol";
import { round, smoothNoise } from "./noise.ts";
import type { SourcesNow } from "./time-keeper.ts";

/** The accuracy (µs) of a source that never had its reference since power-on: a second. */
export const UNKNOWN_ACCURACY_US = 1_000_000;

export interface SourcesReading {
  sources: SourcesNow;
  /** The host clock and the device clock now (epoch ms). */
  hostNow: number;
  deviceNow: number;
  /** Since power-on (the accuracies' noise). */
  elapsedMs: number;
}

/**
 * gps (while the unit has one), rtc and ntp, each with its time and accuracy: a source with its reference gives the
 * true time (the device clock less its drift); one that lost it gives the device clock, its accuracy grown by D13's
 * 5 ppm since it last had it (a second when it never had). The followed RTC grows the same way since the last sync.
 */
export function timeSources(r: SourcesReading, utcOffsetS: number): TimeSourcesTelemetry {
  const s = r.sources;
  const tS = r.elapsedMs / 1000;
  const sourceTime = r.deviceNow - Math.round(s.driftMs);
  const held = (base: number, since: number | null) =>
    since === null ? UNKNOWN_ACCURACY_US : Math.round(holdoverAccuracyUs(base, r.hostNow - since));
  const gpsBase = round(0.1 + 0.05 * Math.abs(smoothNoise(90, tS, 20)), 3);
  const rtcBase = Math.round(500 + 300 * Math.abs(smoothNoise(91, tS, 60)));
  const ntpBase = Math.round(2000 + 6000 * Math.abs(smoothNoise(92, tS, 60)));
  const sources: TimeSource[] = [];
  if (s.hasGps) {
    const fixed = s.fix !== "none";
    sources.push({
      name: "gps",
      kind: "gps",
      accuracy: fixed ? gpsBase : held(gpsBase, s.lastFixAt),
      time: fixed ? sourceTime : r.deviceNow,
      followed: s.followed === "gps",
    });
  }
  const holding = s.followed === "rtc" && s.lastSyncAt !== null;
  sources.push({
    name: "rtc",
    kind: "rtc",
    accuracy: holding ? held(rtcBase, s.lastSyncAt) : rtcBase,
    time: r.deviceNow,
    followed: s.followed === "rtc",
  });
  sources.push({
    name: "ntp",
    kind: "ntp",
    accuracy: s.ntp ? ntpBase : held(ntpBase, s.lastNtpAt),
    time: s.ntp ? sourceTime : r.deviceNow,
    followed: s.followed === "ntp",
  });
  return { sources, utc_offset: utcOffsetS };
}

/** The GPS receiver (D13's fields, then its position); null for a unit without GPS (the dataset answers 404). */
export function gnss(r: SourcesReading): (GnssTelemetry & Record<string, unknown>) | null {
  const s = r.sources;
  if (!s.hasGps) return null;
  const tS = r.elapsedMs / 1000;
  const satellites = { none: 0, "2d": 3, "3d": 9 + Math.round(2 * smoothNoise(100, tS, 60)) }[s.fix];
  return {
    fix: s.fix,
    satellites,
    pps: s.fix !== "none",
    // By the unit's clock: the host time of the fix plus the device clock's offset now.
    lastFixAt: s.lastFixAt === null ? null : s.lastFixAt + (r.deviceNow - r.hostNow),
    lat: round(-37.8136 + 0.00002 * smoothNoise(101, tS, 10), 6),
    lon: round(144.9631 + 0.00002 * smoothNoise(102, tS, 10), 6),
    alt: round(31 + 2 * smoothNoise(103, tS, 20), 1),
    hdop: round(0.9 + 0.2 * Math.abs(smoothNoise(104, tS, 30)), 2),
  };
}
