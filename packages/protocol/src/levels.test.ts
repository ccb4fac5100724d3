// Unit tests of the permission levels (SPEC §6) and command outcomes by HTTP status (SPEC §4).
import { describe, expect, it } from "vitest";
import { outcomeFromStatus } from "./enums.ts";
import { isValidLevel, LEVELS, namedLevel } from "./levels.ts";

describe("namedLevel maps a number to the first named level at or above it", () => {
  it.each([
    [0, "Limited", "limt"],
    [5, "Limited", "limt"],
    [6, "Default", "def"],
    [10, "Default", "def"],
    [11, "Owner", "ownr"],
    [20, "Owner", "ownr"],
    [21, "Server", "srvr"],
    [50, "Server", "srvr"],
    [51, "Technical", "tech"],
    [80, "Technical", "tech"],
    [81, "Admin", "admn"],
    [100, "Admin", "admn"],
    [101, "Developer", "dev"],
    [150, "Developer", "dev"],
    [151, "Unavailable", "unavl"],
    [250, "Unavailable", "unavl"],
    [251, "Unavailable", "unavl"],
    [255, "Unavailable", "unavl"],
  ])("%i → %s (%s)", (level, name, short) => {
    expect(namedLevel(level)).toMatchObject({ name, short });
  });

  it("has the SPEC §6 table in order", () => {
    expect(LEVELS.map((l) => [l.level, l.name, l.short])).toEqual([
      [5, "Limited", "limt"],
      [10, "Default", "def"],
      [20, "Owner", "ownr"],
      [50, "Server", "srvr"],
      [80, "Technical", "tech"],
      [100, "Admin", "admn"],
      [150, "Developer", "dev"],
      [250, "Unavailable", "unavl"],
    ]);
  });
});

describe("isValidLevel accepts whole numbers 0..255 only", () => {
  it.each([0, 1, 10, 250, 255])("%s is valid", (v) => expect(isValidLevel(v)).toBe(true));
  it.each([-1, 256, 10.5, Number.NaN, Number.POSITIVE_INFINITY, "10", null, undefined, {}])(
    "%s is not valid",
    (v) => expect(isValidLevel(v)).toBe(false),
  );
});

describe("outcomeFromStatus (SPEC §4)", () => {
  it.each([
    [200, "SUCCESS"],
    [400, "BAD ARG"],
    [401, "NOT AUTHED"],
    [404, "NOT FOUND"],
    [500, "UNKNOWN"],
    [0, "UNKNOWN"],
    [201, "UNKNOWN"],
    [403, "UNKNOWN"],
  ] as const)("%i → %s", (status, outcome) => {
    expect(outcomeFromStatus(status)).toBe(outcome);
  });
});
