// Unit tests of replays and REWIND's selection from the timing files, and of a replay's progress over its programs.
import { describe, expect, it } from "vitest";
import { timingCsv } from "../state/example-files.ts";
import {
  parseTimingFile,
  ReplayRun,
  replayAll,
  replayManual,
  replaySelected,
  rewindWindow,
} from "./replay.ts";
import { TIMING_FILE_HEADER, timingRow } from "./session.ts";

const T0 = Date.UTC(2026, 4, 17, 9, 0, 0);
const iso = (ms: number) => new Date(T0 + ms).toISOString();

const file = (name: string, rows: string[]) => ({ name, csv: [TIMING_FILE_HEADER, ...rows, ""].join("\n") });

// Two sessions that overlap in time (a second unit's file copied over, say) and a file that is not a timing file.
const FILES = [
  file("timing_0010.csv", [`C1,1,${iso(1500)},1,-50,3`, `C2,2,${iso(4000)},2,-51,4`]),
  file("timing_0002.csv", [
    `A1,1,${iso(1000)},1,-60,5`,
    `A2,2,${iso(2000)},3,-61,6`,
    "broken row",
    `A4,4,${iso(4000)},1,-62,7`,
  ]),
  { name: "status.log", csv: `x,y,${iso(0)},1,-1,1\n` },
];
const show = (ps: { tag: string; n: number }[]) => ps.map((p) => `${p.tag}#${p.n}`);

describe("reading a timing file back", () => {
  it("every column, numbered by row; a row that does not parse keeps its number", () => {
    expect(parseTimingFile(FILES[1]?.csv ?? "")).toEqual([
      { n: 1, tag: "A1", bib: "1", time: T0 + 1000, ant: 0, rssi: -60, reads: 5 },
      { n: 2, tag: "A2", bib: "2", time: T0 + 2000, ant: 2, rssi: -61, reads: 6 },
      { n: 4, tag: "A4", bib: "4", time: T0 + 4000, ant: 0, rssi: -62, reads: 7 },
    ]);
  });

  it("reads back what the session writes, a marker included, and CRLF files", () => {
    const rows = [
      { n: 1, tag: "200001", bib: "200001", time: T0 + 12, ant: 1, rssi: -48.5, reads: 9 },
      { n: 2, tag: "MARKER", bib: "", time: T0 + 999, ant: null, rssi: null, reads: 0 },
    ];
    const csv = `${TIMING_FILE_HEADER}\n${rows.map(timingRow).join("")}`;
    expect(parseTimingFile(csv)).toEqual(rows);
    expect(parseTimingFile(csv.replaceAll("\n", "\r\n"))).toEqual(rows);
  });

  it("reads today's example files: every row", () => {
    expect(parseTimingFile(timingCsv(T0, 120, 1))).toHaveLength(120);
  });
});

describe("what a replay sends again, oldest first", () => {
  it("Replay all: every timing file; equal times keep file order (by number), then row order", () => {
    expect(show(replayAll(FILES))).toEqual(["A1#1", "C1#1", "A2#2", "A4#4", "C2#2"]);
  });

  it("Replay selected: one file; not a timing file gives nothing", () => {
    expect(show(replaySelected(FILES[0] as (typeof FILES)[0]))).toEqual(["C1#1", "C2#2"]);
    expect(replaySelected(FILES[2] as (typeof FILES)[0])).toEqual([]);
  });

  it("Replay manual: from a time on, that instant included", () => {
    expect(show(replayManual(FILES, T0 + 2000))).toEqual(["A2#2", "A4#4", "C2#2"]);
    expect(replayManual(FILES, T0 + 4001)).toEqual([]);
  });

  it("REWIND: both ends included", () => {
    expect(show(rewindWindow(FILES, T0 + 1500, T0 + 4000))).toEqual(["C1#1", "A2#2", "A4#4", "C2#2"]);
    expect(show(rewindWindow(FILES, T0 + 1001, T0 + 1499))).toEqual([]);
  });
});

describe("ReplayRun", () => {
  it("sent is the slowest program's; over when each took it all or left", () => {
    const run = new ReplayRun(10, ["a", "b"]);
    expect(run.progress()).toEqual({ total: 10, sent: 0 });
    run.took("a", 6);
    run.took("b", 3);
    expect(run.progress()).toEqual({ total: 10, sent: 3 });
    run.took("b", 7);
    expect(run.progress()).toEqual({ total: 10, sent: 6 });
    run.took("stranger", 5);
    run.leave("a");
    expect([run.done, run.progress()]).toEqual([true, null]);
  });

  it("with no program, or nothing to send, it is over at once", () => {
    expect(new ReplayRun(10, []).done).toBe(true);
    expect(new ReplayRun(0, ["a"]).progress()).toBeNull();
  });
});
