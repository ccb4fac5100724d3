// D13's contract: UHF_PORT's arguments, the holdover accuracy, and the optional fields an older unit may leave out.
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { GnssTelemetry, holdoverAccuracyUs, parseUhfPortPower, UhfConfigTelemetry } from "./antennas.ts";
import { API } from "./api.ts";
import { checkCommandArg, findUnitCommand, TIMING_COMMANDS } from "./commands.ts";
import { fieldIssues } from "./issues.ts";
import { buildOpenApi } from "./openapi.ts";
import { TimeSourcesTelemetry, UhfPortsTelemetry } from "./telemetry.ts";

describe("UHF_PORT's power", () => {
  it.each([
    ["", null],
    ["  ", null],
    ["10", 10],
    ["10.0", 10],
    ["20.5", 20.5],
    ["31.5", 31.5],
    [" 25 ", 25],
  ])("%j is %j", (text, db) => expect(parseUhfPortPower(text)).toBe(db));

  it.each(["9.5", "32", "31.6", "20.3", "20.25", "-10", "1e1", "high", "20,5", "0x14", "Infinity"])(
    "%j is refused",
    (text) => {
      expect(parseUhfPortPower(text)).toBeUndefined();
      expect(checkCommandArg("port-power", text)).toMatch(/10\.0 to 31\.5 in steps of 0\.5/);
    },
  );

  it("UHF_PORT is a level-5 command beside race control's, with channel, enabled and power", () => {
    const def = findUnitCommand("UHF_PORT");
    expect(TIMING_COMMANDS).toContain(def);
    expect(def).toMatchObject({ perm: 5 });
    expect(def?.args.map((a) => [a.name, a.type])).toEqual([
      ["channel", "channel"],
      ["enabled", "onoff"],
      ["power", "port-power"],
    ]);
    for (const a of def?.args ?? []) expect(checkCommandArg(a.type, a.val), a.name).toBeNull();
  });

  it("a channel is a whole number from 1 (the unit checks it has it)", () => {
    for (const ok of ["1", "4", "12"]) expect(checkCommandArg("channel", ok), ok).toBeNull();
    for (const bad of ["0", "", "1.5", "-1", "one", "1000"])
      expect(checkCommandArg("channel", bad), bad).toMatch(/whole number/);
  });
});

describe("holdover", () => {
  it("grows the accuracy by 5 ppm of the time since the last fix: 18 ms an hour", () => {
    expect(holdoverAccuracyUs(500, 3_600_000)).toBe(18_500);
    expect(holdoverAccuracyUs(500, 0)).toBe(500);
    expect(holdoverAccuracyUs(500, -10)).toBe(500);
  });
});

describe("D13's schemas", () => {
  it("an older unit's uhf/ports and time/sources (SPEC's fields only) still pass", () => {
    expect(
      z.safeParse(UhfPortsTelemetry, { channels: [{ id: 0, ant: true, reads: 1, loss: 12, pwr: 30 }] })
        .success,
    ).toBe(true);
    expect(
      z.safeParse(TimeSourcesTelemetry, { sources: [{ name: "rtc", accuracy: 1, time: 1 }], utc_offset: 0 })
        .success,
    ).toBe(true);
  });

  it("D13's fields are checked when sent, and a wrong one is named", () => {
    const channel = { id: 0, ant: true, reads: 1, loss: 12, pwr: 30 };
    const good = {
      channels: [{ ...channel, state: "settling", rssi: null, hits: 3.5, identifying: false }],
    };
    expect(z.safeParse(UhfPortsTelemetry, good).success).toBe(true);
    const bad = { channels: [{ ...channel, state: "broken", rssi: "-60", identifying: 1 }] };
    const r = z.safeParse(UhfPortsTelemetry, bad);
    expect(fieldIssues(r.error?.issues ?? [], bad).map((i) => i.field)).toEqual([
      "channels.0.state",
      "channels.0.rssi",
      "channels.0.identifying",
    ]);
    const sources = { sources: [{ name: "gps", accuracy: 0.1, time: 1, kind: "glonass", followed: "yes" }] };
    const s = z.safeParse(TimeSourcesTelemetry, { ...sources, utc_offset: 0 });
    expect(fieldIssues(s.error?.issues ?? [], sources).map((i) => i.field)).toEqual([
      "sources.0.kind",
      "sources.0.followed",
    ]);
  });

  it("gnss and uhf/config take D13's values only", () => {
    const gnss = { fix: "3d", satellites: 9, pps: true, lastFixAt: null };
    expect(z.safeParse(GnssTelemetry, gnss).success).toBe(true);
    expect(z.safeParse(GnssTelemetry, { ...gnss, fix: "3D" }).success).toBe(false);
    const config = { region: "Europe", power: "LOW", transmitter: "OFF", ports: [] };
    expect(z.safeParse(UhfConfigTelemetry, config).success).toBe(true);
    expect(z.safeParse(UhfConfigTelemetry, { ...config, transmitter: true }).success).toBe(false);
  });
});

describe("D13 in the OpenAPI document", () => {
  it("names uhf/config's and gnss's schemas, and gnss's 404 for a unit without GPS", () => {
    const doc = buildOpenApi();
    const gnss = doc.paths[API.telemetry("gnss")]?.get as {
      responses: Record<string, { description?: string }>;
    };
    expect(gnss.responses[404]?.description).toBe("The unit has no GPS (D13).");
    const config = doc.paths[API.telemetry("uhf/config")]?.get as { responses: Record<string, unknown> };
    expect(JSON.stringify(config.responses[200])).toContain("#/components/schemas/UhfConfigTelemetry");
    const schemas = (doc.components as { schemas: Record<string, { required?: string[] }> }).schemas;
    expect(schemas.GnssTelemetry?.required).toEqual(["fix", "satellites", "pps", "lastFixAt"]);
    // D13's uhf/ports and time/sources fields are optional: an older unit's answers stay valid.
    expect(schemas.UhfChannel?.required).toEqual(["id", "ant", "reads", "loss", "pwr"]);
    expect(schemas.TimeSource?.required).toEqual(["name", "accuracy", "time"]);
  });
});
