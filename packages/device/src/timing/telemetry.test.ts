// Unit tests of the timing dataset's sessions list: this run's sessions from memory (passings, first and last time),
// an earlier power-on's timing file from its rows (read once per name and size), in file number order.
import type { FilteredPassing, TagRead } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { TIMING_FILE_HEADER, TimingSessions, timingRow } from "./session.ts";
import { fileSession, SessionList, timingTelemetry } from "./telemetry.ts";

const T0 = Date.UTC(2026, 4, 17, 9, 0, 0);

let seq = 0;
function passing(tag: string, time: number): FilteredPassing {
  const read: TagRead = { seq: ++seq, tag, ant: 0, rssi: -50, time };
  return { kind: "FS", read, reads: 2 };
}

/** A timing file's text with passings at `times`. */
const csv = (times: number[]) =>
  `${TIMING_FILE_HEADER}\n${times
    .map((time, i) =>
      timingRow({ n: i + 1, tag: `T${i}`, bib: String(i), time, ant: 0, rssi: -50, reads: 1 }),
    )
    .join("")}`;

describe("this run's sessions (TimingSessions.summaries)", () => {
  it("each session opened: its passings, the earliest and the latest time (a marker counts); none: null", () => {
    let now = T0;
    const sessions = new TimingSessions({ now: () => now, append: () => {} });
    expect(sessions.summaries()).toEqual([]);
    sessions.start(["timing_0003.csv"]);
    // A last-seen passing can be older than one stored before it: first and last are the extremes, not the order.
    sessions.record([passing("A", T0 + 5_000), passing("B", T0 + 2_000)]);
    now = T0 + 9_000;
    sessions.marker();
    sessions.stop();
    sessions.start([]);
    expect(sessions.summaries()).toEqual([
      { file: "timing_0004.csv", passings: 3, first: T0 + 2_000, last: T0 + 9_000 },
      { file: "timing_0005.csv", passings: 0, first: null, last: null },
    ]);
  });
});

describe("a timing file's session (fileSession)", () => {
  it("counts the rows that parse, with their earliest and latest time", () => {
    const text = `${csv([T0 + 3_000, T0 + 1_000])}bad,row,not-a-time,1,-50,1\n\n`;
    expect(fileSession({ name: "timing_0002.csv", csv: text })).toEqual({
      file: "timing_0002.csv",
      passings: 2,
      first: T0 + 1_000,
      last: T0 + 3_000,
    });
    expect(fileSession({ name: "timing_0001.csv", csv: `${TIMING_FILE_HEADER}\n` })).toEqual({
      file: "timing_0001.csv",
      passings: 0,
      first: null,
      last: null,
    });
  });
});

describe("the sessions list (SessionList)", () => {
  function unit(texts: Record<string, string>) {
    const reads: string[] = [];
    const list = new SessionList(async (name) => {
      reads.push(name);
      return texts[name] ?? null;
    });
    const entries = () => Object.entries(texts).map(([name, text]) => ({ name, size: text.length }));
    return { list, reads, entries };
  }

  it("every timing file by number: earlier ones from their rows, this run's from memory, the open one without a file yet", async () => {
    const texts: Record<string, string> = {
      "timing_0010.csv": csv([T0 + 10_000]),
      "status.log": "boot\n",
      "timing_0002.csv": csv([T0, T0 + 60_000]),
      // This run's file on disk lags behind memory (rows still being written): memory is what is shown.
      "timing_0011.csv": csv([T0 + 20_000]),
    };
    const { list, entries } = unit(texts);
    const mine = [
      { file: "timing_0011.csv", passings: 3, first: T0 + 20_000, last: T0 + 22_000 },
      { file: "timing_0012.csv", passings: 1, first: T0 + 30_000, last: T0 + 30_000 },
    ];
    expect(await list.list(entries(), mine, "timing_0012.csv")).toEqual([
      { file: "timing_0002.csv", passings: 2, first: T0, last: T0 + 60_000 },
      { file: "timing_0010.csv", passings: 1, first: T0 + 10_000, last: T0 + 10_000 },
      mine[0],
      mine[1],
    ]);
  });

  it("reads an earlier file once; again when its size changes; forgets one that is gone; leaves out a closed session whose file was deleted", async () => {
    const texts: Record<string, string> = { "timing_0001.csv": csv([T0]) };
    const { list, reads, entries } = unit(texts);
    const gone = { file: "timing_0002.csv", passings: 4, first: T0, last: T0 + 1 };
    await list.list(entries(), [gone], null);
    expect(await list.list(entries(), [gone], null)).toEqual([
      { file: "timing_0001.csv", passings: 1, first: T0, last: T0 },
    ]);
    expect(reads).toEqual(["timing_0001.csv"]);
    texts["timing_0001.csv"] = csv([T0, T0 + 5_000]);
    expect((await list.list(entries(), [], null))[0]).toMatchObject({ passings: 2, last: T0 + 5_000 });
    expect(reads).toHaveLength(2);
    delete texts["timing_0001.csv"];
    expect(await list.list(entries(), [], null)).toEqual([]);
    // Back under the same name and size after it was gone: read again, not taken from before.
    texts["timing_0001.csv"] = csv([T0 + 1_000, T0 + 5_000]);
    expect((await list.list(entries(), [], null))[0]).toMatchObject({ first: T0 + 1_000 });
    expect(reads).toHaveLength(3);
  });

  it("the dataset carries the list when given and leaves it out otherwise (a unit without it still parses)", () => {
    const parts = { mode: "test" as const, session: null, ports: [] };
    expect(timingTelemetry(parts)).toEqual({ mode: "test", session: null, programs: [], replay: null });
    expect(timingTelemetry({ ...parts, sessions: [] })).toMatchObject({ sessions: [] });
  });
});
