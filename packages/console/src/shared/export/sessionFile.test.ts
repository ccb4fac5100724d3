// A session file read back as the unit reads it for a replay: numbers by row, rows that are not passings skipped and
// counted, markers, and a file that is not a session refused by its first line.
import { describe, expect, it } from "vitest";
import {
  isSessionFileName,
  NotASessionFile,
  parseSessionFile,
  SESSION_FILE_HEADER,
  sessionNumber,
  sessionStem,
} from "./sessionFile.ts";

const file = (...rows: string[]) => [SESSION_FILE_HEADER, ...rows, ""].join("\n");

describe("parseSessionFile", () => {
  it("each row a passing numbered by its row; channel 1-based as shown; RSSI and reads as written", () => {
    const { passings, skipped } = parseSessionFile(
      file("E2801,1,2026-05-17T07:00:03.824Z,2,-58.5,3", "E2802,2,2026-05-17T07:00:04.000Z,1,-61,12"),
      "timing_0001.csv",
    );
    expect(skipped).toBe(0);
    expect(passings).toEqual([
      {
        n: 1,
        tag: "E2801",
        time: Date.parse("2026-05-17T07:00:03.824Z"),
        ant: 2,
        rssi: -58.5,
        reads: 3,
        marker: false,
      },
      {
        n: 2,
        tag: "E2802",
        time: Date.parse("2026-05-17T07:00:04.000Z"),
        ant: 1,
        rssi: -61,
        reads: 12,
        marker: false,
      },
    ]);
  });

  it("a marker: tag MARKER, channel 0, no RSSI; a tag MARKER read on an antenna is a passing like any", () => {
    const { passings } = parseSessionFile(
      file("MARKER,,2026-05-17T07:00:05.000Z,0,,0", "MARKER,,2026-05-17T07:00:06.000Z,3,-50,1"),
      "t.csv",
    );
    expect(passings.map((p) => [p.n, p.ant, p.rssi, p.reads, p.marker])).toEqual([
      [1, null, null, 0, true],
      [2, 3, -50, 1, false],
    ]);
  });

  it("rows without a tag or a valid time are skipped and counted, the others keep their row's number; empty lines are not rows", () => {
    const { passings, skipped } = parseSessionFile(
      file(
        "A,1,2026-05-17T07:00:00.000Z,1,-50,1",
        "B,2,yesterday,1,-50,1",
        ",3,2026-05-17T07:00:01.000Z,1,-50,1",
        "",
        "C,4,2026-05-17T07:00:02.000Z,1,-50,x",
      ),
      "t.csv",
    );
    expect(skipped).toBe(2);
    expect(passings.map((p) => [p.n, p.tag, p.reads])).toEqual([
      [1, "A", 1],
      [5, "C", 0],
    ]);
  });

  it("a short row reads as the unit reads it: missing fields are none; a row without a comma is not a passing", () => {
    const { passings, skipped } = parseSessionFile(
      file(
        "A,1,2026-05-17T07:00:00.000Z",
        "junk",
        "MARKER,,2026-05-17T07:00:01.000Z,0",
        "B,2,2026-05-17T07:00:02.000Z,4,-55",
      ),
      "t.csv",
    );
    expect(skipped).toBe(1);
    expect(passings.map((p) => [p.n, p.tag, p.ant, p.rssi, p.reads, p.marker])).toEqual([
      [1, "A", null, null, 0, false],
      [3, "MARKER", null, null, 0, true],
      [4, "B", 4, -55, 0, false],
    ]);
  });

  it("CRLF lines and a byte order mark read the same; a header alone is an empty session", () => {
    const crlf = `\ufeff${file("A,1,2026-05-17T07:00:00.000Z,1,-50,4").replaceAll("\n", "\r\n")}`;
    expect(parseSessionFile(crlf, "t.csv").passings.map((p) => [p.n, p.reads])).toEqual([[1, 4]]);
    expect(parseSessionFile(SESSION_FILE_HEADER, "t.csv")).toEqual({ passings: [], skipped: 0 });
    expect(parseSessionFile(`${SESSION_FILE_HEADER}\n`, "t.csv")).toEqual({ passings: [], skipped: 0 });
  });

  it("a file whose first line is not the unit's header is refused, named", () => {
    expect(() => parseSessionFile("a,b,c\n1,2,3\n", "notes.csv")).toThrow(
      new NotASessionFile("notes.csv").message,
    );
    expect(() => parseSessionFile("", "empty.csv")).toThrow(NotASessionFile);
  });
});

describe("names", () => {
  it("timing files by the unit's rule; the session's number and stem", () => {
    expect(
      ["timing_0007.csv", "TIMING_12.CSV", "timing_.csv", "timing_0007.txt", "xtiming_1.csv"].map(
        isSessionFileName,
      ),
    ).toEqual([true, true, true, false, false]);
    expect([sessionNumber("timing_0007.csv"), sessionNumber("timing_.csv")]).toEqual([7, null]);
    expect(sessionStem("timing_0007.csv")).toBe("timing_0007");
  });
});
