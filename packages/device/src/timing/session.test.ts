// Unit tests of test/timing mode, sessions and their files, markers, and Filtered/Sent/Left with 0, 1 and 2 programs.
import type { FilteredPassing, TagRead } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { timingCsv } from "../state/example-files.ts";
import {
  bibOfTag,
  nextTimingFile,
  type SessionDeps,
  type StoredPassing,
  TIMING_FILE_HEADER,
  TimingSessions,
} from "./session.ts";
import type { PortFeed } from "./types.ts";

const T0 = Date.UTC(2026, 4, 17, 9, 0, 0);

function setup(extra: Partial<SessionDeps> = {}) {
  let now = T0;
  const files = new Map<string, string>();
  const sessions = new TimingSessions({
    now: () => now,
    append: (file, line) => {
      files.set(file, (files.get(file) ?? "") + line);
    },
    ...extra,
  });
  return { sessions, files, advance: (ms: number) => (now += ms), at: () => now };
}

let seq = 0;
function passing(tag: string, time: number, ant = 0, rssi = -55, reads = 3): FilteredPassing {
  const read: TagRead = { seq: ++seq, tag, ant, rssi, time };
  return { kind: "FS", read, reads };
}

/** A program on the filtered port, as the port drives the feed: a cursor, taking in order. */
function program(feed: PortFeed<StoredPassing>) {
  let cursor = feed.start();
  return {
    take(max = Number.POSITIVE_INFINITY): number[] {
      const { items, last } = feed.after(cursor, max);
      cursor = last;
      feed.taken?.(last);
      return items.map((p) => p.index);
    },
  };
}

describe("file names and rows", () => {
  it("the next timing file is one above the highest number, 4 digits at least", () => {
    expect(nextTimingFile([])).toBe("timing_0001.csv");
    expect(nextTimingFile(["status.log", "timing_x.csv", "timing_0002.csv.bak"])).toBe("timing_0001.csv");
    expect(nextTimingFile(["timing_0003.csv", "timing_0001.csv", "TIMING_0007.CSV"])).toBe("timing_0008.csv");
    expect(nextTimingFile(["timing_9999.csv"])).toBe("timing_10000.csv");
    expect(nextTimingFile(["timing_12.csv"])).toBe("timing_0013.csv");
  });

  it("the header is today's timing files' header", () => {
    expect(timingCsv(T0, 1, 1).split("\n")[0]).toBe(TIMING_FILE_HEADER);
  });

  it("the bib is the tag's trailing number", () => {
    expect(bibOfTag("E28011606000020000000123")).toBe("123");
    expect(bibOfTag("200123")).toBe("200123");
    expect(bibOfTag("000000")).toBe("0");
    expect(bibOfTag("MARKER")).toBe("");
    expect(bibOfTag("ABC12345678901")).toBe("2345678901");
  });
});

describe("test mode and timing sessions", () => {
  it("boots in test mode: nothing stored, no marker, no session", () => {
    const { sessions, files } = setup();
    expect(sessions.mode).toBe("test");
    expect(sessions.record([passing("200001", T0)])).toEqual([]);
    expect(sessions.marker()).toBeNull();
    expect(sessions.info()).toBeNull();
    expect(sessions.stop()).toBeNull();
    expect(sessions.counts()).toEqual({ filtered: 0, sent: 0, left: 0 });
    expect(files.size).toBe(0);
  });

  it("start opens the next file with its header; a second start keeps it", async () => {
    const { sessions, files } = setup();
    expect(sessions.start(["timing_0001.csv", "timing_0003.csv"])).toEqual({
      file: "timing_0004.csv",
      started: true,
    });
    expect(sessions.mode).toBe("timing");
    expect(sessions.info()).toEqual({ file: "timing_0004.csv", startedAt: T0, passings: 0 });
    expect(sessions.start(["timing_0004.csv"])).toEqual({ file: "timing_0004.csv", started: false });
    await sessions.settled();
    expect(files.get("timing_0004.csv")).toBe(`${TIMING_FILE_HEADER}\n`);
  });

  it("stores each passing as a row as it is made, numbered 1..n; a marker at the moment asked", async () => {
    const { sessions, files, advance } = setup();
    sessions.start([]);
    const stored = sessions.record([
      passing("E28011606000020000000123", T0 + 1234, 0, -48.5, 7),
      passing("200077", T0 + 2000, 2, -61, 1),
    ]);
    advance(5000);
    const marker = sessions.marker();
    const gun = sessions.marker(T0 + 999);
    expect([...stored, marker, gun].map((p) => `${p?.n}/${p?.index}`)).toEqual(["1/1", "2/2", "3/3", "4/4"]);
    expect(marker).toMatchObject({ tag: "MARKER", time: T0 + 5000, ant: null, rssi: null, reads: 0 });
    expect(sessions.info()?.passings).toBe(4);
    await sessions.settled();
    expect(files.get("timing_0001.csv")).toBe(
      [
        TIMING_FILE_HEADER,
        "E28011606000020000000123,123,2026-05-17T09:00:01.234Z,1,-48.5,7",
        "200077,200077,2026-05-17T09:00:02.000Z,3,-61,1",
        "MARKER,,2026-05-17T09:00:05.000Z,0,,0",
        "MARKER,,2026-05-17T09:00:00.999Z,0,,0",
        "",
      ].join("\n"),
    );
  });

  it("a tag cannot add a column or a line to the file", async () => {
    const { sessions, files } = setup();
    sessions.start([]);
    sessions.record([passing('A,B\n"C', T0)]);
    await sessions.settled();
    expect(files.get("timing_0001.csv")?.split("\n")[1]).toBe("A_B__C,,2026-05-17T09:00:00.000Z,1,-55,3");
  });

  it("stop stores the visits still open, closes; the next session numbers from 1 in the next file", async () => {
    const { sessions, files } = setup();
    sessions.start([]);
    sessions.record([passing("1", T0)]);
    expect(sessions.stop([passing("2", T0 + 10)])).toEqual({ file: "timing_0001.csv", passings: 2 });
    expect(sessions.mode).toBe("test");
    expect(sessions.record([passing("3", T0 + 20)])).toEqual([]);
    expect(sessions.sessionPassings()).toEqual([]);
    sessions.start([...files.keys()]);
    const [p] = sessions.record([passing("4", T0 + 30)]);
    expect([p?.file, p?.n, p?.index]).toEqual(["timing_0002.csv", 1, 3]);
    expect(sessions.sessionPassings().map((s) => s.tag)).toEqual(["4"]);
    expect(sessions.stored().map((s) => s.tag)).toEqual(["1", "2", "4"]);
    await sessions.settled();
    expect(files.get("timing_0001.csv")?.trim().split("\n")).toHaveLength(3);
  });

  it("a name opened this run is never given again, even before its header is on disk", () => {
    const { sessions } = setup({ append: () => new Promise(() => {}) });
    expect(sessions.start([]).file).toBe("timing_0001.csv");
    sessions.stop();
    expect(sessions.start([]).file).toBe("timing_0002.csv");
    sessions.stop();
    expect(sessions.start(["timing_0007.csv"]).file).toBe("timing_0008.csv");
  });

  it("rows are written in order through a slow append; a failed write is reported, the passing kept", async () => {
    const written: string[] = [];
    const errors: string[] = [];
    const { sessions } = setup({
      append: async (_file, text) => {
        await new Promise((r) => setTimeout(r, text.startsWith("2") ? 20 : 1));
        if (text.startsWith("3")) throw new Error("storage full");
        written.push(
          ...text
            .trim()
            .split("\n")
            .map((row) => row.split(",")[0] ?? ""),
        );
      },
      onWriteError: (file, error) => errors.push(`${file}: ${(error as Error).message}`),
    });
    sessions.start([]);
    // One write at a time (rows made while one is under way go together: session-writes.test.ts).
    for (const tag of ["1", "2", "3", "4"]) {
      sessions.record([passing(tag, T0)]);
      await sessions.settled();
    }
    expect(written).toEqual(["tag", "1", "2", "4"]);
    expect(errors).toEqual(["timing_0001.csv: storage full"]);
    expect(sessions.counts().filtered).toBe(4);
  });
});

describe("Filtered, Sent and Left", () => {
  function timing(n: number) {
    const s = setup();
    s.sessions.start([]);
    const add = (k: number) =>
      s.sessions.record(Array.from({ length: k }, (_, i) => passing(`${i}`, T0 + i)));
    add(n);
    return { ...s, add };
  }

  it("no program: Left grows with every passing", () => {
    const { sessions, add } = timing(3);
    expect(sessions.counts()).toEqual({ filtered: 3, sent: 0, left: 3 });
    add(2);
    expect(sessions.counts()).toEqual({ filtered: 5, sent: 0, left: 5 });
  });

  it("one program that connects gets what is Left, oldest first, then live ones", () => {
    const { sessions, add } = timing(5);
    const a = program(sessions.feed);
    expect(a.take(2)).toEqual([1, 2]);
    expect(sessions.counts()).toEqual({ filtered: 5, sent: 2, left: 3 });
    expect(a.take()).toEqual([3, 4, 5]);
    add(1);
    expect(a.take()).toEqual([6]);
    expect(sessions.counts()).toEqual({ filtered: 6, sent: 6, left: 0 });
  });

  it("a program that leaves without taking everything: the rest stays Left for the next one", () => {
    const { sessions, add } = timing(4);
    program(sessions.feed).take(1);
    add(2);
    expect(sessions.counts()).toEqual({ filtered: 6, sent: 1, left: 5 });
    expect(program(sessions.feed).take()).toEqual([2, 3, 4, 5, 6]);
    expect(sessions.counts().left).toBe(0);
  });

  it("two programs: each passing counts once in Sent; a stalled one does not hold Left up", () => {
    const { sessions, add } = timing(4);
    const a = program(sessions.feed);
    const b = program(sessions.feed);
    expect(a.take(1)).toEqual([1]);
    expect(b.take()).toEqual([1, 2, 3, 4]);
    expect(sessions.counts()).toEqual({ filtered: 4, sent: 4, left: 0 });
    add(2);
    expect(a.take()).toEqual([2, 3, 4, 5, 6]);
    expect(sessions.counts()).toEqual({ filtered: 6, sent: 6, left: 0 });
    expect(b.take()).toEqual([5, 6]);
    expect(sessions.counts()).toEqual({ filtered: 6, sent: 6, left: 0 });
  });

  it("a second program that connects when the first is up to date gets live passings only", () => {
    const { sessions, add } = timing(3);
    const a = program(sessions.feed);
    a.take();
    const b = program(sessions.feed);
    expect(b.take()).toEqual([]);
    add(1);
    expect([a.take(), b.take()]).toEqual([[4], [4]]);
  });

  it("Left spans sessions: a program connecting after Stop and Start gets the old session's first", () => {
    const { sessions, files } = timing(2);
    sessions.stop();
    sessions.start([...files.keys()]);
    sessions.record([passing("x", T0)]);
    const taken = sessions.feed.after(sessions.feed.start(), 10).items;
    expect(taken.map((p) => `${p.file}#${p.n}`)).toEqual([
      "timing_0001.csv#1",
      "timing_0001.csv#2",
      "timing_0002.csv#1",
    ]);
  });

  it("taken never counts past what is stored, nor goes back", () => {
    const { sessions } = timing(2);
    sessions.feed.taken?.(10);
    expect(sessions.counts()).toEqual({ filtered: 2, sent: 2, left: 0 });
    sessions.feed.taken?.(1);
    expect(sessions.counts().sent).toBe(2);
    expect(sessions.feed.after(2, 5)).toEqual({ items: [], last: 2 });
  });
});
