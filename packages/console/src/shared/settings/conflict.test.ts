// Unit tests of the conflict model (issue 22): when the unit's value counts as changed, the words, each answer's step.
import type { ConfigValue } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import {
  CONFLICT_ANSWERS,
  type ConflictAnswer,
  conflictStep,
  conflictText,
  findConflict,
} from "./conflict.ts";
import { valueText } from "./settingRules.ts";

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
