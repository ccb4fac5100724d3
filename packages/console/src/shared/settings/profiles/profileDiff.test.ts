// @vitest-environment node
// Unit tests of a unit's differences from a profile: every setting type, what counts as different, and the words.
import type { ConfigValue } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import type { Profile } from "./profile.ts";
import { diffSummary, profileDiff, settingValueText } from "./profileDiff.ts";

const one = (setting: string, value: ConfigValue): Profile => ({ name: "P", settings: { [setting]: value } });

describe("profileDiff, per setting type", () => {
  it.each<[string, string, ConfigValue, ConfigValue, ConfigValue]>([
    // kind, setting, profile's value, a unit that differs, a unit that matches
    ["text", "sta_ssid", "TimingNet", "TimingNet2", "TimingNet"],
    ["empty text", "sta_password", "", "changeme123", ""],
    ["IPv4 text", "static_ip", "192.168.1.50", "192.168.1.51", "192.168.1.50"],
    ["number", "tag_timeout", 5, 2, 5],
    ["zero", "force_http_log", 0, 60, 0],
    ["negative number", "utc_offset", -3600, 3600, -3600],
    ["raw port", "raw_port", 10000, 10002, 10000],
    ["filtered port", "filtered_port", 10001, 10003, 10001],
    ["enum", "reads_2b_sent", "FS", "FS_LS", "FS"],
    ["enum with a space", "uhf_region", "New Zealand", "Australia", "New Zealand"],
    ["number enum", "http_pckt_format", 0, 1, 0],
    ["servers: MQTT client id", "mqtt_client_id", "FINISH-1", "ONET10001", "FINISH-1"],
    ["boolean", "gps_correction", false, true, false],
  ])("%s (%s)", (_kind, setting, value, other, same) => {
    expect(profileDiff(one(setting, value), { [setting]: other })).toStrictEqual([
      { setting, profile: value, unit: other },
    ]);
    expect(profileDiff(one(setting, value), { [setting]: same })).toStrictEqual([]);
  });

  it.each<[string, ConfigValue, ConfigValue]>([
    ["tag_timeout", 5, "5"],
    ["gps_correction", false, "false"],
    ["http_pckt_format", 0, "0"],
    ["uhf_power", "HIGH", "high"],
    ["sta_ssid", "Net", "Net "],
  ])("%s: %j and %j differ (type and case count)", (setting, value, unit) => {
    expect(profileDiff(one(setting, value), { [setting]: unit })).toStrictEqual([
      { setting, profile: value, unit },
    ]);
  });

  it("a setting the unit does not report differs; settings outside the profile are not looked at", () => {
    const profile: Profile = { name: "P", settings: { gps_correction: false, tag_timeout: 5 } };
    expect(profileDiff(profile, { tag_timeout: 5, raw_port: 1 })).toStrictEqual([
      { setting: "gps_correction", profile: false, unit: undefined },
    ]);
    // Not even an inherited property counts as reported.
    expect(profileDiff({ name: "P", settings: { toString: "x" } }, {})).toStrictEqual([
      { setting: "toString", profile: "x", unit: undefined },
    ]);
  });

  it("lists the differences in D5's order, whatever the profile's order", () => {
    const profile: Profile = {
      name: "P",
      settings: {
        uhf_power: "HIGH",
        tag_timeout: 5,
        raw_port: 10000,
        reads_2b_sent: "FS",
        buzzer_volume: "LOW",
      },
    };
    const unit = {
      uhf_power: "LOW",
      tag_timeout: 2,
      raw_port: 10000,
      reads_2b_sent: "LS",
      buzzer_volume: "HIGH",
    };
    expect(profileDiff(profile, unit).map((d) => d.setting)).toStrictEqual([
      "buzzer_volume",
      "reads_2b_sent",
      "tag_timeout",
      "uhf_power",
    ]);
  });
});

describe("the words", () => {
  it("the Profile column: matches, 1 differs, N differ", () => {
    expect(diffSummary([])).toBe("matches");
    expect(diffSummary([{}])).toBe("1 differs");
    expect(diffSummary([{}, {}, {}])).toBe("3 differ");
  });

  it("values as the Configuration page shows them: passwords hidden, empty text quoted, not reported named", () => {
    expect(settingValueText("tag_timeout", 5)).toBe("5");
    expect(settingValueText("gps_correction", false)).toBe("false");
    expect(settingValueText("sta_ssid", "")).toBe('""');
    expect(settingValueText("sta_password", "changeme123")).toBe("••••••••");
    expect(settingValueText("raw_port", undefined)).toBe("(not reported)");
  });
});
