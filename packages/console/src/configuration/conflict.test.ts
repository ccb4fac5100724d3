// Unit tests of conflicting edits: when the page asks, its text, each answer, the edits behind it and the import re-check.
import { BUILT_IN_CONFIG, type ConfigValue } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import {
  CONFLICT_ANSWERS,
  type ConflictAnswer,
  conflictStep,
  conflictText,
  findConflict,
} from "../shared/settings/conflict.ts";
import { type ConfigEntry, valueText, withCurrentValues } from "../shared/settings/settingRules.ts";
import { choiceAfterRecheck, planImport, recheckImport } from "./backup.ts";
import { configView, type Edits, editsReducer, type QuerySnapshot } from "./configEdits.ts";
import { saveResult } from "./saveResult.ts";

const itemsWith = (values: Record<string, unknown>): ConfigEntry[] =>
  withCurrentValues(BUILT_IN_CONFIG, values).items;
const snapshot = (values: Record<string, unknown>, version: number): QuerySnapshot => ({
  load: "REFRESHED",
  error: null,
  issues: [],
  items: itemsWith(values),
  progress: null,
  version,
});
const itemOf = (q: QuerySnapshot, name: string): ConfigEntry => {
  const item = configView(q, {}).items.find((i) => i.name_internal === name);
  if (!item) throw new Error(name);
  return item;
};

describe("findConflict", () => {
  it.each<[ConfigValue | undefined, ConfigValue | undefined, ConfigValue, boolean]>([
    // shown, unit now, to send, asks
    [10000, 10000, 10002, false], // nobody else changed it
    [10000, 10005, 10002, true], // another operator changed it
    [10000, 10002, 10002, false], // the unit already has what is sent: nothing to lose
    [undefined, 10005, 10002, true], // not reported when shown, reported now
    [10000, undefined, 10002, true], // the unit stopped reporting it
    [undefined, undefined, 10002, false],
    [false, true, false, true], // a checkbox turned on meanwhile, sending it off
    [false, true, true, false],
    ["HIGH", "LOW", "MEDIUM", true],
    ["", "x", "y", true],
    [0, -0, 5, true], // Object.is: a different number on the wire
  ])("shown %j, unit %j, sending %j → asks %s", (shown, now, value, asks) => {
    expect(findConflict(shown, now, value)).toStrictEqual(asks ? { old: shown, now, value } : null);
  });
});

describe("the text and the answers", () => {
  it("says what changed, OLD → NEW as the page shows values", () => {
    expect(conflictText(valueText(10000), valueText(10005))).toBe(
      "Changed on the unit since you opened this page: 10000 → 10005",
    );
    expect(conflictText(valueText(""), valueText(undefined))).toBe(
      'Changed on the unit since you opened this page: "" → (not reported)',
    );
    expect(conflictText(valueText("a", true), valueText("b", true))).toBe(
      "Changed on the unit since you opened this page: •••••••• → ••••••••",
    );
  });

  it.each<[ConflictAnswer, string, object]>([
    ["overwrite", "Overwrite", { send: 10002 }],
    ["keep", "Keep the unit's value", { take: 10005 }],
    ["edit", "Edit further", { editFrom: 10005 }],
  ])("%s is labelled %j and does %j", (answer, label, step) => {
    expect(CONFLICT_ANSWERS[answer]).toBe(label);
    expect(conflictStep({ old: 10000, now: 10005, value: 10002 }, answer)).toEqual(step);
  });
});

describe("the edits behind the question", () => {
  const v1 = snapshot({ raw_port: 10000, filtered_port: 10001 }, 1);
  // The check re-read the unit: another operator had set 10005.
  const v2 = snapshot({ raw_port: 10005, filtered_port: 10001 }, 2);
  const editing = (): Edits =>
    editsReducer({}, { type: "edit", name: "raw_port", draft: "10002", item: itemOf(v1, "raw_port") });
  const asked = (): Edits => {
    const submitted = editsReducer(editing(), { type: "submit", name: "raw_port" });
    const conflict = findConflict(10000, 10005, 10002);
    if (!conflict) throw new Error("expected a conflict");
    return editsReducer(submitted, { type: "conflict", name: "raw_port", conflict });
  };

  it("editing remembers the value the page showed; further typing keeps it; typing it back forgets it", () => {
    expect(configView(v1, editing()).fields.raw_port?.shown).toBe(10000);
    const more = editsReducer(editing(), {
      type: "edit",
      name: "raw_port",
      draft: "10003",
      item: itemOf(v2, "raw_port"),
    });
    expect(configView(v2, more).fields.raw_port?.shown).toBe(10000);
    const back = editsReducer(more, {
      type: "edit",
      name: "raw_port",
      draft: "10005",
      item: itemOf(v2, "raw_port"),
    });
    expect(configView(v2, back).fields.raw_port).toMatchObject({ draft: "10005", status: "clean" });
    expect(configView(v2, back).fields.raw_port?.shown).toBeUndefined();
  });

  it("while asked: not busy, the typed value kept and yellow, the question on the field, the unit's value current", () => {
    const view = configView(v2, asked());
    expect(view.fields.raw_port).toMatchObject({
      draft: "10002",
      status: "changed",
      busy: false,
      conflict: { old: 10000, now: 10005, value: 10002 },
    });
    expect(view.items.find((i) => i.name_internal === "raw_port")?.value_current).toBe(10005);
  });

  it("keep: the input takes the unit's value, clean, nothing pending", () => {
    const view = configView(v2, editsReducer(asked(), { type: "keep", name: "raw_port" }));
    expect(view.fields.raw_port).toMatchObject({
      draft: "10005",
      status: "clean",
      busy: false,
      conflict: null,
    });
  });

  it("edit further: the typed value stays, and the next Submit is measured against the unit's value", () => {
    const view = configView(v2, editsReducer(asked(), { type: "editFurther", name: "raw_port" }));
    expect(view.fields.raw_port).toMatchObject({
      draft: "10002",
      status: "changed",
      conflict: null,
      shown: 10005,
    });
    expect(findConflict(view.fields.raw_port?.shown, 10005, 10002)).toBeNull();
  });

  it("overwrite: a set like any other (busy, then green with the value current)", () => {
    const busy = editsReducer(asked(), { type: "submit", name: "raw_port" });
    expect(configView(v2, busy).fields.raw_port).toMatchObject({ busy: true, conflict: null });
    const ok = saveResult(200, { key: "raw_port", value: 10002 });
    const saved = editsReducer(busy, {
      type: "saved",
      name: "raw_port",
      value: 10002,
      result: ok,
      version: 2,
    });
    const view = configView(v2, saved);
    expect(view.fields.raw_port).toMatchObject({ draft: "10002", status: "saved", busy: false });
    expect(view.items.find((i) => i.name_internal === "raw_port")?.value_current).toBe(10002);
  });

  it("a saved value stays green across a re-read that finds it, not across one that finds another value", () => {
    const ok = saveResult(200, {});
    const saved = editsReducer(editing(), {
      type: "saved",
      name: "raw_port",
      value: 10002,
      result: ok,
      version: 1,
    });
    expect(configView(snapshot({ raw_port: 10002 }, 2), saved).fields.raw_port?.status).toBe("saved");
    const other = configView(snapshot({ raw_port: 10009 }, 3), saved);
    expect(other.fields.raw_port).toMatchObject({ status: "clean", draft: "10009" });
  });

  it("a check that could not read the unit is a failed result, the edit kept", () => {
    const failed = editsReducer(editing(), {
      type: "saved",
      name: "raw_port",
      value: 10002,
      result: { code: 0, text: "Not sent", ok: false, green: false, json: null, reason: null },
      version: 0,
    });
    expect(configView(v1, failed).fields.raw_port).toMatchObject({ status: "failed", draft: "10002" });
  });

  it("edit further without a question changes nothing", () => {
    const e = editing();
    expect(editsReducer(e, { type: "editFurther", name: "raw_port" })).toBe(e);
  });
});

describe("an import over values that changed since its preview", () => {
  const file = { raw_port: 10010, uhf_power: "LOW", gps_correction: true };
  const atPreview = itemsWith({ raw_port: 10000, uhf_power: "HIGH", gps_correction: true });
  const preview = planImport(atPreview, file);

  it("unchanged: rows as before, nothing marked, the chosen ones applied", () => {
    const again = recheckImport(preview, atPreview, file);
    expect(again.rows.map((r) => r.changed)).toEqual([undefined, undefined]);
    expect(choiceAfterRecheck(again, new Set(["raw_port", "uhf_power"]))).toEqual({
      apply: true,
      chosen: new Set(["raw_port", "uhf_power"]),
    });
  });

  it("a chosen setting changed: marked OLD → NEW, left unticked, nothing applied", () => {
    const now = itemsWith({ raw_port: 10007, uhf_power: "HIGH", gps_correction: true });
    const again = recheckImport(preview, now, file);
    const port = again.rows.find((r) => r.name === "raw_port");
    expect(port).toMatchObject({ current: 10007, next: 10010, changed: { old: 10000, now: 10007 } });
    expect(again.rows.find((r) => r.name === "uhf_power")?.changed).toBeUndefined();
    expect(choiceAfterRecheck(again, new Set(["raw_port", "uhf_power"]))).toEqual({
      apply: false,
      chosen: new Set(["uhf_power"]),
    });
    // The operator ticks it again (overwrite): the next re-check finds nothing new.
    const third = recheckImport(again, now, file);
    expect(choiceAfterRecheck(third, new Set(["raw_port", "uhf_power"])).apply).toBe(true);
  });

  it("an unchosen setting changed: marked, the chosen ones still applied", () => {
    const now = itemsWith({ raw_port: 10007, uhf_power: "HIGH", gps_correction: true });
    const again = recheckImport(preview, now, file);
    expect(choiceAfterRecheck(again, new Set(["uhf_power"]))).toEqual({
      apply: true,
      chosen: new Set(["uhf_power"]),
    });
  });

  it("a setting that had the file's value and was changed on the unit appears, marked", () => {
    const now = itemsWith({ raw_port: 10000, uhf_power: "HIGH", gps_correction: false });
    const gps = recheckImport(preview, now, file).rows.find((r) => r.name === "gps_correction");
    expect(gps).toMatchObject({ current: false, next: true, changed: { old: true, now: false } });
  });

  it("the unit now already has the file's value: no row, nothing to ask", () => {
    const now = itemsWith({ raw_port: 10010, uhf_power: "HIGH", gps_correction: true });
    const again = recheckImport(preview, now, file);
    expect(again.rows.map((r) => r.name)).toEqual(["uhf_power"]);
    expect(again.same).toBe(2);
    expect(choiceAfterRecheck(again, new Set(["raw_port", "uhf_power"])).apply).toBe(true);
  });
});
