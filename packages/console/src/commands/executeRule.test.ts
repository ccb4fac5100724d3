// Unit tests of the execute button's rule over every combination of selection, validity, level and flags.
import { describe, expect, it } from "vitest";
import { levelAllows } from "../shared/access/credentials.ts";
import { type ExecuteInput, executeButton, insufficient, levelBadge } from "./executeRule.ts";

const base: ExecuteInput = {
  selected: true,
  argsValid: true,
  level: 10,
  perm: 5,
  useAuth: true,
  allowRegardless: false,
  inProgress: false,
  locked: false,
};

describe("execute button", () => {
  it.each([
    ["ready", {}, "Execute", true],
    ["nothing selected", { selected: false }, "Execute", false],
    ["an argument invalid", { argsValid: false }, "Error", false],
    ["level too low", { perm: 20 }, "Not Authed", false],
    ["level too low and args invalid", { perm: 20, argsValid: false }, "Not Authed", false],
    ["level exactly enough", { perm: 10 }, "Execute", true],
    ["level too low, auth flag off", { perm: 250, useAuth: false }, "Execute", true],
    ["level too low, allowed regardless", { perm: 250, allowRegardless: true }, "Execute", true],
    ["a command in progress", { inProgress: true }, "Execute", false],
    ["within 500 ms of a click", { locked: true }, "Execute", false],
    ["owner command at owner level", { perm: 20, level: 20 }, "Execute", true],
    ["developer level runs admin commands", { perm: 100, level: 150 }, "Execute", true],
  ] as const)("%s", (_, patch, label, enabled) => {
    const b = executeButton({ ...base, ...patch });
    expect(b.label).toBe(label);
    expect(b.enabled).toBe(enabled);
  });

  it("shows the spinner exactly while locked", () => {
    expect(executeButton({ ...base, locked: true }).spinner).toBe(true);
    expect(executeButton(base).spinner).toBe(false);
  });

  // Every combination of level, flags and validity: enabled only if selected, valid, allowed and idle (SPEC §4).
  const bools = [false, true];
  const levels = [
    [10, 5],
    [10, 10],
    [10, 20],
    [100, 250],
  ] as const;
  for (const selected of bools)
    for (const argsValid of bools)
      for (const useAuth of bools)
        for (const allowRegardless of bools)
          for (const inProgress of bools)
            for (const locked of bools)
              for (const [level, perm] of levels) {
                const input = {
                  selected,
                  argsValid,
                  useAuth,
                  allowRegardless,
                  inProgress,
                  locked,
                  level,
                  perm,
                };
                const levelOk = level >= perm;
                const authOk = levelOk || !useAuth || allowRegardless;
                it(`enabled=${selected && argsValid && authOk && !inProgress && !locked} for ${JSON.stringify(input)}`, () => {
                  const b = executeButton(input);
                  expect(b.enabled).toBe(selected && argsValid && authOk && !inProgress && !locked);
                  if (selected && !authOk) expect(b.label).toBe("Not Authed");
                  else if (selected && !argsValid) expect(b.label).toBe("Error");
                  else expect(b.label).toBe("Execute");
                });
              }
});

describe("permission banner", () => {
  it.each([
    [10, 20, true, true],
    [20, 20, true, false],
    [10, 5, true, false],
    [10, 250, false, false],
  ])("level %i, command %i, auth %s: %s", (level, perm, useAuth, shown) => {
    expect(insufficient({ level, perm, useAuth })).toBe(shown);
  });

  it("the allow-regardless flag unblocks the button but not the banner", () => {
    const i = { level: 10, perm: 20, useAuth: true, allowRegardless: true };
    expect(levelAllows(i)).toBe(true);
    expect(insufficient(i)).toBe(true);
  });
});

describe("level badge", () => {
  it.each([
    [0, null],
    [5, null],
    [19, null],
    [20, "ownr 20"],
    [50, "srvr 50"],
    [51, "tech 51"],
    [80, "tech 80"],
    [100, "admn 100"],
    [150, "dev 150"],
    [250, "unavl 250"],
    [255, "unavl 255"],
  ])("level %i: %s", (perm, text) => {
    expect(levelBadge(perm)?.text ?? null).toBe(text);
  });

  it("names the level in its title", () => {
    expect(levelBadge(100)?.title).toBe("Level 100 (Admin)");
  });
});
