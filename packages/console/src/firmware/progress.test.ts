// Load figures: bytes, whole percentages, speed in kB/s (base 1000) and time left, including the first moments.
import { describe, expect, it } from "vitest";
import { formatDuration, loadFigures } from "./progress.ts";
import { emptyLoad } from "./stages.ts";

describe("loadFigures", () => {
  it.each([
    [
      0,
      0,
      { bytes: "0 / 100000 bytes", percent: "0 %", speed: "- kB/s", timeLeft: "time left: estimating..." },
    ],
    [
      20_000,
      1000,
      { bytes: "20000 / 100000 bytes", percent: "20 %", speed: "20.0 kB/s", timeLeft: "4 s left" },
    ],
    [
      50_000,
      2500,
      { bytes: "50000 / 100000 bytes", percent: "50 %", speed: "20.0 kB/s", timeLeft: "3 s left" },
    ],
    [
      99_999,
      5000,
      { bytes: "99999 / 100000 bytes", percent: "99 %", speed: "20.0 kB/s", timeLeft: "1 s left" },
    ],
    [
      100_000,
      5000,
      { bytes: "100000 / 100000 bytes", percent: "100 %", speed: "20.0 kB/s", timeLeft: "0 s left" },
    ],
  ])("%i bytes after %i ms", (sent, ms, expected) => {
    expect(loadFigures({ ...emptyLoad(100_000, 1000), sent, now: 1000 + ms })).toEqual(expected);
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0 s"],
    [0.2, "1 s"],
    [59, "59 s"],
    [60, "1 min 00 s"],
    [125, "2 min 05 s"],
  ])("%f s → %s", (s, text) => {
    expect(formatDuration(s)).toBe(text);
  });
});
