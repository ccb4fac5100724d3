// Every time source and the event's clocks (issue 41): the sources' rows, the GPS fix in words, holdover, the spread.
import { describe, expect, it } from "vitest";
import { clockSpread, unitClockText } from "./clockSpread.ts";
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
