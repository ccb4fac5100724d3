// The time sources over time (D13) on a manual clock: the living GPS's fix after boot, which source is followed with
// and without gps_correction, the RTC's holdover drift of the device clock, and the drift gone when a source is back.
import { describe, expect, it } from "vitest";
import { DeviceClock } from "../clock/device-clock.ts";
import { manualClock } from "../clock/manual-clock.ts";
import { DEFAULT_RTC_DRIFT_PPM, GPS_FIX_AFTER_BOOT_MS, TimeKeeper } from "./time-keeper.ts";

const HOUR = 3_600_000;

/** A unit's device clock with its time sources attached, on a manual host clock. */
function unit(gpsCorrection = true, offsetMs = 0) {
  const host = manualClock();
  const config = { gpsCorrection };
  const time = new TimeKeeper({ gpsCorrection: () => config.gpsCorrection }, host.now());
  const clock = new DeviceClock(host, offsetMs);
  clock.attachDrift(time);
  time.boot(host.now());
  return { host, time, clock, config, at: () => time.at(host.now()) };
}

describe("TimeKeeper", () => {
  it("the living GPS: no fix for 12 s after boot, then 3d; NTP answers all along", () => {
    const u = unit();
    expect(u.at()).toMatchObject({ hasGps: true, fix: "none", ntp: true, followed: "ntp", lastFixAt: null });
    u.host.advance(GPS_FIX_AFTER_BOOT_MS - 1);
    expect(u.at().fix).toBe("none");
    u.host.advance(1);
    expect(u.at()).toMatchObject({ fix: "3d", followed: "gps", lastFixAt: u.host.now() });
    // A boot starts the receiver again.
    u.time.boot(u.host.now());
    expect(u.at()).toMatchObject({ fix: "none", followed: "ntp" });
  });

  it("gps_correction false follows NTP, else the RTC, whatever the GPS does", () => {
    const u = unit(false);
    u.host.advance(20_000);
    expect(u.at()).toMatchObject({ fix: "3d", followed: "ntp" });
    u.time.setOverrides({ ntp: false }, u.host.now());
    expect(u.at().followed).toBe("rtc");
    u.config.gpsCorrection = true;
    expect(u.at().followed).toBe("gps");
  });

  it("holds over on the RTC once GPS and NTP are gone: the clock drifts 2 ppm, and the fix back steps it back", () => {
    const u = unit(true, 5000);
    u.host.advance(20_000);
    expect(u.at().followed).toBe("gps");
    const lost = u.host.now();
    u.time.setOverrides({ gpsFix: "none", ntp: false }, lost);
    expect(u.at()).toMatchObject({ followed: "rtc", lastFixAt: lost, lastSyncAt: lost, driftMs: 0 });
    u.host.advance(HOUR);
    expect(u.at().driftMs).toBeCloseTo((DEFAULT_RTC_DRIFT_PPM * HOUR) / 1e6, 6);
    // 7.2 ms: the device clock is 7 ms further from the host clock than it was set.
    expect(u.clock.offsetMs).toBe(5007);
    expect(u.clock.now() - u.host.now()).toBe(5007);
    expect(u.at().lastFixAt).toBe(lost);
    u.time.setOverrides({ ntp: false }, u.host.now());
    expect(u.at()).toMatchObject({ followed: "gps", driftMs: 0, lastSyncAt: u.host.now() });
    expect(u.clock.offsetMs).toBe(5000);
  });

  it("the scenario's drift rate, and setting the clock starts the drift from 0", () => {
    const u = unit(false);
    u.time.setOverrides({ ntp: false, rtcDriftPpm: -50 }, u.host.now());
    u.host.advance(HOUR);
    expect(u.clock.offsetMs).toBe(-180);
    u.clock.setOffset(0);
    expect(u.clock.offsetMs).toBe(0);
    u.host.advance(HOUR / 2);
    expect(u.clock.offsetMs).toBe(-90);
    u.clock.set(u.host.now() + 1000);
    expect(u.clock.offsetMs).toBe(1000);
  });

  it("a unit without GPS never has a fix; a pinned fix needs no boot", () => {
    const u = unit();
    u.time.setOverrides({ gpsAbsent: true }, u.host.now());
    u.host.advance(HOUR);
    expect(u.at()).toMatchObject({ hasGps: false, fix: "none", followed: "ntp", lastFixAt: null });
    u.time.setOverrides({ gpsFix: "2d" }, u.host.now());
    expect(u.at()).toMatchObject({ hasGps: true, fix: "2d", followed: "gps" });
  });
});
