// @vitest-environment node
// Unit tests of D12's guard, proven once for both pages: which settings change the passings, which units are asked
// about (only for those settings, only while timing or of unknown mode), and the words of a value not sent.
import { BUILT_IN_CONFIG } from "@trc/protocol";
import { describe, expect, it, vi } from "vitest";
import {
  changesPassings,
  notSentWhileTiming,
  timingConfirmations,
  type UnitMode,
  type UnitWrites,
  unitConfirmations,
  withoutUnconfirmed,
} from "./timingGuard.ts";

const plan = (unit: string, ...settings: string[]): UnitWrites => ({
  unit,
  writes: settings.map((setting) => ({ setting })),
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

describe("unitConfirmations: one unit's question (the Configuration page's Submit and import)", () => {
  const unit = "http://10.0.0.1";

  it("a setting that does not change the passings: no question, and the mode is not even read", async () => {
    const readMode = vi.fn(async (): Promise<UnitMode> => "timing");
    expect(await unitConfirmations(unit, ["uhf_power", "buzzer_volume"], readMode)).toStrictEqual([]);
    expect(readMode).not.toHaveBeenCalled();
  });

  it.each<[UnitMode, boolean | null]>([
    ["timing", true],
    [undefined, false], // could not be read: asked all the same
    ["test", null],
    [null, null], // no race control
  ])("mode %j: asked %j, naming only the settings that change the passings", async (mode, modeKnown) => {
    const asks = await unitConfirmations(unit, ["uhf_power", "tag_timeout", "raw_port"], async () => mode);
    expect(asks).toStrictEqual(
      modeKnown === null ? [] : [{ unit, settings: ["tag_timeout", "raw_port"], modeKnown }],
    );
  });

  it("a value the operator declined says why under its input", () => {
    expect(notSentWhileTiming({ modeKnown: true })).toBe("Not sent: the unit is timing");
    expect(notSentWhileTiming({ modeKnown: false })).toBe("Not sent: the unit may be timing");
  });
});
