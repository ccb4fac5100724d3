// Every time source of a unit (issue 41, D13), pure: each source's kind, accuracy and difference from the unit's clock,
// the one the clock follows, the GPS fix in words, and holdover (GPS lost: the RTC's error grows at 5 ppm).
import { parseDeviceTime } from "./timeSync.ts";

type Maybe<T> = T | undefined | null;

/** A source of `time/sources`: SPEC's name, accuracy (µs) and time; D13's kind and followed where the unit has them. */
export interface SourceReading {
  name?: string;
  accuracy?: number;
  time?: number | string;
  kind?: string;
  followed?: boolean;
}

/** `gnss` (D13). */
export interface GnssReading {
  fix?: string;
  satellites?: number;
  pps?: boolean;
  lastFixAt?: number | null;
}

export const KIND_WORDS: Record<string, string> = { gps: "GPS", ntp: "NTP", rtc: "RTC", manual: "Manual" };

/** The RTC's drift while it holds over (D13): 5 parts per million of the time since the last fix. */
export const HOLDOVER_PPM = 5;

export interface SourceRow {
  name: string;
  /** GPS, NTP, RTC, Manual; the name's own words for a source without a kind. */
  kind: string;
  /** Accuracy in ms (the unit says µs), or null. */
  accuracyMs: number | null;
  /** This source's time minus the unit's clock (the source it follows, else SPEC's `rtc`), ms; null unknown. */
  differenceMs: number | null;
  followed: boolean;
}

const finite = (v: unknown): v is number => Number.isFinite(v);

/** The kind of a source: D13's, else guessed from SPEC's name (`rtc`, `gps`, `ntp`). */
export function kindOf(s: Maybe<SourceReading>): string | null {
  const k = (s?.kind ?? s?.name ?? "").toLowerCase();
  return k in KIND_WORDS ? k : null;
}

/** The source the unit's clock follows: D13's `followed`, else SPEC's `rtc` (the console's sync reads it). */
export function followedSource(sources: Maybe<readonly Maybe<SourceReading>[]>): SourceReading | null {
  const list = (sources ?? []).filter((s): s is SourceReading => !!s);
  return list.find((s) => s.followed === true) ?? list.find((s) => kindOf(s) === "rtc") ?? list[0] ?? null;
}

/** Each source as the Device Time card lists it. */
export function sourceRows(sources: Maybe<readonly Maybe<SourceReading>[]>): SourceRow[] {
  const clock = followedSource(sources);
  const clockTime = parseDeviceTime(clock?.time);
  return (sources ?? []).flatMap((s) => {
    if (!s) return [];
    const kind = kindOf(s);
    const time = parseDeviceTime(s.time);
    return [
      {
        name: s.name ?? "",
        kind: kind ? (KIND_WORDS[kind] as string) : (s.name ?? "—"),
        accuracyMs: finite(s.accuracy) ? s.accuracy / 1000 : null,
        differenceMs: time !== null && clockTime !== null ? time - clockTime : null,
        followed: s === clock,
      },
    ];
  });
}

/** The GPS fix in words: `3D fix, 9 satellites, PPS`, `No fix, 2 satellites`. */
export function gnssText(g: Maybe<GnssReading>): string | null {
  if (!g) return null;
  const fix = g.fix === "3d" ? "3D fix" : g.fix === "2d" ? "2D fix" : "No fix";
  const sats = finite(g.satellites)
    ? `, ${g.satellites} ${g.satellites === 1 ? "satellite" : "satellites"}`
    : "";
  return `${fix}${sats}${g.pps ? ", PPS" : ""}`;
}

/**
 * Holding over: the unit has GPS (a source of that kind, or a `gnss` reading) and follows something else, GPS last
 * fixed at `lastFixAt` (the unit's clock): since when (minutes) and the RTC's estimated error by now (5 ppm of it).
 */
export function holdover(
  sources: Maybe<readonly Maybe<SourceReading>[]>,
  gnss: Maybe<GnssReading>,
  unitNow: number,
): { minutes: number; errorMs: number } | null {
  const hasGps = (sources ?? []).some((s) => kindOf(s) === "gps") || !!gnss;
  const clock = followedSource(sources);
  if (!hasGps || !clock || kindOf(clock) === "gps" || gnss?.fix === "2d" || gnss?.fix === "3d") return null;
  const last = gnss?.lastFixAt;
  if (!finite(last)) return null;
  const since = Math.max(0, unitNow - last);
  return { minutes: Math.floor(since / 60_000), errorMs: (since * HOLDOVER_PPM) / 1e6 };
}
