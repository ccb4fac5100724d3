// @vitest-environment node
// Unit tests of D12's guard: which settings change the passings, and which units need the second confirmation.
import { BUILT_IN_CONFIG } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import type { UnitPlan } from "../settings/profiles/applyPlan.ts";
import { changesPassings, timingConfirmations, type UnitMode, withoutUnconfirmed } from "./timingGuard.ts";

const plan = (unit: string, ...settings: string[]): UnitPlan => ({
  unit,
  writes: settings.map((setting) => ({ setting, value: 1, expected: 0 })),
});

describe("changesPassings", () => {
  it("the filter, the timing ports and the servers; nothing else of D5's list", () => {
    expect(BUILT_IN_CONFIG.map((c) => c.name_internal).filter(changesPassings)).toStrictEqual([
      "raw_port",
      "filtered_port",
      "reads_2b_sent",
      "tag_timeout",
      "http_url",
      "force_http_log",
      "http_pckt_format",
      "mqtt_client_id",
    ]);
  });
});

describe("timingConfirmations", () => {
  const modes: Record<string, UnitMode> = {
    "http://timing": "timing",
    "http://test": "test",
    "http://old": null, // no race control
    "http://unknown": undefined,
  };
  const plans = [
    plan("http://timing", "uhf_power", "tag_timeout", "raw_port"),
    plan("http://test", "tag_timeout"),
    plan("http://old", "reads_2b_sent"),
    plan("http://unknown", "mqtt_client_id", "buzzer_volume"),
    plan("http://timing2", "uhf_power", "buzzer_volume"),
  ];

  it("names the units in timing mode (or of unknown mode) and the settings that change their passings", () => {
    const ask = timingConfirmations(plans, (u) => (u === "http://timing2" ? "timing" : modes[u]));
    expect(ask).toStrictEqual([
      { unit: "http://timing", settings: ["tag_timeout", "raw_port"], modeKnown: true },
      { unit: "http://unknown", settings: ["mqtt_client_id"], modeKnown: false },
    ]);
  });

  it("without the confirmation those writes are held back; everything else still goes", () => {
    const ask = timingConfirmations(plans, (u) => modes[u]);
    expect(withoutUnconfirmed(plans, ask).map((p) => p.writes.map((w) => w.setting))).toStrictEqual([
      ["uhf_power"],
      ["tag_timeout"],
      ["reads_2b_sent"],
      ["buzzer_volume"],
      ["uhf_power", "buzzer_volume"],
    ]);
  });
});
