// The unit's time sources (D13): exactly one followed, GPS followed while fixed with gps_correction, NTP else, the RTC
// holding over (its accuracy 18 ms worse an hour, the device clock drifting on the unit's one clock), gnss, no GPS.
import { API, GnssTelemetry, TimeSourcesTelemetry } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clockHooksClient } from "../src/clock-hooks-client.ts";
import { GPS_FIX_AFTER_BOOT_MS } from "../src/sim/time-keeper.ts";
import { startTestDevice, type TestDevice } from "./helpers.ts";

const SCENARIO = "/api/__test/scenario";
const HOUR = 3_600_000;

let dev: TestDevice;
beforeAll(async () => {
  dev = await startTestDevice({ testHooks: true, clockOffsetMs: 5000 });
});
afterAll(() => dev.dispose());

const sources = async () => {
  const t = TimeSourcesTelemetry.parse((await dev.getJson(API.telemetry("time/sources"))).body);
  return Object.fromEntries(t.sources.map((s) => [s.name, s]));
};
const followed = async () =>
  Object.values(await sources())
    .filter((s) => s.followed)
    .map((s) => s.kind);
const gnss = async () => GnssTelemetry.parse((await dev.getJson(API.telemetry("gnss"))).body);
const scenario = async (patch: object) => (await dev.postJson(SCENARIO, patch)).body;
const setConfig = (key: string, value: unknown) =>
  dev.postJson(API.configSet, { key, value, time: new Date().toISOString() });
const advance = (ms: number) => clockHooksClient(dev.url).advanceClock(ms);

describe("time sources (D13)", () => {
  it("gps, rtc and ntp with their kinds; without gps_correction the clock follows NTP", async () => {
    const s = await sources();
    expect(Object.values(s).map((x) => [x.name, x.kind])).toEqual([
      ["gps", "gps"],
      ["rtc", "rtc"],
      ["ntp", "ntp"],
    ]);
    expect(await followed()).toEqual(["ntp"]);
    // Right after boot the GPS has no fix yet.
    expect(await gnss()).toMatchObject({ fix: "none", satellites: 0, pps: false, lastFixAt: null });
  });

  it("with gps_correction the clock follows GPS once it has a fix", async () => {
    expect((await setConfig("gps_correction", true)).status).toBe(200);
    await advance(GPS_FIX_AFTER_BOOT_MS);
    expect(await followed()).toEqual(["gps"]);
    const fix = await gnss();
    expect(fix).toMatchObject({ fix: "3d", pps: true });
    expect(fix.satellites).toBeGreaterThanOrEqual(4);
    const rtc = (await sources()).rtc;
    expect(Math.abs((fix.lastFixAt ?? 0) - Number(rtc?.time))).toBeLessThan(1000);
  });

  it("GPS lost: NTP; NTP lost too: the RTC holds over, 18 ms an hour less accurate, the clock drifting 2 ppm", async () => {
    const lostAt = (await gnss()).lastFixAt ?? 0;
    await scenario({ gpsFix: "none" });
    expect(await followed()).toEqual(["ntp"]);
    const start = await scenario({ ntp: false });
    expect(await followed()).toEqual(["rtc"]);
    const before = (await sources()).rtc?.accuracy ?? 0;
    await advance(HOUR);
    const held = await sources();
    // 5 ppm of an hour, give or take the RTC's own ±300 µs.
    expect((held.rtc?.accuracy ?? 0) - before).toBeGreaterThan(18_000 - 400);
    expect((held.rtc?.accuracy ?? 0) - before).toBeLessThan(18_000 + 400);
    expect(held.gps?.accuracy).toBeGreaterThanOrEqual(18_000);
    // The last fix stays where it was, by the unit's clock.
    expect(Math.abs(((await gnss()).lastFixAt ?? 0) - lostAt)).toBeLessThan(1000);
    // The device clock ran 2 ppm fast on the unit's one clock: 7.2 ms in an hour.
    const drifted = await scenario({});
    expect(drifted.clockOffsetMs - start.clockOffsetMs).toBe(7);
    // The fix back: GPS followed again, the drift gone at once.
    const back = await scenario({ gpsFix: null });
    expect(await followed()).toEqual(["gps"]);
    expect(back.clockOffsetMs).toBe(start.clockOffsetMs);
  });

  it("the RTC's drift rate is the scenario's, and gps_correction false with NTP gone follows the RTC", async () => {
    await setConfig("gps_correction", false);
    const start = await scenario({ rtcDriftPpm: -5 });
    expect(await followed()).toEqual(["rtc"]);
    await advance(HOUR);
    expect((await scenario({})).clockOffsetMs - start.clockOffsetMs).toBe(-18);
    await dev.call(SCENARIO, { method: "DELETE" });
    expect(await followed()).toEqual(["ntp"]);
  });

  it("a unit without GPS: gnss answers 404, time/sources has no gps", async () => {
    await scenario({ gpsAbsent: true });
    const res = await dev.getJson(API.telemetry("gnss"));
    expect(res).toEqual({ status: 404, body: { error: "This unit has no GPS" } });
    expect(Object.keys(await sources())).toEqual(["rtc", "ntp"]);
    await dev.call(SCENARIO, { method: "DELETE" });
    expect((await dev.getJson(API.telemetry("gnss"))).status).toBe(200);
  });
});
