// The ten-slowest list that CI prints after each test run.
import { describe, expect, it } from "vitest";
import { slowestLines } from "./slowest.mjs";

describe("slowestLines", () => {
  it("lists the longest first, at most the count, with the total of all", () => {
    const tests = [
      { name: "a", ms: 1000 },
      { name: "b", ms: 12_500 },
      { name: "c", ms: 300 },
      { name: "d", ms: 4000 },
    ];
    expect(slowestLines("Browser tests", tests, 2)).toEqual([
      "Browser tests: the 2 slowest of 4 (all of them add up to 17.8 s)",
      "  12.5 s  b",
      "   4.0 s  d",
    ]);
  });

  it("breaks ties by name and says so when there are none", () => {
    expect(
      slowestLines("X", [
        { name: "z", ms: 5 },
        { name: "y", ms: 5 },
      ]).slice(1),
    ).toEqual(["  0.0 s  y", "  0.0 s  z"]);
    expect(slowestLines("X", [])).toEqual(["X: the 0 slowest of 0 (all of them add up to 0.0 s)"]);
  });
});
