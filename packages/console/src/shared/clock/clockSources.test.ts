// Every time source and the event's clocks (issue 41): the sources' rows, the GPS fix in words, holdover, the spread.
import { describe, expect, it } from "vitest";
import { hasGps, unitAlarms, unitHoldover, unitReady } from "../unit/derive.ts";
import { emptyRecord, foldEvents } from "../unit/record.ts";
import { clockSpread, unitClockText } from "./clockSpread.ts";
import { startTimingQuestion } from "./startCheck.ts";
import { followedSource, gnssText, holdover, sourceRows } from "./timeSources.ts";

const T0 = 1_763_900_000_000;
const MIN = 60_000;

describe("sourceRows", () => {
  it("each source's kind, accuracy in ms and difference from the source the clock follows", () => {
    const rows = sourceRows([
      { name: "gps", kind: "gps", accuracy: 1, time: T0 + 2, followed: true },
      { name: "ntp", kind: "ntp", accuracy: 4000, time: T0 + 14 },
      { name: "rtc", kind: "rtc", accuracy: 20_000, time: T0 - 3 },
    ]);
    expect(rows).toEqual([
      { name: "gps", kind: "GPS", accuracyMs: 0.001, differenceMs: 0, followed: true },
      { name: "ntp", kind: "NTP", accuracyMs: 4, differenceMs: 12, followed: false },
      { name: "rtc", kind: "RTC", accuracyMs: 20, differenceMs: -5, followed: false },
    ]);
  });

  it("an older unit (SPEC's fields only): the clock is its rtc source, kinds guessed from names", () => {
    const sources = [
      { name: "gnss", accuracy: 10, time: T0 + 1 },
      { name: "rtc", accuracy: 1000, time: T0 },
    ];
    expect(followedSource(sources)?.name).toBe("rtc");
    expect(sourceRows(sources).map((r) => [r.kind, r.differenceMs, r.followed])).toEqual([
      ["gnss", 1, false],
      ["RTC", 0, true],
    ]);
  });
});

describe("gnssText and holdover", () => {
  it("the fix in words", () => {
    expect(gnssText({ fix: "3d", satellites: 9, pps: true })).toBe("3D fix, 9 satellites, PPS");
    expect(gnssText({ fix: "none", satellites: 1, pps: false })).toBe("No fix, 1 satellite");
    expect(gnssText(null)).toBeNull();
  });

  it("GPS lost and the clock on its RTC: minutes since the last fix and 5 ppm of them as the error", () => {
    const sources = [
      { name: "gps", kind: "gps", time: T0 },
      { name: "rtc", kind: "rtc", time: T0, followed: true },
    ];
    const lost = { fix: "none", satellites: 0, pps: false, lastFixAt: T0 - 60 * MIN };
    expect(holdover(sources, lost, T0)).toEqual({ minutes: 60, errorMs: 18 });
    expect(holdover(sources, { ...lost, fix: "3d" }, T0)).toBeNull();
    expect(holdover([{ name: "gps", kind: "gps", time: T0, followed: true }], lost, T0)).toBeNull();
    expect(holdover([{ name: "rtc", kind: "rtc", time: T0 }], null, T0)).toBeNull();
  });
});

describe("clockSpread", () => {
  const unit = (name: string, offsetMs: number, errorBoundMs = 3) => ({
    name,
    offsetMs,
    errorBoundMs,
    how: "sync",
  });
  it("within 100 ms: how far apart; past it: the two furthest apart, named", () => {
    expect(clockSpread([unit("A", 5), unit("B", -7), unit("C", 0)])?.text).toBe("Clocks within 12 ms");
    const off = clockSpread([unit("DECODER-01", -10), unit("DECODER-02", 40), unit("DECODER-03", 120)]);
    expect(off).toMatchObject({ agree: false, spreadMs: 130 });
    expect(off?.text).toBe("Clocks disagree: 130 ms between DECODER-01 and DECODER-03");
    expect(clockSpread([unit("A", 5)])).toBeNull();
  });

  it("each offset with its bound and how it was measured", () => {
    expect(unitClockText(unit("DECODER-01", 12.4))).toBe("DECODER-01 +12 ms ± 3 ms (sync)");
    expect(unitClockText({ name: "FIN", offsetMs: -4, errorBoundMs: 0, how: "one way" })).toBe(
      "FIN −4 ms (one way)",
    );
  });
});

describe("a unit holding over, from its record", () => {
  const held = foldEvents(emptyRecord("http://10.0.0.21"), [
    { kind: "identity", name: "FIN", mode: "hf", at: T0 },
    { kind: "answered", at: T0 },
    {
      kind: "reading",
      dataset: "time/sources",
      data: {
        sources: [
          { name: "gps", kind: "gps", accuracy: 1, time: T0 },
          { name: "rtc", kind: "rtc", accuracy: 20_000, time: T0, followed: true },
        ],
        utc_offset: 0,
      },
      at: T0,
    },
    {
      kind: "reading",
      dataset: "gnss",
      data: { fix: "none", satellites: 0, pps: false, lastFixAt: T0 - 12 * MIN },
      at: T0,
    },
    { kind: "clock", offsetMs: 3, errorBoundMs: 2, oneWay: false, at: T0 },
  ]);
  const ctx = { now: T0, noReadsMinutes: 0, raceHours: 1, timingNotNeeded: true };

  it("raises `Clock holding over: GPS lost N min ago`, names the followed source in the Ready check, asks before a start", () => {
    expect(unitAlarms(held, ctx).map((a) => a.text)).toContain("Clock holding over: GPS lost 12 min ago");
    expect(unitReady(held, ctx).items.find((i) => i.id === "clock")?.value).toBe("+3 ms, RTC");
    expect(startTimingQuestion(held.clock, unitHoldover(held, T0))).toBe(
      "Start timing with the clock holding over (GPS lost 12 min ago)?",
    );
    expect(startTimingQuestion(held.clock)).toBeNull();
    expect(hasGps(held)).toBe(true);
  });
});
