// Timing programs on the unit's ports (D12): Left grows while none is connected and the next one gets them in order,
// once; Replay all / selected / manual send the stored passings again with R = 1; requests over the port (CLOCK,
// STARTREAD / STOPREAD, REWIND, bad lines). The unit's clock is moved, never waited for.
import { API } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seqs, until } from "../src/net/test-program.ts";
import type { TestDevice } from "./helpers.ts";
import {
  advance,
  answers,
  connectProgram,
  execute,
  LINE,
  massLines,
  massStart,
  passings,
  startTimingUnit,
  timing,
} from "./timing-helpers.ts";

let dev: TestDevice;
beforeAll(async () => {
  dev = await startTimingUnit();
});
afterAll(() => dev.dispose());

/** Rows of a timing file (without its header). */
const rows = async (name: string) =>
  (await (await dev.call(API.fileDownload(name))).text()).trim().split("\n").slice(1);

describe("Sent and Left", () => {
  it("a program that leaves: Left grows; the next one gets them all, oldest first, once; then Left is 0", async () => {
    await execute(dev, "TIMING_START");
    const first = await connectProgram(dev, "filtered");
    // A mass start's tags (100001...) each make one visit: the clock moves past its end (tag_timeout 5 s) each time.
    await massStart(dev, 6);
    await advance(dev, 10_000);
    await until(() => massLines(first.data()).length >= 6);
    first.end();
    await expect.poll(async () => (await timing(dev)).programs.length).toBe(0);
    const before = await passings(dev);
    await massStart(dev, 8);
    await advance(dev, 10_000);
    const away = await passings(dev);
    expect(away.left).toBeGreaterThanOrEqual(before.left + 8);
    expect(away.sent).toBe(before.sent);
    expect(away.filtered - away.sent).toBe(away.left);
    const next = await connectProgram(dev, "filtered");
    await until(() => seqs(next.data(), 0).length >= away.left);
    // It starts after the last passing taken and gets each one after it once, in order.
    const got = seqs(next.data(), 0);
    expect(got).toEqual(got.map((_, i) => before.sent + 1 + i));
    expect(Math.max(...seqs(first.data(), 0))).toBeLessThanOrEqual(before.sent);
    expect(massLines(next.data())).toHaveLength(8);
    await expect.poll(async () => (await passings(dev)).left).toBe(0);
    // The files the replays below read stay as they are.
    await execute(dev, "TIMING_STOP");
  });
});

describe("replays", () => {
  it("Replay all sends every stored passing again, R = 1, oldest first, while live ones go on with R = 0", async () => {
    const program = await connectProgram(dev, "filtered");
    const answer = await execute(dev, "REPLAY_ALL");
    expect(answer).toMatchObject({ files: 4, programs: 1 });
    await until(() => seqs(program.data(), 1).length >= answer.passings, 10_000);
    const again = program.data().filter((l) => l.endsWith(";;1"));
    expect(again).toHaveLength(answer.passings);
    // The example files' rows and this session's, oldest first.
    const times = again.map((l) => {
      const m = LINE.exec(l);
      return `${m?.[4]}${m?.[3]}${m?.[2]}${m?.[5]}${m?.[6]}${m?.[7]}${m?.[8]}`;
    });
    expect(times).toEqual([...times].sort());
    const total = (
      await Promise.all(["0001", "0002", "0003", "0004"].map((n) => rows(`timing_${n}.csv`)))
    ).flat();
    expect(answer.passings).toBe(total.length);
    // Not a RACESTART again for a marker sent again.
    expect(program.data().filter((l) => l.startsWith("RACESTART"))).toEqual([]);
  });

  it("Replay selected sends one file's passings, numbered by row; Replay manual those from a time on", async () => {
    const program = await connectProgram(dev, "filtered");
    const selected = await execute(dev, "REPLAY_SELECTED", ["timing_0002.csv"]);
    const expected = await rows("timing_0002.csv");
    expect(selected).toMatchObject({ file: "timing_0002.csv", passings: expected.length, programs: 1 });
    await until(() => seqs(program.data(), 1).length >= expected.length);
    expect(seqs(program.data(), 1)).toEqual(expected.map((_, i) => i + 1));
    const missing = await dev.postJson(API.commandExecute, {
      cmd: "REPLAY_SELECTED",
      args: ["timing_0099.csv"],
    });
    expect(missing).toMatchObject({
      status: 400,
      body: { error: "file: there is no timing file named timing_0099.csv" },
    });
    // From the last example row's second on: the passings of every file at or after it.
    const last = expected.at(-1)?.split(",")[2] ?? "";
    const from = `${last.slice(2, 4)}${last.slice(5, 7)}${last.slice(8, 10)}${last.slice(11, 19)}`;
    const fromMs = Date.parse(`${last.slice(0, 19)}Z`);
    const all = (
      await Promise.all(["0001", "0002", "0003", "0004"].map((n) => rows(`timing_${n}.csv`)))
    ).flat();
    const manual = await execute(dev, "REPLAY_MANUAL", [from]);
    expect(manual.passings).toBe(all.filter((r) => Date.parse(r.split(",")[2] ?? "") >= fromMs).length);
  });
});

describe("requests over the port", () => {
  it("CLOCK, CLOCK set (refused while timing), STARTREAD / STOPREAD, REWIND, and ERROR for what it does not take", async () => {
    await execute(dev, "TIMING_STOP");
    const p = await connectProgram(dev, "filtered");
    p.send("CLOCK\r");
    await until(() => answers(p).length >= 1);
    expect(answers(p)[0]).toMatch(/^CLOCK \d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    // Set in test mode: the unit's clock goes to that second.
    p.send("CLOCK 01-06-2026 10:00:00\r");
    await until(() => answers(p).length >= 2);
    expect(answers(p)[1]).toBe("CLOCKOK");
    const sources = (await dev.getJson(API.telemetry("time/sources"))).body.sources as { time: number }[];
    expect(Math.abs((sources[0]?.time ?? 0) - Date.UTC(2026, 5, 1, 10))).toBeLessThan(5000);
    p.send("STARTREAD\r");
    await until(() => answers(p).length >= 3);
    expect(answers(p)[2]).toBe("READOK");
    expect((await timing(dev)).mode).toBe("timing");
    p.send("CLOCK 01-06-2026 11:00:00\rHELLO\rREWIND 01-01-2024 00:00:00 02-01-2025 00:00:00\r");
    await until(() => answers(p).length >= 6);
    expect(answers(p).slice(3, 6)).toEqual(["ERROR", "ERROR", "ERROR"]);
    // REWIND over the last session's file: its passings again, R = 1, to this program only.
    const file = await rows("timing_0004.csv");
    const times = file.map((r) => Date.parse(r.split(",")[2] ?? ""));
    const dmy = (t: number) => {
      const iso = new Date(t).toISOString();
      return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)} ${iso.slice(11, 19)}`;
    };
    p.send(`REWIND ${dmy(Math.min(...times))} ${dmy(Math.max(...times))}\r`);
    await until(() => seqs(p.data(), 1).length >= file.length);
    expect(seqs(p.data(), 1).length).toBe(file.length);
    p.send("STOPREAD\r");
    await until(() => answers(p).length >= 7);
    expect(answers(p)[6]).toBe("READOK");
    expect((await timing(dev)).mode).toBe("test");
  });

  it("the raw port sends every read live, SEQ the read's seq, and answers requests too", async () => {
    const raw = await connectProgram(dev, "raw");
    await massStart(dev, 4);
    await advance(dev, 3000);
    await until(() => massLines(raw.data()).length >= 8);
    const reads = raw.data().filter((l) => l.includes(";"));
    for (const line of reads) expect(line).toMatch(LINE);
    const numbers = seqs(reads, 0);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(numbers.every((n, i) => i === 0 || n === (numbers[i - 1] ?? 0) + 1)).toBe(true);
    raw.send("CLOCK\r");
    await until(() => answers(raw).length >= 1);
    expect(answers(raw)[0]).toMatch(/^CLOCK /);
  });
});
