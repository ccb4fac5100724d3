// The Timing page's two additions on the unit (issue 31): the dataset's `sessions` (every timing file with its
// passings and first/last time) and REPLAY_WINDOW (the stored passings from one local time to another, R = 1, to the
// programs on the filtered port; bad dates and a window backwards refused with a reason). The clock is moved.
import { API } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../src/net/test-program.ts";
import type { TestDevice } from "./helpers.ts";
import {
  advance,
  connectProgram,
  execute,
  massStart,
  readsStopped,
  startTimingUnit,
  timing,
} from "./timing-helpers.ts";

let dev: TestDevice;
beforeAll(async () => {
  dev = await startTimingUnit();
});
afterAll(() => dev.dispose());

/** The passing times of a timing file's rows (epoch ms). */
async function rowTimes(name: string): Promise<number[]> {
  const text = await (await dev.call(API.fileDownload(name))).text();
  return text
    .trim()
    .split("\n")
    .slice(1)
    .map((row) => Date.parse(row.split(",")[2] ?? ""));
}

const pad = (n: number) => String(n).padStart(2, "0");
/** `dd-MM-yyyy HH:mm:ss` of an instant in a zone `offsetS` east of UTC (the second it falls in). */
function local(ms: number, offsetS: number): string {
  const d = new Date(ms + offsetS * 1000);
  return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

async function refused(args: string[]): Promise<string> {
  const { status, body } = await dev.postJson(API.commandExecute, { cmd: "REPLAY_WINDOW", args });
  expect(status).toBe(400);
  return body.error;
}

describe("the dataset's sessions", () => {
  it("lists the example files from their rows, then the open session from memory as it grows, then closed", async () => {
    const before = (await timing(dev)).sessions ?? [];
    expect(before.map((s) => s.file)).toEqual(["timing_0001.csv", "timing_0002.csv", "timing_0003.csv"]);
    for (const s of before) {
      const times = await rowTimes(s.file);
      expect(s).toEqual({
        file: s.file,
        passings: times.length,
        first: Math.min(...times),
        last: Math.max(...times),
      });
    }
    // The living reader reads on real time: stopped around the start, the new session is seen empty whatever the load.
    await readsStopped(dev, true);
    await execute(dev, "TIMING_START");
    const opened = (await timing(dev)).sessions?.at(-1);
    expect(opened).toEqual({ file: "timing_0004.csv", passings: 0, first: null, last: null });
    await readsStopped(dev, false);
    await massStart(dev, 5);
    await advance(dev, 8_000);
    const marker = await execute(dev, "MARKER");
    const t = await timing(dev);
    const open = t.sessions?.at(-1);
    expect(open?.passings).toBe(t.session?.passings);
    expect(open?.last).toBe(Date.parse(marker.time));
    const stop = await execute(dev, "TIMING_STOP");
    const times = await rowTimes("timing_0004.csv");
    expect((await timing(dev)).sessions?.at(-1)).toEqual({
      file: "timing_0004.csv",
      passings: stop.passings,
      first: Math.min(...times),
      last: Math.max(...times),
    });
    expect(times).toHaveLength(stop.passings);
  });
});

describe("REPLAY_WINDOW", () => {
  it("sends the stored passings of the window in the unit's local time again, R = 1, oldest first", async () => {
    // The unit two hours east of UTC: the window's times are its local ones.
    const offset = 7200;
    const set = await dev.postJson(API.configSet, { key: "utc_offset", value: offset, time: "t" });
    expect(set.status).toBe(200);
    const times = await rowTimes("timing_0004.csv");
    const sorted = [...times].sort((a, b) => a - b);
    const from = Math.floor((sorted[1] ?? 0) / 1000) * 1000;
    const to = Math.floor((sorted.at(-2) ?? 0) / 1000) * 1000;
    const expected = [];
    for (const name of ["timing_0001.csv", "timing_0002.csv", "timing_0003.csv", "timing_0004.csv"]) {
      expected.push(...(await rowTimes(name)).filter((t) => t >= from && t < to + 1000));
    }
    expect(expected.length).toBeGreaterThan(0);
    const program = await connectProgram(dev, "filtered");
    const answer = await execute(dev, "REPLAY_WINDOW", [local(from, offset), local(to, offset)]);
    expect(answer).toMatchObject({ passings: expected.length, programs: 1 });
    expect(answer.result).toBe(
      `Replaying ${expected.length} passings from ${local(from, offset)} to ${local(to, offset)} to 1 program on the filtered port`,
    );
    await until(() => program.data().filter((l) => l.endsWith(";;1")).length >= expected.length);
    const again = program.data().filter((l) => l.endsWith(";;1"));
    expect(again).toHaveLength(expected.length);
    // Each line's local time, to the millisecond, is a passing of the window's, oldest first.
    const lineTimes = again.map((l) => l.split(";")[1]);
    const wanted = [...expected]
      .sort((a, b) => a - b)
      .map((t) => `${local(t, offset)}.${String(t % 1000).padStart(3, "0")}`);
    expect(lineTimes).toEqual(wanted);
    await expect.poll(async () => (await timing(dev)).replay).toBeNull();
  });

  it("refuses a date that is not real, a wrong format and a window backwards, with the reason; sends nothing", async () => {
    const program = await connectProgram(dev, "filtered");
    expect(await refused(["31-02-2026 10:00:00", "01-03-2026 10:00:00"])).toBe(
      "from: not a real date and time; use dd-MM-yyyy HH:mm:ss, the unit's local time",
    );
    expect(await refused(["01-03-2026 10:00:00", "2026-03-01T11:00:00"])).toBe(
      "to: not a real date and time; use dd-MM-yyyy HH:mm:ss, the unit's local time",
    );
    expect(await refused(["01-03-2026 10:00:01", "01-03-2026 10:00:00"])).toBe("from is after to");
    expect(await refused(["01-03-2026 10:00:00"])).toBe("REPLAY_WINDOW takes 2 arguments (from, to), got 1");
    await advance(dev, 1500);
    expect(program.data().filter((l) => l.endsWith(";;1"))).toEqual([]);
    expect((await timing(dev)).replay).toBeNull();
  });
});
