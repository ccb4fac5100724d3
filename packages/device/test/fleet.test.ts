// The fleet starter and the options it relies on: a name per unit, a charging unit, a missing antenna, DEVICE_* parsing.
import { API, BatteryTelemetry, UhfPortsTelemetry } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fleetUnitName, type RunningFleet, startFleet } from "../src/fleet.ts";
import { optionsFromEnv } from "../src/options.ts";
import { tempDir } from "./helpers.ts";

const get = async (url: string) => (await (await fetch(url)).json()) as Record<string, unknown>;

describe("startFleet", () => {
  let fleet: RunningFleet;
  beforeAll(async () => {
    fleet = await startFleet({ count: 3, dataRoot: await tempDir(), shared: { log: () => {} } });
  });
  afterAll(() => fleet.close());

  it("starts each unit on its own port with its own name", async () => {
    const ports = new Set(fleet.units.map((u) => u.port));
    expect(ports.size).toBe(3);
    const names = await Promise.all(fleet.units.map((u) => get(`${u.url}${API.deviceName}`)));
    expect(names.map((n) => n.deviceName)).toEqual(["DECODER-01", "DECODER-02", "DECODER-03"]);
  });

  it("unit 1 charges, unit 2 lacks port 2's antenna, unit 3 runs 2 s ahead", async () => {
    const [one, two, three] = fleet.units;
    const bat = BatteryTelemetry.parse(await get(`${one?.url}${API.telemetry("battery")}`));
    expect(bat.state).toBe("CHARGING");
    expect(bat.current).toBeGreaterThan(0);
    const ports = UhfPortsTelemetry.parse(await get(`${two?.url}${API.telemetry("uhf/ports")}`));
    expect(ports.channels.map((c) => c.ant)).toEqual([true, false, true, false]);
    expect(ports.channels[1]?.reads).toBe(0);
    const other = UhfPortsTelemetry.parse(await get(`${one?.url}${API.telemetry("uhf/ports")}`));
    expect(other.channels.filter((c) => c.ant)).toHaveLength(3);
    expect(three?.options.clockOffsetMs).toBe(2000);
    const bat3 = BatteryTelemetry.parse(await get(`${three?.url}${API.telemetry("battery")}`));
    expect(bat3.state).toBe("DISCHARGING");
  });
});

describe("options", () => {
  it("DEVICE_NAME and DEVICE_SCENARIO", () => {
    const o = optionsFromEnv({ DEVICE_NAME: " START-A ", DEVICE_SCENARIO: "charging, antenna-missing" });
    expect(o.deviceName).toBe("START-A");
    expect(o.scenario).toEqual(["charging", "antenna-missing"]);
    expect(optionsFromEnv({}).scenario).toEqual([]);
    expect(() => optionsFromEnv({ DEVICE_SCENARIO: "flat-tyre" })).toThrow(/DEVICE_SCENARIO/);
  });

  it("names units DECODER-01 onwards", () => {
    expect(fleetUnitName(0)).toBe("DECODER-01");
    expect(fleetUnitName(19)).toBe("DECODER-20");
  });
});
