// Unit tests of the telemetry schemas (SPEC §3): good samples pass, a wrong-typed field is named by fieldIssues.

import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { fieldIssues, formatIssues } from "./issues.ts";
import {
  TELEMETRY_DATASETS,
  TELEMETRY_SCHEMAS,
  type TelemetryDataset,
  UnusedTelemetry,
} from "./telemetry.ts";

type Case = { good: Record<string, unknown>; field: string; bad: unknown; message: string };

const battery = {
  state: "CHARGING",
  percentage: 80,
  capacity: 3000,
  current: 250,
  time_full: 45,
  time_empty: 0,
};

// One good sample per dataset the console reads, and one wrong-typed field with the expected text.
const CASES: Partial<Record<TelemetryDataset, Case>> = {
  firmware: {
    good: { version: "1.4.2", compileTime: "Nov 22 2026 09:30:00", partition: -1, otaWatchDog: "INACTIVE" },
    field: "version",
    bad: 142,
    message: "expected string, got number",
  },
  storage: {
    good: { used: 1_200_000, total: 8_000_000 },
    field: "total",
    bad: "8MB",
    message: "expected number, got string",
  },
  passings: {
    good: { seen: 10, filtered: 8, unique: 5, sent: 5, left: 0, delta: 2 },
    field: "sent",
    bad: null,
    message: "expected number, got null",
  },
  "uhf/ports": {
    good: { channels: [{ id: 0, ant: true, reads: 120, loss: -12.5, pwr: 30 }] },
    field: "channels",
    bad: {},
    message: "expected array, got object",
  },
  "time/sources": {
    good: {
      sources: [
        { name: "rtc", accuracy: 1000, time: 1_795_000_000_000 },
        { name: "gnss", accuracy: 10, time: "2026-11-22T09:30:00.000Z" },
      ],
      utc_offset: 3600,
    },
    field: "utc_offset",
    bad: "3600",
    message: "expected number, got string",
  },
  "networking/interfaces": {
    good: { interfaces: [{ name: "eth0", isConnected: true, isPrimary: true }] },
    field: "interfaces",
    bad: "eth0",
    message: "expected array, got string",
  },
  "hw/temp": {
    good: { temps: [{ name: "cpu", temp: 41.5 }] },
    field: "temps",
    bad: 41,
    message: "expected array, got number",
  },
  "cellular/ant": {
    good: { xbar: false, a_isExt: true, b_isExt: false, rssi: -71, ber: 0.012 },
    field: "xbar",
    bad: "no",
    message: "expected boolean, got string",
  },
  cellular: {
    good: {
      power: "ON",
      connection: "CONNECTED",
      imei: "490154203237518",
      imsi: "310150123456789",
      iccid: "8901",
    },
    field: "imei",
    bad: 490154203237518,
    message: "expected string, got number",
  },
  battery: { good: battery, field: "percentage", bad: "80", message: "expected number, got string" },
  // D13's datasets (SPEC declares them).
  "uhf/config": {
    good: {
      region: "Europe",
      power: "HIGH",
      transmitter: "ON",
      ports: [{ id: 0, enabled: true, pwr: 30 }],
    },
    field: "region",
    bad: 5,
    message: "expected string, got number",
  },
  gnss: {
    good: { fix: "3d", satellites: 9, pps: true, lastFixAt: 1_795_000_000_000 },
    field: "satellites",
    bad: "9",
    message: "expected number, got string",
  },
};

describe.each(Object.entries(CASES))("telemetry %s", (dataset, c) => {
  const schema = TELEMETRY_SCHEMAS[dataset as TelemetryDataset];

  it("accepts a good sample", () => {
    expect(z.safeParse(schema, c.good).success).toBe(true);
  });

  it(`rejects a wrong-typed ${c.field} and names it`, () => {
    const input = { ...c.good, [c.field]: c.bad };
    const r = z.safeParse(schema, input);
    expect(r.success).toBe(false);
    const issues = fieldIssues(r.error?.issues ?? [], input);
    expect(issues).toEqual([{ field: c.field, message: c.message }]);
    expect(formatIssues(issues)).toBe(`${c.field} ${c.message}`);
  });

  it("names a missing field", () => {
    const { [c.field]: _gone, ...input } = c.good;
    const r = z.safeParse(schema, input);
    expect(fieldIssues(r.error?.issues ?? [], input)[0]?.field).toBe(c.field);
  });
});

describe("schemas and fieldIssues", () => {
  it("has a case for every dataset the console reads, and any object passes the unused ones", () => {
    for (const d of TELEMETRY_DATASETS) {
      if (CASES[d]) continue;
      expect(z.safeParse(TELEMETRY_SCHEMAS[d], { anything: [1, "x"] }).success, d).toBe(true);
      expect(z.safeParse(TELEMETRY_SCHEMAS[d], "text").success, d).toBe(false);
    }
    expect(Object.keys(CASES).sort()).toEqual(
      TELEMETRY_DATASETS.filter((d) => TELEMETRY_SCHEMAS[d] !== UnusedTelemetry).sort(),
    );
  });

  it('reads "percentage expected number, got string"', () => {
    const input = { ...battery, percentage: "80" };
    const r = z.safeParse(TELEMETRY_SCHEMAS.battery, input);
    expect(formatIssues(fieldIssues(r.error?.issues ?? [], input))).toBe(
      "percentage expected number, got string",
    );
  });

  it("names nested fields by their dotted path", () => {
    const input = {
      channels: [
        { id: 0, ant: true, reads: 1, loss: 1, pwr: 1 },
        { id: 1, ant: "yes", reads: 1, loss: "x", pwr: 1 },
      ],
    };
    const r = z.safeParse(TELEMETRY_SCHEMAS["uhf/ports"], input);
    expect(fieldIssues(r.error?.issues ?? [], input)).toEqual([
      { field: "channels.1.ant", message: "expected boolean, got string" },
      { field: "channels.1.loss", message: "expected number, got string" },
    ]);
  });

  it("explains ranges, unions and a wrong root", () => {
    const over = { ...battery, percentage: 150 };
    const r1 = z.safeParse(TELEMETRY_SCHEMAS.battery, over);
    expect(fieldIssues(r1.error?.issues ?? [], over)).toEqual([
      { field: "percentage", message: "must be at most 100" },
    ]);

    const badTime = { sources: [{ name: "rtc", accuracy: 1, time: true }], utc_offset: 0 };
    const r2 = z.safeParse(TELEMETRY_SCHEMAS["time/sources"], badTime);
    expect(fieldIssues(r2.error?.issues ?? [], badTime)).toEqual([
      { field: "sources.0.time", message: "has the wrong type (boolean)" },
    ]);

    for (const root of [null, [1], "x"]) {
      const r = z.safeParse(TELEMETRY_SCHEMAS.storage, root);
      expect(fieldIssues(r.error?.issues ?? [], root)[0]?.field).toBe("(root)");
    }
    expect(
      fieldIssues(z.safeParse(TELEMETRY_SCHEMAS.storage, [1]).error?.issues ?? [], [1])[0]?.message,
    ).toBe("expected object, got array");
  });
});
