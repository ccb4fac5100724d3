// Flag rows: defaults of D8, overrides marked as such, and an empty section.
import { describe, expect, it } from "vitest";
import { FLAG_DEFAULTS } from "../shared/access/flags.ts";
import { flagRows, flagSections } from "./flagRows.ts";

describe("flagRows", () => {
  it.each([
    ["an empty section", {}, {}, undefined, []],
    [
      "a flag at its default",
      { useAuth: true },
      { useAuth: true },
      undefined,
      [{ name: "useAuth", value: true, defaultValue: true, overridden: false }],
    ],
    [
      "an overridden flag",
      { useAuth: true },
      { useAuth: false },
      { useAuth: false },
      [{ name: "useAuth", value: false, defaultValue: true, overridden: true }],
    ],
    [
      "an override equal to the default is still an override",
      { filterByLevel: false },
      { filterByLevel: false },
      { filterByLevel: false },
      [{ name: "filterByLevel", value: false, defaultValue: false, overridden: true }],
    ],
    [
      "a cleared override",
      { useAuth: true },
      { useAuth: true },
      { useAuth: undefined },
      [{ name: "useAuth", value: true, defaultValue: true, overridden: false }],
    ],
  ])("%s", (_, defaults, effective, overrides, rows) => {
    expect(flagRows(defaults, effective, overrides)).toEqual(rows);
  });
});

describe("flagSections", () => {
  it("lists D8's sections and flags with their defaults", () => {
    const sections = flagSections(structuredClone(FLAG_DEFAULTS), {});
    expect(sections.map((s) => [s.label, s.rows.map((r) => `${r.name}=${r.value}`)])).toEqual([
      [
        "Commands",
        ["useAuth=true", "filterByLevel=false", "allowExecutionRegardless=false", "useRemoteStore=false"],
      ],
      ["Configuration", ["useAuth=false", "useRemoteStore=false"]],
    ]);
  });
});
