// The backlog from Passings readings on an injected clock: Left now, trend, drain rate, time to clear, growth time, text.
import { beforeEach, describe, expect, it } from "vitest";
import { alarmRules } from "../alarms/alarmRules.ts";
import {
  backlog,
  backlogText,
  durationText,
  growingForMs,
  type PassingsPoint,
  passingsPoints,
  STEP_MS,
} from "./backlog.ts";
import { collectHistory } from "./telemetryCollect.ts";
import { useTelemetryHistory } from "./telemetryHistory.ts";

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

  it("a link that came back: draining from the first falling reading on, at its rate since the turn", () => {
    // Left grows 60 a reading (120/min) to 480, then drains 50 a reading (100/min).
    const grown = [60, 120, 180, 240, 300, 360, 420, 480].map((left, i): [number, number] => [left, i * 100]);
    const first = series(...grown, [430, 900]);
    const one = backlog(first, at(first));
    expect(one.trend).toBe("draining");
    expect(one.drainPerMinute).toBeCloseTo(100);
    expect(backlogText(one)).toBe("Backlog: 430 unsent, draining 100/min, clear in 5 min");
    // 90 s after the turn: the net change over 5 minutes would still read "growing (+54/min)".
    const later = series(...grown, [430, 900], [380, 1000], [330, 1100]);
    const b = backlog(later, at(later));
    expect(b.trend).toBe("draining");
    expect(b.drainPerMinute).toBeCloseTo(100);
    expect(b.clearInMs).toBeCloseTo(3.3 * MIN);
    expect(b.growPerMinute).toBeNull();
    expect(backlogText(b)).toBe("Backlog: 330 unsent, draining 100/min, clear in 4 min");
  });

  it("the rate is the last 2 minutes' when Left kept moving one way longer", () => {
    // Draining 40/min for 4 minutes, then 100/min for 2 minutes.
    const slow = Array.from({ length: 9 }, (_, i): [number, number] => [1000 - 20 * i, i]);
    const fast = [790, 740, 690, 640].map((left, i): [number, number] => [left, 9 + i]);
    const points = series(...slow, ...fast);
    const b = backlog(points, at(points));
    expect(b.drainPerMinute).toBeCloseTo(100);
    expect(backlogText(b)).toBe("Backlog: 640 unsent, draining 100/min, clear in 7 min");
    // The same for growth: +20/min for 3 minutes, then +60/min for 2 minutes.
    const rising = series(
      ...Array.from({ length: 7 }, (_, i): [number, number] => [100 + 10 * i, i]),
      ...[190, 220, 250, 280].map((left, i): [number, number] => [left, 7 + i]),
    );
    expect(backlogText(backlog(rising, at(rising)))).toBe("Backlog: 280 unsent, growing (+60/min)");
  });

  it("Left unchanged since the last reading is steady, whatever it did before", () => {
    const points = series([480, 0], [430, 10], [430, 20]);
    const b = backlog(points, at(points));
    expect(b.trend).toBe("steady");
    expect(b.drainPerMinute).toBeNull();
    expect(backlogText(b)).toBe("Backlog: 430 unsent, steady (not draining)");
  });

  it("readings every 2 s (the Live page) are compared 20 s apart: a passing between two sends is not a turn", () => {
    // 2 minutes of growth (+30/min), then 3 minutes of draining (30/min); every odd reading holds 3 more.
    const points = Array.from({ length: 151 }, (_, i) => ({
      t: T0 + i * 2000,
      left: (i <= 60 ? 100 + i : 220 - i) + (i % 2 ? 3 : 0),
      seen: 5 * i,
    }));
    const b = backlog(points, at(points));
    expect(STEP_MS).toBe(20_000);
    expect(b.drainPerMinute).toBeCloseTo(30);
    expect(backlogText(b)).toBe("Backlog: 70 unsent, draining 30/min, clear in 3 min");
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

  it("a step where reads came in and Left did not rise ends it (the link sent them), as does a quiet one", () => {
    expect(growingForMs(series([5, 0], [7, 10], [7, 20], [9, 30], [12, 40]))).toBe(MIN);
    expect(growingForMs(series([5, 0], [7, 10], [7, 10], [9, 30], [12, 40]))).toBe(MIN);
  });

  it("a plateau is not growth: Left 0 → 40 in 30 s, then 3 min 30 s without reads", () => {
    const points = series(
      [0, 100],
      [40, 150],
      ...Array.from({ length: 7 }, (): [number, number] => [40, 150]),
    );
    expect(growingForMs(points)).toBe(0);
    const b = backlog(points, at(points));
    expect(alarmRules({ now: at(points), backlog: b })).toEqual([]);
  });

  it("the link down while reads come in, read by the watch every 31 s: the alarm at 2 minutes, not at 1 min 30 s", () => {
    const points = [0, 1, 2, 3, 4].map((i) => ({ t: T0 + i * 31_000, left: 3 + 25 * i, seen: 500 + 40 * i }));
    expect(growingForMs(points.slice(0, 4))).toBe(93_000);
    expect(alarmRules({ now: T0 + 93_000, backlog: backlog(points.slice(0, 4), T0 + 93_000) })).toEqual([]);
    expect(growingForMs(points)).toBe(124_000);
    expect(alarmRules({ now: T0 + 124_000, backlog: backlog(points, T0 + 124_000) })).toEqual([
      { id: "backlog", text: "Backlog growing: 103 unsent" },
    ]);
  });

  it("readings every 2 s are compared 20 s apart: growth of 1 a 10 s counts from where Left left its low", () => {
    // Left 5 for the first 70 s (reads came in, the link sent them), then 1 more every 10 s; Seen grows every reading.
    const points = Array.from({ length: 121 }, (_, i) => ({
      t: T0 + i * 2000,
      left: 5 + Math.max(0, Math.floor((i * 2 - 60) / 10)),
      seen: i,
    }));
    expect(growingForMs(points)).toBe(3 * MIN);
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
  beforeEach(() => useTelemetryHistory.getState().reset());

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
