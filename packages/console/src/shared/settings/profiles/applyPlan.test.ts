// @vitest-environment node
// Unit tests of applying a profile: only differing settings, the in-flight caps, conflicts, refusals, unreachable units, restart and undo.
import type { ConfigValue } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { type FakeUnit, fleetOf, unitsOf } from "../../../../test/profiles.fakes.ts";
import {
  type ApplyIO,
  applyPlan,
  needsRestart,
  type RunOptions,
  runPlan,
  type UnitResult,
  undoPlan,
  unitOutcome,
} from "./applyPlan.ts";
import type { Profile } from "./profile.ts";

const PROFILE: Profile = {
  name: "Event",
  settings: {
    reads_2b_sent: "FS",
    tag_timeout: 5,
    buzzer_volume: "LOW",
    uhf_power: "HIGH",
    gps_correction: true,
    mqtt_client_id: "EVENT-1",
  },
};
/** A unit far from the profile: all six settings differ. */
const OFF: Record<string, ConfigValue> = {
  reads_2b_sent: "FS_LS",
  tag_timeout: 2,
  buzzer_volume: "MEDIUM",
  uhf_power: "LOW",
  gps_correction: false,
  mqtt_client_id: "ONET10001",
  raw_port: 10000,
};

const run = (plans: Parameters<typeof runPlan>[0], io: ApplyIO, opts: Partial<RunOptions> = {}) =>
  runPlan(plans, { io, now: () => 1000, ...opts });
const statuses = (r: UnitResult | undefined) =>
  Object.fromEntries((r?.settings ?? []).map((s) => [s.setting, s.status]));

describe("the plan", () => {
  it("holds only the settings that differ, with the unit's value they were read at", () => {
    const fleet = fleetOf({
      "http://a": { ...OFF, reads_2b_sent: "FS", tag_timeout: 5, buzzer_volume: "LOW", uhf_power: "HIGH" },
      "http://b": { ...PROFILE.settings },
    });
    expect(applyPlan(PROFILE, unitsOf(fleet))).toStrictEqual([
      {
        unit: "http://a",
        writes: [
          { setting: "mqtt_client_id", value: "EVENT-1", expected: "ONET10001" },
          { setting: "gps_correction", value: true, expected: false },
        ],
      },
      { unit: "http://b", writes: [] },
    ]);
  });

  it("sends only those: a matching unit gets no request at all and reads 'matches'", async () => {
    const fleet = fleetOf({ "http://a": { ...OFF, tag_timeout: 5 }, "http://b": { ...PROFILE.settings } });
    const results = await run(applyPlan(PROFILE, unitsOf(fleet)), fleet.io);
    expect(fleet.units["http://a"]?.sets.sort()).toStrictEqual([
      "buzzer_volume=LOW",
      "gps_correction=true",
      "mqtt_client_id=EVENT-1",
      "reads_2b_sent=FS",
      "uhf_power=HIGH",
    ]);
    expect(fleet.units["http://b"]?.maxInFlight).toBe(0);
    expect(results.map(unitOutcome)).toStrictEqual(["applied", "matches"]);
    expect(results.map(needsRestart)).toStrictEqual([true, false]);
  });
});

describe("the in-flight caps", () => {
  const fleetOfN = (n: number) =>
    fleetOf(Object.fromEntries(Array.from({ length: n }, (_, i) => [`http://10.0.0.${i + 1}`, OFF])));

  it("never more than 2 requests per unit, nor more than 8 units at once; every unit brought to the profile", async () => {
    const fleet = fleetOfN(30);
    const results = await run(applyPlan(PROFILE, unitsOf(fleet)), fleet.io);
    const most = Math.max(...Object.values(fleet.units).map((u) => u.maxInFlight));
    expect(most).toBe(2);
    expect(fleet.maxUnitsBusy()).toBe(8);
    expect(results.every((r) => unitOutcome(r) === "applied")).toBe(true);
    for (const u of Object.values(fleet.units))
      expect(u.values).toStrictEqual({ ...PROFILE.settings, raw_port: 10000 });
  });

  it("a smaller bound of units is kept too, and undo keeps the same caps", async () => {
    const fleet = fleetOfN(10);
    const results = await run(applyPlan(PROFILE, unitsOf(fleet)), fleet.io, { unitsAtOnce: 3 });
    expect(fleet.maxUnitsBusy()).toBe(3);
    for (const u of Object.values(fleet.units)) u.maxInFlight = 0;
    await run(undoPlan(results), fleet.io);
    expect(Math.max(...Object.values(fleet.units).map((u) => u.maxInFlight))).toBe(2);
    expect(fleet.maxUnitsBusy()).toBe(8);
  });
});

describe("a value changed on the unit since its differences were read", () => {
  it("is not overwritten but reported with the Configuration page's words; the rest is applied", async () => {
    const fleet = fleetOf({ "http://a": OFF });
    const plans = applyPlan(PROFILE, unitsOf(fleet));
    const a = fleet.units["http://a"] as FakeUnit;
    a.onRead = () => {
      a.values.tag_timeout = 7; // another operator, mid-apply
      a.values.uhf_power = "HIGH"; // already the profile's value: nothing to lose, nothing sent
    };
    const [result] = await run(plans, fleet.io);
    expect(a.values.tag_timeout).toBe(7);
    expect(a.sets).not.toContain("tag_timeout=5");
    expect(a.sets).not.toContain("uhf_power=HIGH");
    const timeout = result?.settings.find((s) => s.setting === "tag_timeout");
    expect(timeout).toMatchObject({
      status: "conflict",
      reason: "Changed on the unit since you opened this page: 2 → 7",
    });
    expect(statuses(result)).toMatchObject({ uhf_power: "unchanged", reads_2b_sent: "applied" });
    expect(result && unitOutcome(result)).toBe("conflict");
    expect(result && needsRestart(result)).toBe(true);
  });

  it("shows values as the page does: a hidden password, a setting no longer reported", async () => {
    const fleet = fleetOf({ "http://a": { sta_password: "old-secret", tag_timeout: 2 } });
    const profile: Profile = { name: "P", settings: { sta_password: "new-secret", tag_timeout: 5 } };
    const plans = applyPlan(profile, unitsOf(fleet));
    const a = fleet.units["http://a"] as FakeUnit;
    a.values = { sta_password: "other-secret" };
    const [result] = await run(plans, fleet.io);
    expect(result?.settings.map((s) => s.reason)).toStrictEqual([
      "Changed on the unit since you opened this page: •••••••• → ••••••••",
      "Changed on the unit since you opened this page: 2 → (not reported)",
    ]);
    expect(a.sets).toStrictEqual([]);
  });
});

describe("per unit results", () => {
  it("refused with the unit's reason (lack of level), nothing else stops", async () => {
    const fleet = fleetOf({ "http://a": OFF, "http://b": OFF });
    (fleet.units["http://a"] as FakeUnit).refuse = (s) =>
      s === "tag_timeout"
        ? {
            status: 401,
            body: { error: "Setting tag_timeout needs level 20 (Owner); this request has level 10" },
          }
        : s === "uhf_power"
          ? { status: 400, body: { error: "uhf_power: Must be one of LOW, MEDIUM, HIGH" } }
          : undefined;
    const [a, b] = await run(applyPlan(PROFILE, unitsOf(fleet)), fleet.io);
    expect(a?.settings.filter((s) => s.status === "refused").map((s) => s.reason)).toStrictEqual([
      "401 - Unauthorized (Setting tag_timeout needs level 20 (Owner); this request has level 10)",
      "400 - Bad packet (uhf_power: Must be one of LOW, MEDIUM, HIGH)",
    ]);
    expect(fleet.units["http://a"]?.sets).toHaveLength(4);
    expect(a && unitOutcome(a)).toBe("refused");
    expect(b && unitOutcome(b)).toBe("applied");
  });

  it("the password limit reads as on the Configuration page", async () => {
    const fleet = fleetOf({ "http://a": { tag_timeout: 2 } });
    (fleet.units["http://a"] as FakeUnit).refuse = () => ({
      status: 429,
      body: { error: "try again in 30 s" },
    });
    const [a] = await run(applyPlan({ name: "P", settings: { tag_timeout: 5 } }, unitsOf(fleet)), fleet.io);
    expect(a?.settings[0]).toMatchObject({
      status: "refused",
      reason: "Too many wrong passwords: try again in 30 s",
    });
  });

  it("unreachable: nothing is sent when its values cannot be read first", async () => {
    const fleet = fleetOf({ "http://a": OFF, "http://b": OFF });
    const plans = applyPlan(PROFILE, unitsOf(fleet));
    (fleet.units["http://a"] as FakeUnit).down = true;
    const [a, b] = await run(plans, fleet.io);
    expect(a?.settings.map((s) => s.reason)).toStrictEqual(
      Array(6).fill("Not sent: could not read the unit's value first (The device cannot be reached)"),
    );
    expect(fleet.units["http://a"]?.sets).toStrictEqual([]);
    expect(a && [unitOutcome(a), needsRestart(a)]).toStrictEqual(["unreachable", false]);
    expect(b && unitOutcome(b)).toBe("applied");
  });

  it("a unit that stops answering mid-apply: its remaining writes are not sent; what was set needs a restart", async () => {
    const fleet = fleetOf({ "http://a": OFF });
    const a1 = fleet.units["http://a"] as FakeUnit;
    a1.refuse = (s) => (s === "buzzer_volume" ? "no answer" : undefined);
    a1.ticks = (s) => (s === "reads_2b_sent" ? 5 : 1);
    const [a] = await run(applyPlan(PROFILE, unitsOf(fleet)), fleet.io);
    // D5's order: buzzer_volume and reads_2b_sent leave together; buzzer_volume gets no answer first, so nothing
    // after them is sent, while reads_2b_sent, already on its way, is set.
    expect(a?.settings.map((s) => [s.setting, s.status, s.reason])).toStrictEqual([
      ["buzzer_volume", "unreachable", "The device did not answer within 10 s"],
      ["reads_2b_sent", "applied", undefined],
      ["tag_timeout", "unreachable", "Not sent: The device did not answer within 10 s"],
      ["mqtt_client_id", "unreachable", "Not sent: The device did not answer within 10 s"],
      ["gps_correction", "unreachable", "Not sent: The device did not answer within 10 s"],
      ["uhf_power", "unreachable", "Not sent: The device did not answer within 10 s"],
    ]);
    expect(a1.sets).toStrictEqual(["reads_2b_sent=FS"]);
    expect(a && [unitOutcome(a), needsRestart(a)]).toStrictEqual(["unreachable", true]);
  });

  it("reports each unit's line as it moves: waiting, reading, writing, done, with the clock's times", async () => {
    const fleet = fleetOf({ "http://a": { tag_timeout: 2 } });
    const steps: string[] = [];
    let t = 0;
    const [a] = await run(applyPlan({ name: "P", settings: { tag_timeout: 5 } }, unitsOf(fleet)), fleet.io, {
      now: () => (t += 100),
      onProgress: (r) => steps.push(`${r.step}:${r.settings[0]?.status}`),
    });
    expect(steps).toStrictEqual(["reading:pending", "writing:pending", "writing:applied", "done:applied"]);
    expect(a).toMatchObject({ startedAt: 100, finishedAt: 200 });
  });

  it("stops when aborted: units not started send nothing", async () => {
    const fleet = fleetOf({ "http://a": OFF, "http://b": OFF });
    const abort = new AbortController();
    const plans = applyPlan(PROFILE, unitsOf(fleet));
    (fleet.units["http://a"] as FakeUnit).onRead = () => abort.abort();
    await expect(run(plans, fleet.io, { unitsAtOnce: 1, signal: abort.signal })).rejects.toThrow();
    expect(fleet.units["http://a"]?.sets).toStrictEqual([]);
    expect(fleet.units["http://b"]?.maxInFlight).toBe(0);
  });
});

describe("undo", () => {
  it("puts back, on every unit, the values it had before, only for the settings the apply changed", async () => {
    const fleet = fleetOf({ "http://a": OFF, "http://b": { ...OFF, tag_timeout: 5 } });
    const before = unitsOf(fleet);
    const b = fleet.units["http://b"] as FakeUnit;
    b.refuse = (s) => (s === "uhf_power" ? { status: 401, body: { error: "needs level 20" } } : undefined);
    const applied = await run(applyPlan(PROFILE, before), fleet.io);
    expect(undoPlan(applied)[1]).toStrictEqual({
      unit: "http://b",
      writes: [
        { setting: "buzzer_volume", value: "MEDIUM", expected: "LOW" },
        { setting: "reads_2b_sent", value: "FS_LS", expected: "FS" },
        { setting: "mqtt_client_id", value: "ONET10001", expected: "EVENT-1" },
        { setting: "gps_correction", value: false, expected: true },
      ],
    });
    b.sets = [];
    const undone = await run(undoPlan(applied), fleet.io);
    expect(unitsOf(fleet)).toStrictEqual(before);
    expect(b.sets).toHaveLength(4);
    expect(undone.map(unitOutcome)).toStrictEqual(["applied", "applied"]);
  });

  it("does not overwrite a value changed on the unit after the apply", async () => {
    const fleet = fleetOf({ "http://a": OFF });
    const applied = await run(applyPlan(PROFILE, unitsOf(fleet)), fleet.io);
    const a = fleet.units["http://a"] as FakeUnit;
    a.values.tag_timeout = 9;
    const [undone] = await run(undoPlan(applied), fleet.io);
    expect(a.values.tag_timeout).toBe(9);
    expect(undone?.settings.find((s) => s.setting === "tag_timeout")).toMatchObject({
      status: "conflict",
      reason: "Changed on the unit since you opened this page: 5 → 9",
    });
    expect(a.values).toStrictEqual({ ...OFF, tag_timeout: 9 });
  });

  it("has nothing to do for a unit the apply did not change", () => {
    const result: UnitResult = {
      unit: "http://a",
      step: "done",
      settings: [
        { setting: "tag_timeout", value: 5, expected: 2, status: "conflict", before: 7 },
        { setting: "uhf_power", value: "HIGH", expected: "LOW", status: "unchanged", before: "HIGH" },
        { setting: "raw_port", value: 10002, expected: 10000, status: "refused" },
        { setting: "filtered_port", value: 10003, expected: 10001, status: "unreachable" },
        { setting: "gps_correction", value: true, expected: undefined, status: "applied", before: undefined },
      ],
    };
    expect(undoPlan([result])).toStrictEqual([]);
  });
});
