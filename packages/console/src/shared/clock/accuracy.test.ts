// Table-driven tests of the time accuracy verdict and the time zone error (SPEC §4, §8, §9).
import { describe, expect, it } from "vitest";
import {
  ACCURACY_DESCRIPTIONS,
  ACCURACY_LABELS,
  accuracyCode,
  accuracyVerdict,
  offsetText,
  timeZoneError,
  timeZoneErrorText,
  wallClock,
  zoneText,
} from "./accuracy.ts";

const DAY = 24 * 3600 * 1000;

describe("accuracyVerdict(offset, delay)", () => {
  it.each([
    [0, 10, "ACCURATE"],
    [99, 10, "ACCURATE"],
    [-99, 10, "ACCURATE"],
    [100, 10, "SOMEWHAT_ACCURATE"],
    [150, 80, "ACCURATE"], // under 2 × delay
    [1999, 10, "SOMEWHAT_ACCURATE"],
    [2000, 10, "INACCURATE"],
    [2400, 500, "SOMEWHAT_ACCURATE"], // under 5 × delay
    [-5000, 10, "INACCURATE"],
    [30 * DAY, 10, "INACCURATE"],
    [30 * DAY + 1, 10, "VERY_INACCURATE"],
    [-40 * DAY, 10, "VERY_INACCURATE"],
    [Number.NaN, 10, "VERY_INACCURATE"],
    [50, Number.NaN, "ACCURATE"],
  ])("offset %d ms, delay %d ms: %s", (offset, delay, verdict) => {
    expect(accuracyVerdict(offset, delay)).toBe(verdict);
  });

  it.each([
    ["NOT_QUERIED", 0, "Have not queried", "Please query for time"],
    ["NO_GOOD_RESULTS", 1, "Faulted query", "Something went wrong, please check connection and try again"],
    ["QUERYING", 2, "Querying", "Waiting on time from system"],
    ["VERY_INACCURATE", 3, "Very Inaccurate", "Time never set or set to something extreme"],
    ["INACCURATE", 4, "Inaccurate", "Time has drifted from system time, set it if not intended"],
    ["SOMEWHAT_ACCURATE", 5, "Accurate*", "Accurate within networking and processing error"],
    ["ACCURATE", 6, "Accurate", "Accurate as possible considering error sources"],
  ] as const)("%s (%d) is shown %s", (state, code, label, desc) => {
    expect(accuracyCode(state)).toBe(code);
    expect(ACCURACY_LABELS[state]).toBe(label);
    expect(ACCURACY_DESCRIPTIONS[state]).toBe(desc);
  });
});

describe("time zone error", () => {
  it.each([
    [0, 0, 0, "0 s"],
    [3600, 0, 3600, "+3600 s (+1 h)"],
    [0, 3600, -3600, "-3600 s (-1 h)"],
    [19800, 3600, 16200, "+16200 s (+4 h 30 min)"],
    [-18000, -18000, 0, "0 s"],
    [30, 0, 30, "+30 s"],
  ])("device %d s minus browser %d s is %d", (device, browser, error, text) => {
    expect(timeZoneError(device, browser)).toBe(error);
    expect(timeZoneErrorText(error)).toBe(text);
  });
});

describe("clock texts", () => {
  it.each([
    [12.4, "+12 ms"],
    [-850, "-850 ms"],
    [3400, "+3.4 s"],
    [125_000, "+2 min 5 s"],
    [7_500_000, "+2 h 5 min"],
    [-40 * DAY, "-40 d 0 h"],
    [40 * DAY - 0.3, "+40 d 0 h"],
    [3_599_999, "+1 h 0 min"],
    [3_600_000, "+1 h 0 min"],
    [119_700, "+2 min 0 s"],
  ])("offset %d reads %s", (ms, text) => {
    expect(offsetText(ms)).toBe(text);
  });

  it.each([
    [Date.UTC(2026, 10, 22, 5, 50, 12), 0, "2026-11-22 05:50:12", "UTC"],
    [Date.UTC(2026, 10, 22, 23, 30, 0), 3600, "2026-11-23 00:30:00", "UTC+01:00"],
    [Date.UTC(2026, 10, 22, 2, 0, 0), -19800, "2026-11-21 20:30:00", "UTC-05:30"],
  ])("%d in zone %d s is %s", (ms, zone, text, zoneName) => {
    expect(wallClock(ms, zone)).toBe(text);
    expect(zoneText(zone)).toBe(zoneName);
  });

  it("an impossible instant reads as missing", () => {
    expect(wallClock(1e20, 0)).toBe("—");
  });
});
