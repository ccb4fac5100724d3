// Unit tests of the manual time texts (SPEC §5, D4): picker yy-MM-dd HH:mm:ss (local) and packet YYMMDDHHMMSSmmm (UTC).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPickerDate, parseManualTimeArg, parsePickerDate, toManualTimeArg } from "./time-format.ts";

// Dates well away from daylight-saving changes, so the local-time cases hold in any time zone.
const MIN = new Date(Date.UTC(2000, 0, 2));
const MAX = new Date(Date.UTC(2099, 11, 30));

describe("parsePickerDate", () => {
  it.each([
    ["26-11-22 09:30:00", [2026, 10, 22, 9, 30, 0]],
    ["00-01-01 00:00:00", [2000, 0, 1, 0, 0, 0]],
    ["99-12-31 23:59:59", [2099, 11, 31, 23, 59, 59]],
    ["24-02-29 12:00:00", [2024, 1, 29, 12, 0, 0]],
    ["  26-11-22 09:30:00 ", [2026, 10, 22, 9, 30, 0]],
  ] as const)("%j is local %j (year 2000 + yy)", (text, [y, mo, d, h, mi, s]) => {
    expect(parsePickerDate(text)?.getTime()).toBe(new Date(y, mo, d, h, mi, s).getTime());
  });

  it.each([
    "26-02-30 12:00:00",
    "26-02-29 12:00:00",
    "26-04-31 12:00:00",
    "26-13-01 00:00:00",
    "26-00-10 00:00:00",
    "26-11-00 00:00:00",
    "26-11-22 24:00:00",
    "26-11-22 09:60:00",
    "26-11-22 09:30:60",
    "2026-11-22 09:30:00",
    "26/11/22 09:30:00",
    "26-11-22",
    "26-11-22 9:30:00",
    "",
  ])("%j is not a real instant → null", (text) => {
    expect(parsePickerDate(text)).toBeNull();
  });
});

describe("formatPickerDate", () => {
  it("writes yy-MM-dd HH:mm:ss in local time", () => {
    expect(formatPickerDate(new Date(2026, 10, 22, 9, 5, 7))).toBe("26-11-22 09:05:07");
    expect(formatPickerDate(new Date(2000, 0, 1, 0, 0, 0))).toBe("00-01-01 00:00:00");
  });

  it("round-trips through parsePickerDate (to the second)", () => {
    fc.assert(
      fc.property(fc.date({ min: MIN, max: MAX, noInvalidDate: true }), (d) => {
        const text = formatPickerDate(d);
        expect(text).toMatch(/^\d{2}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        const back = parsePickerDate(text);
        expect(back).not.toBeNull();
        // Compared as text: in a repeated daylight-saving hour two instants share one local text.
        expect(formatPickerDate(back as Date)).toBe(text);
      }),
    );
  });
});

describe("toManualTimeArg / parseManualTimeArg (UTC)", () => {
  it.each([
    [Date.UTC(2026, 10, 22, 9, 30, 0, 123), "261122093000123"],
    [Date.UTC(2000, 0, 1, 0, 0, 0, 0), "000101000000000"],
    [Date.UTC(2099, 11, 31, 23, 59, 59, 999), "991231235959999"],
    [Date.UTC(2024, 1, 29, 12, 0, 0, 5), "240229120000005"],
  ])("%i ↔ %s", (ms, text) => {
    expect(toManualTimeArg(new Date(ms))).toBe(text);
    expect(parseManualTimeArg(text)).toBe(ms);
  });

  it("round-trips any instant of 2000..2099", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(Date.UTC(2000, 0, 1)), max: MAX, noInvalidDate: true }), (d) => {
        const text = toManualTimeArg(d);
        expect(text).toMatch(/^\d{15}$/);
        expect(parseManualTimeArg(text)).toBe(d.getTime());
      }),
    );
  });

  it("the picker's instant and the packet's are the same", () => {
    const picked = parsePickerDate("26-11-22 09:30:00");
    expect(picked).not.toBeNull();
    expect(parseManualTimeArg(toManualTimeArg(picked as Date))).toBe(picked?.getTime());
  });

  it.each([
    "",
    "26023012000000", // 14 digits
    "2602301200000000", // 16 digits
    "260230120000000", // 30 February
    "261322093000000",
    "261122250000000",
    "261122096000000",
    "261122093060000",
    "26112209300012a",
  ])("%j → null", (text) => {
    expect(parseManualTimeArg(text)).toBeNull();
  });
});
