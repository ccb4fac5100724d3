// The backlog from Passings readings on an injected clock: Left now, trend, drain rate, time to clear, growth time, text.
import { beforeEach, describe, expect, it } from "vitest";
import {
  backlog,
  backlogText,
  durationText,
  growingForMs,
  type PassingsPoint,
  passingsPoints,
  TREND_WINDOW_MS,
} from "./backlog.ts";
import { collectHistory } from "./telemetryCollect.ts";
import { clearHistory } from "./telemetryHistory.ts";

const T0 = 1_700_000_000_000;
const MIN = 60_000;
/** Readings every 30 s: [left, seen] pairs. */
const series = (...pairs: [number, number][]): PassingsPoint[] =>
  pairs.map(([left, seen], i) => ({ t: T0 + i * 30_000, left, seen }));
const at = (points: PassingsPoint[]) => (points[points.length - 1]?.t ?? T0) + 1000;

describe("backlog", () => {
  it("no reading: Left unknown, no trend", () => {
    const b = backlog([], T0);
    expect(b).toEqual({
      left: null,
      trend: "unknown",
      drainPerMinute: null,
      growPerMinute: null,
      clearInMs: null,
      growingForMs: 0,
      ageMs: null,
    });
    expect(backlogText(b)).toBe("Backlog: no reading yet");
  });

  it("one reading with passings left: the trend waits for the next reading", () => {
    const b = backlog(series([42, 100]), T0 + 5000);
    expect(b.left).toBe(42);
    expect(b.trend).toBe("unknown");
    expect(b.ageMs).toBe(5000);
    expect(backlogText(b)).toBe("Backlog: 42 unsent, trend after the next reading");
  });

  it("Left 0 is empty, whatever came before", () => {
    const b = backlog(series([30, 100], [0, 140]), T0 + MIN);
    expect(b.trend).toBe("empty");
    expect(b.clearInMs).toBeNull();
    expect(backlogText(b)).toBe("Backlog: empty, every passing sent");
  });

  it("draining: the net rate per minute and the time to clear at it", () => {
    // 60 → 40 in one minute: 20/min; 40 left clears in 2 min.
    const points = series([60, 100], [50, 120], [40, 140]);
    const b = backlog(points, at(points));
    expect(b.trend).toBe("draining");
    expect(b.drainPerMinute).toBeCloseTo(20);
    expect(b.clearInMs).toBeCloseTo(2 * MIN);
    expect(b.growPerMinute).toBeNull();
    expect(backlogText(b)).toBe("Backlog: 40 unsent, draining 20/min, clear in 2 min");
  });

  it("a slow drain is shown with one decimal and the time to clear rounded up", () => {
    // 10 → 9 in 30 s: 2/min; 9 left: 4.5 min → "5 min".
    const points = series([10, 5], [9, 8]);
    const b = backlog(points, at(points));
    expect(backlogText(b)).toBe("Backlog: 9 unsent, draining 2.0/min, clear in 5 min");
  });

  it("growing: the rate it grows", () => {
    const points = series([10, 100], [14, 130], [18, 160]);
    const b = backlog(points, at(points));
    expect(b.trend).toBe("growing");
    expect(b.growPerMinute).toBeCloseTo(8);
    expect(b.drainPerMinute).toBeNull();
    expect(backlogText(b)).toBe("Backlog: 18 unsent, growing (+8.0/min)");
  });

  it("steady: Left unchanged and not zero", () => {
    const points = series([7, 100], [7, 100]);
    expect(backlogText(backlog(points, at(points)))).toBe("Backlog: 7 unsent, steady (not draining)");
  });

  it("the trend compares with the oldest reading in the last 5 minutes, not older ones", () => {
    const old = { t: T0 - TREND_WINDOW_MS - 1, left: 500, seen: 0 };
    const points = [old, ...series([10, 100], [20, 200])];
    const b = backlog(points, at(points));
    expect(b.trend).toBe("growing");
    expect(b.growPerMinute).toBeCloseTo(20);
  });

  it("with nothing in the window, the previous reading is the reference", () => {
    const points = [
      { t: T0, left: 30, seen: 0 },
      { t: T0 + 10 * MIN, left: 10, seen: 50 },
    ];
    const b = backlog(points, T0 + 10 * MIN);
    expect(b.trend).toBe("draining");
    expect(b.drainPerMinute).toBeCloseTo(2);
    expect(b.clearInMs).toBeCloseTo(5 * MIN);
  });

  it("readings out of order are sorted; broken ones are ignored", () => {
    const points = [
      { t: T0 + 30_000, left: 20, seen: 10 },
      { t: T0, left: 40, seen: 5 },
      { t: T0 + 60_000, left: Number.NaN, seen: 12 },
    ];
    const b = backlog(points, T0 + 30_000);
    expect(b.left).toBe(20);
    expect(b.trend).toBe("draining");
    expect(b.ageMs).toBe(0);
  });
});

describe("growingForMs", () => {
  it("counts from the last low to the latest reading while Left grows and reads come in", () => {
    expect(growingForMs(series([5, 0], [6, 10], [8, 20], [9, 30], [12, 40]))).toBe(2 * MIN);
  });

  it("a plateau inside the growth does not restart it", () => {
    expect(growingForMs(series([5, 0], [7, 10], [7, 20], [9, 30], [12, 40]))).toBe(2 * MIN);
  });

  it("restarts after Left fell", () => {
    expect(growingForMs(series([5, 0], [9, 10], [3, 20], [4, 30], [6, 40]))).toBe(MIN);
  });

  it("from the latest reading at the low, when Left sat there a while", () => {
    expect(growingForMs(series([5, 0], [5, 10], [5, 20], [6, 30], [8, 40]))).toBe(MIN);
  });

  it("0 without reads: Left higher but Seen did not grow", () => {
    expect(growingForMs(series([5, 40], [6, 40], [8, 40]))).toBe(0);
  });

  it("0 when Left is not above its low, or with one reading or none", () => {
    expect(growingForMs(series([5, 0], [8, 10], [5, 20]))).toBe(0);
    expect(growingForMs(series([5, 0]))).toBe(0);
    expect(growingForMs([])).toBe(0);
  });
});

describe("passingsPoints", () => {
  beforeEach(() => clearHistory());

  it("joins the history's Left and Seen recorded from each passings answer", () => {
    collectHistory("passings", { seen: 100, left: 4 }, T0, "http://unit");
    collectHistory("passings", { seen: 130, left: 9 }, T0 + 30_000, "http://unit");
    collectHistory("passings", { seen: 150 }, T0 + 60_000, "http://unit");
    expect(passingsPoints()).toEqual([
      { t: T0, left: 4, seen: 100 },
      { t: T0 + 30_000, left: 9, seen: 130 },
    ]);
  });
});

describe("durationText", () => {
  it.each([
    [0, "0 s"],
    [1, "1 s"],
    [59_000, "59 s"],
    [59_001, "1 min"],
    [60_000, "1 min"],
    [61_000, "2 min"],
    [59 * MIN, "59 min"],
    [60 * MIN, "1 h 0 min"],
    [130 * MIN, "2 h 10 min"],
    [-1, "—"],
    [Number.POSITIVE_INFINITY, "—"],
  ])("%d ms → %s", (ms, text) => expect(durationText(ms)).toBe(text));
});
