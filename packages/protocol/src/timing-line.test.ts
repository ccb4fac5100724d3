// Unit tests of the timing port's lines (D12): the date and time, exact texts sent, and every request parsed or refused.
import { describe, expect, it } from "vitest";
import { TIMING_PORT } from "./timing.ts";
import {
  clockLine,
  filteredLines,
  formatTimingDateTime,
  parseTimingDateTime,
  parseTimingRequest,
  passingLine,
  raceStartLine,
  rawLines,
  withEol,
} from "./timing-line.ts";

// 28 Feb 2026 23:30:05.007 UTC: the next day in Paris (UTC+1), the day before in New York (UTC-5).
const T = Date.UTC(2026, 1, 28, 23, 30, 5, 7);

describe("formatTimingDateTime", () => {
  it("an instant in the unit's local time, to the second or to the millisecond", () => {
    expect(formatTimingDateTime(T, 0)).toBe("28-02-2026 23:30:05");
    expect(formatTimingDateTime(T, 3600, true)).toBe("01-03-2026 00:30:05.007");
    expect(formatTimingDateTime(T, -5 * 3600 - 1800, true)).toBe("28-02-2026 18:00:05.007");
  });

  it("reads back with parseTimingDateTime to the second", () => {
    const [date = "", time = ""] = formatTimingDateTime(T, 50_400).split(" ");
    expect(parseTimingDateTime(date, time, 50_400)).toBe(T - 7);
  });
});

describe("lines the unit sends", () => {
  it("a live passing in local time, ANT and SEQ as given, R 0, ending in CR", () => {
    const item = { tag: "000123", time: T, ant: 2, seq: 41, replayed: false };
    expect(withEol(passingLine(item, 3600))).toBe("000123;01-03-2026 00:30:05.007;2;41;;0\r");
    expect(passingLine(item, 0)).toBe("000123;28-02-2026 23:30:05.007;2;41;;0");
    expect(passingLine(item, -18_000)).toBe("000123;28-02-2026 18:30:05.007;2;41;;0");
    expect(passingLine(item, 50_400)).toBe("000123;01-03-2026 13:30:05.007;2;41;;0");
  });

  it("a passing sent again has R 1; a marker has antenna 0", () => {
    const item = { tag: "MARKER", time: Date.UTC(2026, 0, 2, 3, 4, 5, 600), ant: 0, seq: 7, replayed: true };
    expect(passingLine(item, 0)).toBe("MARKER;02-01-2026 03:04:05.600;0;7;;1");
  });

  it("a tag cannot break the line: separators and line ends become _", () => {
    const item = { tag: "A;B\rC\nD", time: 0, ant: 1, seq: 1, replayed: false };
    expect(passingLine(item, 0)).toBe("A_B_C_D;01-01-1970 00:00:00.000;1;1;;0");
  });

  it("RACESTART with a comma before the milliseconds, local time", () => {
    expect(raceStartLine(T, 3600)).toBe("RACESTART 00:30:05,007");
    expect(raceStartLine(T, 0)).toBe("RACESTART 23:30:05,007");
  });

  it("the CLOCK answer to the second; the fixed answers and the heartbeat", () => {
    expect(clockLine(T, 3600)).toBe("CLOCK 01-03-2026 00:30:05");
    expect(clockLine(T + 992, 0)).toBe("CLOCK 28-02-2026 23:30:05");
    const { clockOk, readOk, error, heartbeat } = TIMING_PORT;
    expect([clockOk, readOk, error, heartbeat].map(withEol)).toEqual([
      "CLOCKOK\r",
      "READOK\r",
      "ERROR\r",
      "*\r",
    ]);
  });
});

describe("the lines of a passing and of a read", () => {
  const passing = { tag: "200001", time: T, ant: 0, n: 12 };
  const marker = { tag: "MARKER", time: T, ant: null, n: 13 };

  it("filtered: SEQ the passing's number, ANT the channel + 1; a live marker adds RACESTART", () => {
    expect(filteredLines(passing, false, 0)).toEqual(["200001;28-02-2026 23:30:05.007;1;12;;0"]);
    expect(filteredLines(marker, false, 0)).toEqual([
      "MARKER;28-02-2026 23:30:05.007;0;13;;0",
      "RACESTART 23:30:05,007",
    ]);
  });

  it("filtered, sent again: R 1 and no RACESTART", () => {
    expect(filteredLines(passing, true, 3600)).toEqual(["200001;01-03-2026 00:30:05.007;1;12;;1"]);
    expect(filteredLines(marker, true, 0)).toEqual(["MARKER;28-02-2026 23:30:05.007;0;13;;1"]);
  });

  it("a tag named MARKER read by an antenna is an ordinary passing", () => {
    expect(filteredLines({ ...marker, ant: 1 }, false, 0)).toEqual([
      "MARKER;28-02-2026 23:30:05.007;2;13;;0",
    ]);
  });

  it("raw: SEQ the read's seq", () => {
    expect(rawLines({ tag: "000123", time: T, ant: 3, seq: 1043 }, false, 0)).toEqual([
      "000123;28-02-2026 23:30:05.007;4;1043;;0",
    ]);
  });
});

describe("parseTimingDateTime", () => {
  it("reads local time with the unit's offset", () => {
    expect(parseTimingDateTime("01-03-2026", "00:30:05", 3600)).toBe(T - 7);
    expect(parseTimingDateTime("29-02-2028", "12:00:00", 0)).toBe(Date.UTC(2028, 1, 29, 12));
  });

  it.each([
    ["31-02-2026", "10:00:00"],
    ["29-02-2026", "10:00:00"],
    ["31-04-2026", "10:00:00"],
    ["00-01-2026", "10:00:00"],
    ["01-13-2026", "10:00:00"],
    ["01-00-2026", "10:00:00"],
    ["01-01-2026", "24:00:00"],
    ["01-01-2026", "10:60:00"],
    ["01-01-2026", "10:00:60"],
    ["01-01-1999", "10:00:00"],
    ["01-01-2100", "10:00:00"],
    ["1-01-2026", "10:00:00"],
    ["01-01-26", "10:00:00"],
    ["01/01/2026", "10:00:00"],
    ["01-01-2026", "10:00"],
    ["01-01-2026", "10:00:00.000"],
    ["０1-01-2026", "10:00:00"],
  ])("refuses %s %s", (date, time) => {
    expect(parseTimingDateTime(date, time, 0)).toBeNull();
  });
});

describe("parseTimingRequest", () => {
  const ok = (line: string, offset = 0) => parseTimingRequest(line, offset);

  it("CLOCK asks the time; CLOCK with a date sets it (local time)", () => {
    expect(ok("CLOCK")).toEqual({ kind: "clock-get" });
    expect(ok("CLOCK 01-03-2026 00:30:05", 3600)).toEqual({ kind: "clock-set", time: T - 7 });
  });

  it("STARTREAD and STOPREAD; keywords in any case, surrounding blanks ignored", () => {
    expect(ok("STARTREAD")).toEqual({ kind: "start-read" });
    expect(ok("  stopread\t")).toEqual({ kind: "stop-read" });
    expect(ok("clock  01-03-2026\t00:30:05", 3600)).toEqual({ kind: "clock-set", time: T - 7 });
  });

  it("REWIND from to: both seconds included, local time", () => {
    expect(ok("REWIND 01-03-2026 00:00:00 01-03-2026 01:00:00", 3600)).toEqual({
      kind: "rewind",
      from: Date.UTC(2026, 1, 28, 23),
      to: Date.UTC(2026, 2, 1, 0, 0, 0, 999),
    });
    expect(ok("REWIND 01-03-2026 10:00:00 01-03-2026 10:00:00")).toEqual({
      kind: "rewind",
      from: Date.UTC(2026, 2, 1, 10),
      to: Date.UTC(2026, 2, 1, 10, 0, 0, 999),
    });
  });

  it("REWIND over 366 days is refused; exactly 366 days is taken", () => {
    expect(ok("REWIND 01-01-2026 00:00:00 02-01-2027 00:00:00").kind).toBe("rewind");
    expect(ok("REWIND 01-01-2028 00:00:00 01-01-2029 00:00:00")).toMatchObject({ kind: "rewind" });
    expect(Date.UTC(2029, 0, 1) - Date.UTC(2028, 0, 1)).toBe(TIMING_PORT.maxRewindMs);
    expect(ok("REWIND 01-01-2026 00:00:00 02-01-2027 00:00:01")).toEqual({
      kind: "error",
      reason: "a window of more than 366 days",
    });
  });

  it("REWIND with from after to is refused", () => {
    expect(ok("REWIND 01-03-2026 10:00:01 01-03-2026 10:00:00")).toEqual({
      kind: "error",
      reason: "from is after to",
    });
  });

  it.each([
    "",
    "   ",
    "*",
    "HELLO",
    "CLOCKX",
    "CLOCK 31-02-2026 10:00:00",
    "CLOCK 01-03-2026",
    "CLOCK 01-03-2026 10:00:00 extra",
    "CLOCK 2026-03-01 10:00:00",
    "STARTREAD now",
    "STOPREAD 1",
    "REWIND",
    "REWIND 01-03-2026 10:00:00",
    "REWIND 01-03-2026 10:00:00 31-02-2026 10:00:00",
    "REWIND 01-03-2026 10:00:00 01-03-2026 11:00:00 x",
    "START READ",
    "CLOCK\u000001-03-2026 10:00:00",
    "\u00ff\u00fe",
  ])("refuses %j", (line) => {
    expect(ok(line).kind).toBe("error");
  });

  it("refuses a line over 256 bytes, counted in UTF-8 bytes, and takes one of 256", () => {
    expect(ok(`CLOCK${" ".repeat(251)}`)).toEqual({ kind: "clock-get" });
    expect(ok(`CLOCK${" ".repeat(252)}`)).toEqual({ kind: "error", reason: "longer than 256 bytes" });
    // 131 characters, 257 bytes: too long; 255 bytes: refused only as a request it does not know.
    expect(ok(`CLOCK${"é".repeat(126)}`)).toEqual({ kind: "error", reason: "longer than 256 bytes" });
    expect(ok(`CLOCK${"é".repeat(125)}`)).toEqual({ kind: "error", reason: "unknown request" });
  });
});
