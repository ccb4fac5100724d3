// The unit's time sources over time (D13): GPS fix and loss, NTP, and which one the clock follows; while it follows
// its RTC the clock drifts (the holdover), and a source back steps it onto its time again. Lazy, on injected host times.
//
// - The living unit: GPS gets a 3D fix 12 s after each boot, NTP answers all along. Overrides (the scenario) pin
//   the fix, take the GPS away, or NTP.
// - Followed: with gps_correction GPS while it has a fix, else NTP while it answers, else the RTC; without
//   gps_correction NTP, else the RTC. While the RTC is followed the device clock runs `rtcDriftPpm` fast (2 ppm
//   unless told; D13 bounds it by 5 ppm), from the moment it is followed; once GPS or NTP is followed again that drift
//   is gone at once. Setting the clock (TIME_MANUAL, CLOCK, the scenario's offset) starts the drift from 0 too.
// - Times are host ms; `#last` is how far the sources have been worked out (the host clock never goes back).
import type { GnssFix } from "@trc/protocol";
import type { ClockDrift } from "../clock/device-clock.ts";

/** The living GPS gets its fix this long after a boot. */
export const GPS_FIX_AFTER_BOOT_MS = 12_000;
/** How fast the RTC runs while the unit follows it, unless the scenario says (within D13's 5 ppm). */
export const DEFAULT_RTC_DRIFT_PPM = 2;

/** The scenario's say over the sources; each absent one is the living unit's. */
export interface TimeOverrides {
  /** The GPS fix, pinned. */
  gpsFix?: GnssFix;
  /** The unit has no GPS (gnss answers 404, no gps source). */
  gpsAbsent?: boolean;
  /** NTP answers (true) or not (false). */
  ntp?: boolean;
  /** How fast the RTC runs while followed, ppm (negative: slow). */
  rtcDriftPpm?: number;
}

export type FollowedKind = "gps" | "ntp" | "rtc";

/** The sources at one moment (host ms). */
export interface SourcesNow {
  hasGps: boolean;
  fix: GnssFix;
  ntp: boolean;
  followed: FollowedKind;
  /** When GPS last had a fix, NTP last answered, and GPS or NTP was last followed; null: not since power-on. */
  lastFixAt: number | null;
  lastNtpAt: number | null;
  lastSyncAt: number | null;
  /** How far the device clock has drifted from the sources' time, ms. */
  driftMs: number;
}

export interface TimeKeeperDeps {
  /** The configuration's gps_correction, read when the sources are worked out. */
  gpsCorrection(): boolean;
}

export class TimeKeeper implements ClockDrift {
  #last: number;
  #bootedAt: number;
  #overrides: TimeOverrides = {};
  #drift = 0;
  #lastFix: number | null = null;
  #lastNtp: number | null = null;
  #lastSync: number | null = null;

  constructor(
    private readonly deps: TimeKeeperDeps,
    start: number,
  ) {
    this.#last = start;
    this.#bootedAt = start;
  }

  /** A boot: the GPS receiver starts again without a fix. */
  boot(now: number): void {
    this.#advance(now);
    this.#bootedAt = now;
    this.#settle();
  }

  setOverrides(overrides: TimeOverrides, now: number): void {
    this.#advance(now);
    this.#overrides = { ...overrides };
    this.#settle();
  }

  driftMs(hostMs: number): number {
    this.#advance(hostMs);
    return this.#drift;
  }

  reset(hostMs: number): void {
    this.#advance(hostMs);
    this.#drift = 0;
  }

  /** The sources at host time `now`. */
  at(now: number): SourcesNow {
    this.#advance(now);
    const t = Math.max(now, this.#last);
    const fix = this.#fixAt(t);
    const followed = this.#followedAt(t);
    return {
      hasGps: !this.#overrides.gpsAbsent,
      fix,
      ntp: this.#ntp(),
      followed,
      // What holds now is "last" now.
      lastFixAt: fix === "none" ? this.#lastFix : t,
      lastNtpAt: this.#ntp() ? t : this.#lastNtp,
      lastSyncAt: followed === "rtc" ? this.#lastSync : t,
      driftMs: followed === "rtc" ? this.#drift : 0,
    };
  }

  #fixAt(t: number): GnssFix {
    const o = this.#overrides;
    if (o.gpsAbsent) return "none";
    if (o.gpsFix) return o.gpsFix;
    return t - this.#bootedAt >= GPS_FIX_AFTER_BOOT_MS ? "3d" : "none";
  }

  #ntp(): boolean {
    return this.#overrides.ntp ?? true;
  }

  #followedAt(t: number): FollowedKind {
    if (this.deps.gpsCorrection() && this.#fixAt(t) !== "none") return "gps";
    return this.#ntp() ? "ntp" : "rtc";
  }

  /** When the sources change next by themselves after `t` (the living GPS's fix); Infinity when they do not. */
  #nextChange(t: number): number {
    const o = this.#overrides;
    const fixAt = this.#bootedAt + GPS_FIX_AFTER_BOOT_MS;
    return !o.gpsAbsent && !o.gpsFix && t < fixAt ? fixAt : Number.POSITIVE_INFINITY;
  }

  /** A change at `#last`: a source followed from now on takes the drift away at once. */
  #settle(): void {
    if (this.#followedAt(this.#last) === "rtc") return;
    this.#drift = 0;
    this.#lastSync = this.#last;
  }

  /** Works the sources out up to `to`, a stretch at a time between changes. */
  #advance(to: number): void {
    while (this.#last < to) {
      const from = this.#last;
      const end = Math.min(to, this.#nextChange(from));
      if (this.#fixAt(from) !== "none") this.#lastFix = end;
      if (this.#ntp()) this.#lastNtp = end;
      if (this.#followedAt(from) === "rtc") {
        this.#drift += ((this.#overrides.rtcDriftPpm ?? DEFAULT_RTC_DRIFT_PPM) * (end - from)) / 1e6;
      } else {
        this.#drift = 0;
        this.#lastSync = end;
      }
      this.#last = end;
    }
  }
}
