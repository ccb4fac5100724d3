// Unit tests of the setting rules: input kind by type, reading inputs, the D5 limits, display texts, merging values.
import { BUILT_IN_CONFIG, type ConfigItem, findConfigItem } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import {
  type ConfigEntry,
  canResetToDefault,
  draftOf,
  inputKind,
  isEdited,
  readDraft,
  valueText,
  withCurrentValues,
  withKnownLimits,
} from "./settingRules.ts";

const item = (name: string): ConfigEntry => {
  const found = findConfigItem(name);
  if (!found) throw new Error(`no built-in setting ${name}`);
  return found;
};

describe("inputKind", () => {
  it.each([
    ["gps_correction", "checkbox"],
    ["raw_port", "number"],
    ["utc_offset", "number"],
    ["http_pckt_format", "select"],
    ["uhf_region", "select"],
    ["buzzer_volume", "select"],
    ["sta_ssid", "text"],
    ["static_ip", "text"],
    ["sta_password", "password"],
    ["ap_password", "password"],
  ])("%s is edited with a %s", (name, kind) => {
    expect(inputKind(item(name))).toBe(kind);
  });

  it.each([
    [{ type: "boolean", name_internal: "x" }, "checkbox"],
    [{ type: "number", name_internal: "x" }, "number"],
    [{ type: "string", name_internal: "x" }, "text"],
    [{ type: "string", name_internal: "x", allowed: ["A", "B"] }, "select"],
    [{ type: "string", name_internal: "x", allowed: [] }, "text"],
  ] as const)("a %o item gets a %s", (it_, kind) => {
    expect(inputKind(it_)).toBe(kind);
  });
});

describe("readDraft checks the type and the D5 limits", () => {
  it.each([
    ["raw_port", "10002", 10002, null],
    ["raw_port", " 80 ", 80, null],
    ["raw_port", "0", undefined, "Must be at least 1"],
    ["raw_port", "70000", undefined, "Must be at most 65535"],
    ["raw_port", "", undefined, "Must be a number"],
    ["raw_port", "abc", undefined, "Must be a number"],
    ["raw_port", "1.5", undefined, "Must be a whole number"],
    ["tag_timeout", "-1", undefined, "Must be at least 0"],
    ["utc_offset", "-43200", -43200, null],
    ["utc_offset", "-43201", undefined, "Must be at least -43200"],
    ["utc_offset", "50401", undefined, "Must be at most 50400"],
    ["http_pckt_format", "0", 0, null],
    ["http_pckt_format", "2", undefined, "Must be one of 0, 1"],
    ["uhf_region", "New Zealand", "New Zealand", null],
    [
      "uhf_region",
      "Mars",
      undefined,
      "Must be one of China, USA, Europe, Korea, Japan, Australia, New Zealand",
    ],
    ["static_ip", "10.0.0.7", "10.0.0.7", null],
    ["static_ip", "10.0.0.256", undefined, "Must be an IPv4 address like 192.168.1.50"],
    ["sta_ssid", "x".repeat(129), undefined, "At most 128 characters"],
    ["sta_ssid", "", undefined, "Must be 1 to 32 bytes"],
    // D5's limits beyond the type, checked as the unit checks them (issue 23).
    ["ap_password", "short", undefined, "WPA2 needs 8 to 63 printable ASCII characters"],
    ["sta_password", "", "", null],
    ["lan_subnet", "1.2.3.4", undefined, "Must be a subnet mask like 255.255.255.0"],
    [
      "static_ip",
      "0.0.0.0",
      undefined,
      "Must be a usable host address (not 0.x, loopback, multicast or broadcast)",
    ],
    [
      "mqtt_client_id",
      "a/b",
      undefined,
      "Must be 1 to 23 letters, digits, - or _ (what MQTT servers accept)",
    ],
    ["tag_timeout", "1e308", undefined, "Must be at most 3600"],
    ["gps_correction", true, true, null],
    ["gps_correction", false, false, null],
  ] as const)("%s ← %j gives %j (%s)", (name, draft, value, reason) => {
    const read = readDraft(item(name), draft);
    expect(read.value).toBe(value);
    expect(read.reason).toBe(reason);
  });
});

describe("drafts and display", () => {
  it.each([
    [{ type: "boolean" }, true, true],
    [{ type: "boolean" }, undefined, false],
    [{ type: "number" }, 10000, "10000"],
    [{ type: "string" }, "ABC", "ABC"],
    [{ type: "string" }, undefined, ""],
  ] as const)("draftOf(%o, %j) is %j", (it_, value, draft) => {
    expect(draftOf(it_, value)).toBe(draft);
  });

  it.each([
    [undefined, false, "(not reported)"],
    ["MEDIUM", false, "MEDIUM"],
    [0, false, "0"],
    [false, false, "false"],
    ["", false, '""'],
    ["changeme123", true, "••••••••"],
    [undefined, true, "(not reported)"],
  ] as const)("valueText(%j, hide %s) is %s", (value, hide, text) => {
    expect(valueText(value, hide)).toBe(text);
  });

  it.each([
    [10000, false],
    [10002, true],
    [undefined, false],
  ] as const)("'Reset to default' for raw_port at %j: %s", (current, shown) => {
    expect(
      canResetToDefault({
        ...item("raw_port"),
        ...(current === undefined ? {} : { value_current: current }),
      }),
    ).toBe(shown);
  });

  it.each([
    ["10000", false],
    ["10001", true],
    ["", true],
  ])("raw_port at 10000 with input %j is edited: %s", (draft, edited) => {
    expect(isEdited({ ...item("raw_port"), value_current: 10000 }, draft)).toBe(edited);
  });
});

describe("merging device answers", () => {
  it("puts current values on the items and notes values of the wrong type", () => {
    const { items, issues } = withCurrentValues(BUILT_IN_CONFIG, {
      raw_port: 10005,
      gps_correction: "yes",
      sta_ssid: "Field",
      not_a_setting: 1,
    });
    expect(items.find((i) => i.name_internal === "raw_port")?.value_current).toBe(10005);
    expect(items.find((i) => i.name_internal === "sta_ssid")?.value_current).toBe("Field");
    expect(items.find((i) => i.name_internal === "gps_correction")?.value_current).toBeUndefined();
    expect(items.find((i) => i.name_internal === "uhf_power")?.value_current).toBeUndefined();
    expect(issues).toEqual(['gps_correction: the device reports "yes", expected a boolean']);
    expect(items).toHaveLength(BUILT_IN_CONFIG.length);
  });

  const remote = (over: Partial<ConfigItem>): ConfigItem => ({
    name_display: "Raw",
    name_internal: "raw_port",
    category: "net_ports",
    description: "",
    type: "number",
    perm: 10,
    value_default: 10000,
    ...over,
  });

  it.each([
    [remote({}), { min: 1, max: 65535, integer: true }],
    [
      remote({ name_internal: "uhf_power", type: "string", value_default: "HIGH" }),
      { allowed: ["LOW", "MEDIUM", "HIGH"] },
    ],
    [remote({ type: "string", value_default: "x" }), {}],
    [remote({ name_internal: "new_thing" }), {}],
  ])("a remote item %#  gets the known limits of the same name and type", (it_, limits) => {
    const out = withKnownLimits(it_);
    expect({ allowed: out.allowed, min: out.min, max: out.max, integer: out.integer }).toEqual({
      allowed: undefined,
      min: undefined,
      max: undefined,
      integer: undefined,
      ...limits,
    });
    expect(out.name_display).toBe(it_.name_display);
  });
});
