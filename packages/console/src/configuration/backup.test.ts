// Unit tests of export, reading an import file and the list of differing settings.
import { BUILT_IN_CONFIG } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { withCurrentValues } from "../shared/settings/settingRules.ts";
import { backupFileName, importValueText, makeBackup, planImport, readBackup } from "./backup.ts";

const items = withCurrentValues(BUILT_IN_CONFIG, {
  raw_port: 10000,
  uhf_power: "HIGH",
  sta_password: "secret1",
  gps_correction: false,
}).items;
const now = new Date("2026-11-22T05:40:00.000Z");

describe("export", () => {
  it("holds every known current value with its type", () => {
    const b = makeBackup(items, "DECODER-01", now);
    expect(b).toEqual({
      format: "trc-config-backup",
      version: 1,
      deviceName: "DECODER-01",
      exportedAt: "2026-11-22T05:40:00.000Z",
      config: { raw_port: 10000, uhf_power: "HIGH", sta_password: "secret1", gps_correction: false },
    });
  });

  it.each([
    ["DECODER-01", "config-DECODER-01-2026-11-22T05-40-00.json"],
    ["Finish line/2", "config-Finish_line_2-2026-11-22T05-40-00.json"],
    ["", "config-device-2026-11-22T05-40-00.json"],
  ])("file name for %j is %s", (name, file) => {
    expect(backupFileName(name, now)).toBe(file);
  });

  it("reads back what it wrote", () => {
    expect(readBackup(JSON.stringify(makeBackup(items, "D", now)))).toEqual({
      values: { raw_port: 10000, uhf_power: "HIGH", sta_password: "secret1", gps_correction: false },
    });
  });
});

describe("readBackup", () => {
  it.each([
    ["not json", { error: "The file is not JSON." }],
    ["[1,2]", { error: "The file does not hold a configuration object." }],
    ["null", { error: "The file does not hold a configuration object." }],
    ['"text"', { error: "The file does not hold a configuration object." }],
    ['{"format":"other","config":{}}', { error: "The file is not a configuration export of this console." }],
    [
      '{"format":"trc-config-backup","config":[1]}',
      { error: "The file is not a configuration export of this console." },
    ],
    ['{"raw_port":10001}', { values: { raw_port: 10001 } }],
  ])("%s → %j", (text, out) => {
    expect(readBackup(text)).toEqual(out);
  });
});

describe("planImport", () => {
  it("lists differing settings, refuses unknown or invalid ones, counts equal ones", () => {
    const plan = planImport(items, {
      raw_port: 10002,
      uhf_power: "HIGH",
      gps_correction: true,
      filtered_port: 70000,
      tag_timeout: "5",
      bogus: 1,
    });
    expect(plan.same).toBe(1);
    expect(plan.rows).toEqual([
      { name: "raw_port", label: "Raw port", current: 10000, next: 10002, refused: null },
      { name: "gps_correction", label: "GPS correction", current: false, next: true, refused: null },
      {
        name: "filtered_port",
        label: "Filtered port",
        current: undefined,
        next: 70000,
        refused: "Must be at most 65535",
      },
      {
        name: "tag_timeout",
        label: "Tag timeout",
        current: undefined,
        next: "5",
        refused: "Must be a number",
      },
      { name: "bogus", label: "bogus", current: undefined, next: 1, refused: "Unknown setting" },
    ]);
  });

  it.each([
    ["raw_port", 10000, "10000"],
    ["uhf_power", "LOW", '"LOW"'],
    ["tag_timeout", "5", '"5"'],
    ["sta_password", "secret1", "••••••••"],
    ["raw_port", undefined, "(not reported)"],
  ])("%s value %j is listed as %s", (name, value, text) => {
    expect(importValueText(name, value)).toBe(text);
  });
});
