// time/sources and gnss from the sources at one moment (D13): SPEC's fields first, exactly one followed source, and
// the holdover: the RTC's accuracy grows by 5 ppm of the time since the last sync, the sources' time without drift.
import { TimeSourcesTelemetry } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import type { SourcesNow } from "./time-keeper.ts";
import { gnss, timeSources, UNKNOWN_ACCURACY_US } from "./time-sources.ts";

const HOST = 1_800_000_000_000;
const HOUR = 3_600_000;

const sources = (over: Partial<SourcesNow> = {}): SourcesNow => ({
  hasGps: true,
  fix: "3d",
  ntp: true,
  followed: "gps",
  lastFixAt: HOST,
  lastNtpAt: HOST,
  lastSyncAt: HOST,
  driftMs: 0,
  ...over,
});
const read = (s: SourcesNow, deviceNow = HOST + 2000) => ({
  sources: s,
  hostNow: HOST,
  deviceNow,
  elapsedMs: 1000,
});
const byName = <T extends { name: string }>(list: T[]): Record<string, T | undefined> =>
  Object.fromEntries(list.map((s) => [s.name, s]));

describe("timeSources", () => {
  it("lists gps, rtc and ntp with their kind, the device clock's time, and one followed source", () => {
    const t = timeSources(read(sources()), 3600);
    expect(TimeSourcesTelemetry.safeParse(t).success).toBe(true);
    expect(t.utc_offset).toBe(3600);
    expect(t.sources.map((s) => [s.name, s.kind, s.followed, s.time])).toEqual([
      ["gps", "gps", true, HOST + 2000],
      ["rtc", "rtc", false, HOST + 2000],
      ["ntp", "ntp", false, HOST + 2000],
    ]);
    expect(byName(t.sources).gps?.accuracy).toBeLessThan(1);
    expect(byName(t.sources).rtc?.accuracy).toBeLessThanOrEqual(800);
  });

  it("holding over an hour: the RTC 18 ms less accurate, GPS and NTP held too, their time without the drift", () => {
    const s = sources({
      fix: "none",
      ntp: false,
      followed: "rtc",
      lastFixAt: HOST - HOUR,
      lastNtpAt: HOST - HOUR,
      lastSyncAt: HOST - HOUR,
      driftMs: 7.2,
    });
    const fresh = byName(timeSources(read(sources()), 0).sources);
    const held = byName(timeSources(read(s), 0).sources);
    expect(held.rtc).toMatchObject({ followed: true, time: HOST + 2000 });
    expect((held.rtc?.accuracy ?? 0) - (fresh.rtc?.accuracy ?? 0)).toBe(18_000);
    expect(held.gps?.accuracy).toBeGreaterThanOrEqual(18_000);
    expect(held.gps?.followed).toBe(false);
    // A source with its reference says the true time: the device clock less its drift.
    const ntpBack = byName(timeSources(read({ ...s, ntp: true }), 0).sources);
    expect(ntpBack.ntp?.time).toBe(HOST + 2000 - 7);
  });

  it("a source that never had its reference reads a second; no GPS, no gps source", () => {
    const s = sources({
      hasGps: false,
      fix: "none",
      ntp: false,
      followed: "rtc",
      lastNtpAt: null,
      lastSyncAt: null,
    });
    const t = timeSources(read(s), 0);
    expect(t.sources.map((x) => x.name)).toEqual(["rtc", "ntp"]);
    expect(byName(t.sources).ntp?.accuracy).toBe(UNKNOWN_ACCURACY_US);
    expect(byName(t.sources).rtc?.accuracy).toBeLessThanOrEqual(800);
  });
});

describe("gnss", () => {
  it("fix, satellites, PPS, and the last fix by the unit's clock", () => {
    expect(gnss(read(sources()))).toMatchObject({ fix: "3d", pps: true, lastFixAt: HOST + 2000 });
    expect(gnss(read(sources()))?.satellites).toBeGreaterThanOrEqual(7);
    const lost = gnss(read(sources({ fix: "none", lastFixAt: HOST - 60_000 })));
    expect(lost).toMatchObject({ fix: "none", satellites: 0, pps: false, lastFixAt: HOST + 2000 - 60_000 });
    expect(gnss(read(sources({ fix: "none", lastFixAt: null })))?.lastFixAt).toBeNull();
    expect(gnss(read(sources({ hasGps: false })))).toBeNull();
  });
});
