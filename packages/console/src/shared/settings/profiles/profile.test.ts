// @vitest-environment node
// Unit tests of the profile file: what is written, what an import takes, and every reason a file is refused.
import { findConfigItem } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { readDraft } from "../settingRules.ts";
import {
  NOT_A_PROFILE,
  NOT_JSON,
  type Profile,
  profileFile,
  profileFileName,
  profileFromUnit,
  readProfile,
} from "./profile.ts";

const EVENT: Profile = {
  name: "Marathon 2026",
  settings: { tag_timeout: 5, reads_2b_sent: "FS", uhf_power: "HIGH", gps_correction: true, raw_port: 10000 },
};
const file = (o: unknown) => JSON.stringify(o);
const profileWith = (settings: Record<string, unknown>, name = "P") =>
  file({ trcProfile: 1, name, settings });

describe("the file", () => {
  it("is versioned JSON with the settings in D5's order, and reads back as the same profile", () => {
    const text = profileFile(EVENT);
    expect(JSON.parse(text)).toStrictEqual({
      trcProfile: 1,
      name: "Marathon 2026",
      settings: EVENT.settings,
    });
    expect(Object.keys(JSON.parse(text).settings)).toStrictEqual([
      "raw_port",
      "reads_2b_sent",
      "tag_timeout",
      "gps_correction",
      "uhf_power",
    ]);
    expect(readProfile(text)).toStrictEqual({ profile: EVENT });
  });

  it("is named after the profile, safe for every file system", () => {
    expect(profileFileName(EVENT)).toBe("profile-Marathon_2026.json");
    expect(profileFileName({ name: "a/b:c" })).toBe("profile-a_b_c.json");
  });

  it("keeps a setting's type: 5 stays a number, false a boolean, an empty password text", () => {
    const read = readProfile(profileWith({ tag_timeout: 0, gps_correction: false, sta_password: "" }));
    expect(read).toStrictEqual({
      profile: { name: "P", settings: { tag_timeout: 0, gps_correction: false, sta_password: "" } },
    });
  });
});

describe("a file that is refused, with the reason", () => {
  it.each([
    ["not JSON", "{trcProfile:1", NOT_JSON],
    ["a backup of the Configuration page", file({ format: "trc-config-backup", config: {} }), NOT_A_PROFILE],
    ["an array", "[]", NOT_A_PROFILE],
    ["no version", file({ name: "P", settings: { tag_timeout: 5 } }), NOT_A_PROFILE],
    ["settings not an object", file({ trcProfile: 1, name: "P", settings: [] }), NOT_A_PROFILE],
    ["a name not text", file({ trcProfile: 1, name: 7, settings: {} }), NOT_A_PROFILE],
    [
      "a newer format",
      file({ trcProfile: 2, name: "P", settings: {} }),
      "The profile's format (version 2) is not one this console reads",
    ],
    ["no name", profileWith({ tag_timeout: 5 }, "  "), "The profile needs a name"],
    ["a long name", profileWith({ tag_timeout: 5 }, "x".repeat(65)), "The name has more than 64 characters"],
    [
      "a control character",
      profileWith({ tag_timeout: 5 }, "a\nb"),
      "The name: Must not contain control characters",
    ],
    ["no settings", profileWith({}), "The profile holds no settings"],
  ])("%s", (_what, text, reason) => {
    expect(readProfile(text)).toStrictEqual({ refused: [reason] });
  });

  it.each<[string, unknown, string]>([
    ["tag_timeot", 5, "tag_timeot: Unknown setting"],
    ["__proto__", { tag_timeout: 1 }, "__proto__: Unknown setting"],
    ["tag_timeout", 3601, "tag_timeout: Must be at most 3600"],
    ["tag_timeout", -1, "tag_timeout: Must be at least 0"],
    ["tag_timeout", 2.5, "tag_timeout: Must be a whole number"],
    ["tag_timeout", "5", "tag_timeout: Must be a number"],
    ["raw_port", 0, "raw_port: Must be at least 1"],
    ["filtered_port", 65536, "filtered_port: Must be at most 65535"],
    ["reads_2b_sent", "fs", "reads_2b_sent: Must be one of FS, BS, LS, BS_LS, FS_LS, ALL"],
    ["http_pckt_format", 2, "http_pckt_format: Must be one of 0, 1"],
    ["gps_correction", "true", "gps_correction: Must be true or false"],
    ["uhf_region", 1, "uhf_region: Must be text"],
    ["static_ip", "192.168.1", "static_ip: Must be an IPv4 address like 192.168.1.50"],
    ["lan_subnet", "255.0.255.0", "lan_subnet: Must be a subnet mask like 255.255.255.0"],
    ["ap_password", "short", "ap_password: WPA2 needs 8 to 63 printable ASCII characters"],
    [
      "mqtt_client_id",
      "a/b",
      "mqtt_client_id: Must be 1 to 23 letters, digits, - or _ (what MQTT servers accept)",
    ],
    ["sta_ssid", "a\u0000b", "sta_ssid: Must not contain control characters"],
  ])("%s = %j", (setting, value, reason) => {
    expect(readProfile(profileWith({ tag_timeout: 5, [setting]: value }))).toStrictEqual({
      refused: [reason],
    });
  });

  it("gives the Configuration page's reason for a value typed into its input", () => {
    // The page reads its inputs as text; a profile holds typed values: the same limits give the same words.
    for (const [setting, value] of [
      ["tag_timeout", 3601],
      ["raw_port", 0],
      ["static_ip", "0.0.0.0"],
      ["reads_2b_sent", "XX"],
    ] as const) {
      const item = findConfigItem(setting);
      if (!item) throw new Error(setting);
      const refused = readProfile(profileWith({ [setting]: value }));
      expect(refused).toStrictEqual({ refused: [`${setting}: ${readDraft(item, String(value)).reason}`] });
    }
  });

  it("names every bad setting at once", () => {
    const text = profileWith({ raw_port: 0, tag_timeout: 5, uhf_power: "MAX", colour: "red" }, "");
    expect(readProfile(text)).toStrictEqual({
      refused: [
        "The profile needs a name",
        "raw_port: Must be at least 1",
        "uhf_power: Must be one of LOW, MEDIUM, HIGH",
        "colour: Unknown setting",
      ],
    });
  });
});

describe("made from a unit", () => {
  it("takes the chosen settings with the unit's values, skipping any the unit does not report", () => {
    const values = { tag_timeout: 2, reads_2b_sent: "LS", uhf_power: "LOW", gps_correction: false };
    expect(
      profileFromUnit("Finish", values, ["tag_timeout", "gps_correction", "raw_port", "toString"]),
    ).toStrictEqual({ name: "Finish", settings: { tag_timeout: 2, gps_correction: false } });
  });
});
