// The antenna ports on the unit (D13): each state through the scenario hook, a silent port, settling after boot,
// Identify antennas, the transmitter off, UHF_PORT (its power moving the RSSI, its refusals, kept across reboots).
import { join } from "node:path";
import { API, UhfConfigTelemetry, UhfPortsTelemetry } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clockHooksClient } from "../src/clock-hooks-client.ts";
import { type AnyJson, startTestDevice, type TestDevice, tempDir } from "./helpers.ts";

const SCENARIO = "/api/__test/scenario";
const MINUTE = 60_000;

let dev: TestDevice;
beforeAll(async () => {
  dev = await startTestDevice({ testHooks: true });
});
afterAll(() => dev.dispose());

const exec = (unit: TestDevice, cmd: string, args: string[] = []) =>
  unit.postJson(API.commandExecute, { cmd, args });
const ports = async (unit = dev) =>
  UhfPortsTelemetry.parse((await unit.getJson(API.telemetry("uhf/ports"))).body).channels;
const uhfConfig = async (unit = dev) =>
  UhfConfigTelemetry.parse((await unit.getJson(API.telemetry("uhf/config"))).body);
const advance = (ms: number, unit = dev) => clockHooksClient(unit.url).advanceClock(ms);
const states = async () => (await ports()).map((c) => c.state);
const reads = async () => (await ports()).map((c) => c.reads);
/** Which channels read something while the clock moved `ms` on. */
async function readWhile(ms: number): Promise<boolean[]> {
  const before = await reads();
  await advance(ms);
  return (await reads()).map((n, i) => n > (before[i] ?? 0));
}
const scenario = (patch: object) => dev.postJson(SCENARIO, patch);
const clearScenario = () => dev.call(SCENARIO, { method: "DELETE" });

describe("antenna ports (D13)", () => {
  it("settle for 30 s after boot, then read ok; the port without antenna is absent, with no RSSI or hits", async () => {
    expect(await states()).toEqual(["settling", "settling", "settling", "absent"]);
    expect(await readWhile(30_000)).toEqual([true, true, true, false]);
    const channels = await ports();
    expect(channels.map((c) => c.state)).toEqual(["ok", "ok", "ok", "absent"]);
    for (const c of channels.slice(0, 3)) {
      expect(c.rssi).toBeGreaterThan(-80);
      expect(c.rssi).toBeLessThan(-50);
      expect(c.hits).toBeGreaterThanOrEqual(1);
      expect(c.identifying).toBe(false);
    }
    expect(channels[3]).toMatchObject({ ant: false, rssi: null, hits: null, identifying: false });
    // SPEC's fields are as they were.
    expect(channels[0]?.loss).toBeGreaterThan(10);
    expect(channels[0]?.pwr).toBeCloseTo(30, 0);
  });

  it("the scenario makes each state: noise reads on, fault and absent read nothing", async () => {
    await scenario({ portStates: { "0": "noise", "1": "fault", "2": "absent" } });
    expect(await readWhile(MINUTE)).toEqual([true, false, false, false]);
    const [noisy, faulty, absent] = await ports();
    expect(noisy).toMatchObject({ state: "noise", ant: true });
    expect(noisy?.loss).toBeLessThan(10);
    expect(faulty).toMatchObject({ state: "fault", loss: 0, pwr: 0 });
    expect(absent).toMatchObject({ state: "absent", ant: false, pwr: 0 });
    await scenario({ portStates: { "0": "settling", "1": "off", "2": "ok" } });
    expect(await states()).toEqual(["settling", "off", "ok", "absent"]);
    expect((await readWhile(MINUTE))[1]).toBe(false);
    await clearScenario();
    expect(await states()).toEqual(["ok", "ok", "ok", "absent"]);
  });

  it("a silent antenna reads nothing while the others read, its state ok", async () => {
    await scenario({ antennaSilent: [1] });
    expect(await readWhile(MINUTE)).toEqual([true, false, true, false]);
    // Nothing read there in the last 60 s: no RSSI, no hits.
    expect((await ports())[1]).toMatchObject({ state: "ok", ant: true, rssi: null, hits: null });
    await clearScenario();
  });

  it("Identify antennas points at each port with an antenna in turn, 5 s each", async () => {
    const res = await exec(dev, "IDENT_ANT");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ identifying: [1, 2, 3], identifyMs: 5000 });
    expect(res.body.result).toMatch(/^Antennas on ports 1, 2, 3; no antenna on port 4; identifying/);
    const pointed = async () => (await ports()).map((c) => c.identifying);
    expect(await pointed()).toEqual([true, false, false, false]);
    await advance(5000);
    expect(await pointed()).toEqual([false, true, false, false]);
    await advance(5000);
    expect(await pointed()).toEqual([false, false, true, false]);
    await advance(5000);
    expect(await pointed()).toEqual([false, false, false, false]);
  });

  it("the transmitter off: every port off, nothing read; on again, they settle", async () => {
    expect((await exec(dev, "UHF_TX", ["OFF"])).status).toBe(200);
    expect(await states()).toEqual(["off", "off", "off", "off"]);
    expect((await uhfConfig()).transmitter).toBe("OFF");
    expect(await readWhile(MINUTE)).toEqual([false, false, false, false]);
    expect((await ports()).map((c) => c.pwr)).toEqual([0, 0, 0, 0]);
    expect((await exec(dev, "UHF_TX", ["ON"])).status).toBe(200);
    expect(await states()).toEqual(["settling", "settling", "settling", "absent"]);
    await advance(30_000);
    expect(await states()).toEqual(["ok", "ok", "ok", "absent"]);
  });

  it("UHF_PORT switches a port off (no reads, state off) and on again (settling)", async () => {
    const off = await exec(dev, "UHF_PORT", ["2", "OFF", ""]);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ cmd: "UHF_PORT", id: 1, enabled: false, pwr: 30 });
    expect(await states()).toEqual(["ok", "off", "ok", "absent"]);
    expect(await readWhile(MINUTE)).toEqual([true, false, true, false]);
    expect((await uhfConfig()).ports[1]).toEqual({ id: 1, enabled: false, pwr: 30 });
    expect((await exec(dev, "UHF_PORT", ["2", "ON", ""])).body).toMatchObject({ id: 1, enabled: true });
    expect(await states()).toEqual(["ok", "settling", "ok", "absent"]);
  });

  it("a port's power moves the RSSI of its reads, dB for dB, and uhf/config and pwr show it", async () => {
    // A tag held at port 1 makes nearly all of its reads (-50 to -46 dBm at full power).
    await scenario({ testTag: { tag: "777777", ant: 0, perSecond: 20 } });
    await advance(MINUTE);
    const full = (await ports())[0]?.rssi ?? 0;
    expect(full).toBeGreaterThan(-51);
    const set = await exec(dev, "UHF_PORT", ["1", "ON", "20.0"]);
    expect(set.body).toMatchObject({ id: 0, enabled: true, pwr: 20 });
    await advance(MINUTE);
    const channel = (await ports())[0];
    expect((channel?.rssi ?? 0) - full).toBeCloseTo(-10, 0);
    expect(channel?.pwr).toBeCloseTo(20, 0);
    expect((await uhfConfig()).ports[0]).toEqual({ id: 0, enabled: true, pwr: 20 });
    // The scenario's power (not stored) does the same, and goes with the scenario.
    await scenario({ portPower: { "0": 25 } });
    await advance(MINUTE);
    expect(((await ports())[0]?.rssi ?? 0) - full).toBeCloseTo(-5, 0);
    await clearScenario();
    expect((await uhfConfig()).ports[0]?.pwr).toBe(20);
    await exec(dev, "UHF_PORT", ["1", "ON", "30"]);
  });

  it("UHF_PORT refuses what is not a port, ON/OFF or a power of 10.0 to 31.5 in steps of 0.5, changing nothing", async () => {
    const before = await uhfConfig();
    for (const args of [
      ["0", "ON", ""],
      ["5", "ON", ""],
      ["one", "ON", ""],
      ["1", "MAYBE", ""],
      ["1", "ON", "9.5"],
      ["1", "ON", "32"],
      ["1", "ON", "20.3"],
      ["1", "ON", "high"],
      ["1", "OFF"],
      [],
    ]) {
      const res = await exec(dev, "UHF_PORT", args);
      expect(res.status, JSON.stringify(args)).toBe(400);
      expect(typeof res.body.error, JSON.stringify(args)).toBe("string");
    }
    expect((await exec(dev, "UHF_PORT", ["5", "ON", ""])).body.error).toBe(
      "channel: this unit has ports 1 to 4",
    );
    expect(await uhfConfig()).toEqual(before);
  });

  it("refuses scenario values D13 does not have", async () => {
    for (const patch of [
      { portStates: { "0": "broken" } },
      { portStates: { first: "ok" } },
      { antennaSilent: [-1] },
      { portPower: { "0": 50 } },
      { gpsFix: "4d" },
      { ntp: "yes" },
      { rtcDriftPpm: 1000 },
    ]) {
      expect((await scenario(patch)).status, JSON.stringify(patch)).toBe(400);
    }
  });
});

describe("UHF settings across reboots", () => {
  it("UHF_PORT and UHF_TX are kept across a reboot and a restart; the reset hook puts a new unit's back", async () => {
    const dir = join(await tempDir(), "data");
    let unit = await startTestDevice({ testHooks: true }, dir);
    try {
      expect((await exec(unit, "UHF_PORT", ["2", "OFF", "25.5"])).status).toBe(200);
      expect((await exec(unit, "UHF_PORT", ["3", "ON", "12"])).status).toBe(200);
      expect((await exec(unit, "UHF_TX", ["OFF"])).status).toBe(200);
      const kept: AnyJson = {
        transmitter: "OFF",
        ports: [
          { id: 0, enabled: true, pwr: 30 },
          { id: 1, enabled: false, pwr: 25.5 },
          { id: 2, enabled: true, pwr: 12 },
          { id: 3, enabled: true, pwr: 30 },
        ],
      };
      expect(await uhfConfig(unit)).toMatchObject(kept);
      await unit.reboot();
      expect(await uhfConfig(unit)).toMatchObject(kept);
      await unit.dispose();
      unit = await startTestDevice({ testHooks: true }, dir);
      expect(await uhfConfig(unit)).toMatchObject(kept);
      expect((await ports(unit)).map((c) => c.state)).toEqual(["off", "off", "off", "off"]);
      expect((await unit.postJson("/api/__test/reset", {})).status).toBe(200);
      const fresh = await uhfConfig(unit);
      expect(fresh.transmitter).toBe("ON");
      expect(fresh.ports.map((p) => [p.enabled, p.pwr])).toEqual([
        [true, 30],
        [true, 30],
        [true, 30],
        [true, 30],
      ]);
    } finally {
      await unit.dispose();
    }
  });

  it("an HF unit has no UHF port: UHF_PORT is refused, uhf/config lists none", async () => {
    const hf = await startTestDevice({ mode: "hf" });
    try {
      const res = await exec(hf, "UHF_PORT", ["1", "ON", ""]);
      expect(res).toEqual({ status: 400, body: { error: "channel: this unit has no UHF port" } });
      expect((await uhfConfig(hf)).ports).toEqual([]);
      expect((await exec(hf, "IDENT_ANT")).body.result).toBe("HF loop antenna present");
    } finally {
      await hf.dispose();
    }
  });
});
