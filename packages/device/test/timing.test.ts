// Race control (D12) over HTTP and loopback TCP: test mode stores nothing; TIMING_START, passings to a program in order
// with the line format, MARKER and RACESTART, TIMING_STOP; the dataset against its schema. The unit's clock is moved.
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { API } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../src/net/test-program.ts";
import type { TestDevice } from "./helpers.ts";
import {
  advance,
  connectProgram,
  execute,
  LINE,
  massLines,
  massStart,
  passings,
  startTimingUnit,
  timing,
  timingPorts,
} from "./timing-helpers.ts";

let dev: TestDevice;
beforeAll(async () => {
  dev = await startTimingUnit();
});
afterAll(() => dev.dispose());

const fileNames = async () =>
  ((await dev.getJson(API.filesAll)).body.files as { name: string }[]).map((f) => f.name);

describe("test mode (the unit boots in it)", () => {
  it("reads and shows reads (raw port) but stores and sends no passing", async () => {
    expect(await timing(dev)).toMatchObject({ mode: "test", session: null, programs: [], replay: null });
    const ports = await timingPorts(dev);
    expect(ports.raw).toBeGreaterThan(0);
    expect(ports.filtered).toBeGreaterThan(0);
    const files = await fileNames();
    const raw = await connectProgram(dev, "raw");
    const filtered = await connectProgram(dev, "filtered");
    await massStart(dev, 5);
    await advance(dev, 4000);
    const reads = massLines(await raw.waitLines(10));
    expect(reads.length).toBeGreaterThanOrEqual(10);
    for (const line of raw.data()) expect(line).toMatch(LINE);
    // Heartbeats only on the filtered port: no passing is made.
    await until(() => filtered.lines().length >= 3);
    expect(filtered.data()).toEqual([]);
    expect(await fileNames()).toEqual(files);
    const t = await timing(dev);
    expect(t.mode).toBe("test");
    expect(t.programs.map((p) => p.port).sort()).toEqual(["filtered", "raw"]);
  });
});

describe("a timing session", () => {
  it("TIMING_START opens the next file; passings reach a program in order, SEQ 1..n, in the line format", async () => {
    const start = await execute(dev, "TIMING_START");
    expect(start).toMatchObject({ cmd: "TIMING_START", file: "timing_0004.csv", started: true });
    expect(await execute(dev, "TIMING_START")).toMatchObject({ file: "timing_0004.csv", started: false });
    const session = (await timing(dev)).session;
    // A new session counts from 0 (a living athlete's read may already have made a passing in the first tick).
    expect(session?.file).toBe("timing_0004.csv");
    expect(session?.passings).toBeLessThan(12);
    const program = await connectProgram(dev, "filtered");
    await massStart(dev, 12);
    await advance(dev, 5000);
    await until(() => massLines(program.data()).length >= 12);
    const lines = program.data();
    const seqs: number[] = [];
    for (const line of lines) {
      const m = LINE.exec(line);
      expect(m, line).not.toBeNull();
      expect(m?.[11]).toBe("0");
      seqs.push(Number(m?.[10]));
    }
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(massLines(lines)).toHaveLength(12);
    // Counted as stored and taken (the living unit's athletes go on passing: polled until it has caught up).
    await expect
      .poll(async () => {
        const t = await timing(dev);
        return t.programs.length === 1 && t.programs[0]?.sent === t.session?.passings;
      })
      .toBe(true);
    await expect.poll(async () => (await passings(dev)).left).toBe(0);
    expect(await fileNames()).toContain("timing_0004.csv");
  });

  it("MARKER stores and sends the marker passing, then RACESTART with the same time", async () => {
    const program = await connectProgram(dev, "filtered");
    const marker = await execute(dev, "MARKER");
    const [line, raceStart] = (await program.waitLines(2)).filter(
      (l) => l.startsWith("MARKER") || l.startsWith("RACESTART"),
    );
    const at = new Date(marker.time);
    const hms = at.toISOString().slice(11, 19);
    const ms = at.toISOString().slice(20, 23);
    expect(line).toMatch(new RegExp(`^MARKER;\\d{2}-\\d{2}-\\d{4} ${hms}\\.${ms};0;${marker.n};;0$`));
    expect(raceStart).toBe(`RACESTART ${hms},${ms}`);
  });

  it("TIMING_STOP closes the session: its file has every passing; then nothing more is stored", async () => {
    const program = await connectProgram(dev, "filtered");
    const stop = await execute(dev, "TIMING_STOP");
    expect(stop).toMatchObject({ stopped: true, file: "timing_0004.csv" });
    const csv = (await dev.call(API.fileDownload("timing_0004.csv"))).text();
    const rows = (await csv).trim().split("\n");
    expect(rows[0]).toBe("tag,bib,time_utc,channel,rssi_dbm,reads");
    expect(rows).toHaveLength(stop.passings + 1);
    expect(rows.at(-1)).toMatch(/^MARKER,,[\d-]+T[\d:.]+Z,0,,0$|^\d{6},\d+,/);
    expect(await timing(dev)).toMatchObject({ mode: "test", session: null });
    expect(await execute(dev, "TIMING_STOP")).toMatchObject({ stopped: false });
    const refused = await dev.postJson(API.commandExecute, { cmd: "MARKER", args: [] });
    expect(refused.status).toBe(400);
    await massStart(dev, 5);
    await advance(dev, 4000);
    await until(() => program.lines().length >= 2);
    expect(program.data()).toEqual([]);
    expect(
      (await dev.call(API.fileDownload("timing_0004.csv")).then((r) => r.text())).trim().split("\n"),
    ).toHaveLength(stop.passings + 1);
    // What was stored this run stays counted: Filtered is the stored passings, all sent.
    await expect
      .poll(() => passings(dev))
      .toMatchObject({ filtered: stop.passings, sent: stop.passings, left: 0 });
  });

  it("a second session opens the next file; a change of reads_2b_sent applies at once", async () => {
    expect(await execute(dev, "TIMING_START")).toMatchObject({ file: "timing_0005.csv", started: true });
    const program = await connectProgram(dev, "filtered");
    const set = (value: string) => dev.postJson(API.configSet, { key: "reads_2b_sent", value, time: "t" });
    expect((await set("ALL")).status).toBe(200);
    // Every read a passing: the mass start's 3 tags are read twice each.
    await massStart(dev, 3);
    await advance(dev, 4000);
    await until(() => massLines(program.data()).length >= 6);
    expect((await set("FS")).status).toBe(200);
    expect(await execute(dev, "TIMING_STOP")).toMatchObject({ file: "timing_0005.csv" });
    expect(massLines(program.data())).toHaveLength(6);
  });

  it("a timing file deleted mid-session starts again with its header, then its rows", async () => {
    const { file } = (await execute(dev, "TIMING_START")) as { file: string };
    const path = join(dev.dataDir, "files", file);
    const header = "tag,bib,time_utc,channel,rssi_dbm,reads";
    await massStart(dev, 3);
    await advance(dev, 4000);
    await expect
      .poll(async () => (await readFile(path, "utf8").catch(() => "")).split("\n").length)
      .toBeGreaterThan(2);
    await rm(path);
    await massStart(dev, 3);
    await advance(dev, 4000);
    await expect
      .poll(async () => (await readFile(path, "utf8").catch(() => "")).split("\n").length)
      .toBeGreaterThan(2);
    const rows = (await readFile(path, "utf8")).split("\n");
    expect(rows[0]).toBe(header);
    expect(rows.filter((r) => r === header)).toHaveLength(1);
    await execute(dev, "TIMING_STOP");
  });
});
