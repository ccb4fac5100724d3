// The timing port benchmark's one run (npm run bench:timing): a unit at 1,000 reads/s, two programs on the filtered
// port and one on the raw port (one of them paused for a while, or not), and the figures it measured.
import { API } from "@trc/protocol";
import { BenchProgram, pct, sleep, splitLatencies, startUnit, until } from "./timing-programs.ts";
import type { HeapSample } from "./timing-unit-child.ts";

export const SECONDS = Number(process.env.TRC_BENCH_SECONDS || 60);
export const PAUSE_S = Number(process.env.TRC_BENCH_PAUSE_SECONDS || Math.min(20, Math.floor(SECONDS / 3)));
export const RUNS = Number(process.env.TRC_BENCH_RUNS || 3);
export const WARM_S = Math.min(10, SECONDS / 4);
/** Retained heap growth allowed after warm-up: the stored passings (D12: kept for the run) at this much each, + slack. */
export const BYTES_PER_PASSING = 400;
export const SLACK_BYTES = 4 * 1024 * 1024;
if (!(SECONDS >= 4 && SECONDS <= 199)) throw new Error("TRC_BENCH_SECONDS must be 4..199 (one mass start)");

export interface Figures {
  paused: boolean;
  passings: number;
  reads: number;
  ok: boolean;
  problems: string[];
  lines: number[];
  p50: number[];
  p99: number[];
  madeP50: number;
  madeP99: number;
  /** Read → made: until race control took the read from the reader. */
  waitedP50: number;
  waitedP99: number;
  /** p99 of A and raw over the lines that arrived in the pause's window (the same window in a steady run). */
  pauseP99: number[];
  /** Passings the unit had not yet written to B when it resumed (its cursor's lag; the rest sat in socket buffers). */
  unwritten: number;
  /** Bytes a passing line takes on the wire (A's average). */
  lineBytes: number;
  heapWarm: number;
  heapEnd: number;
  heapMax: number;
  growthPerPassing: number;
  bound: number;
  flat: boolean;
  rowsBehind: number;
  stopMs: number | null;
  backlog: number;
  catchUpMs: number;
  cut: boolean;
  cpuPct: number;
  appendP99Ms: number;
  appendMaxMs: number;
  loopP99Ms: number;
  loopMaxMs: number;
  gcMaxMs: number;
  gcForcedMs: number;
}

const maxAfter = (heap: HeapSample[], from: number) =>
  Math.max(...heap.filter((h) => h.at >= from).map((h) => h.heapUsed));

export async function run(paused: boolean): Promise<Figures> {
  const unit = await startUnit();
  const { ready, call, ask } = unit;
  await call(API.configSet, { key: "reads_2b_sent", value: "ALL", time: "t" });
  const time = { clockOffsetMs: ready.clockOffsetMs, utcOffsetS: ready.utcOffsetS };
  const a = await BenchProgram.connect(ready.filtered, "filtered", time);
  const b = await BenchProgram.connect(ready.filtered, "filtered", time);
  const raw = await BenchProgram.connect(ready.raw, "raw", time);
  const programs = [a, b, raw];
  const { file } = (await call(API.commandExecute, { cmd: "TIMING_START", args: [] })) as { file: string };
  unit.send("start");
  const t0 = Date.now();
  // 2 reads a tag, tags passing evenly over the run: 1,000 reads/s (ramps of 1.5 s at both ends).
  const tags = Math.round(500 * (SECONDS + 0.5));
  await call("/api/__test/scenario", {
    massStart: { tags, seconds: SECONDS + 2, readsPerTag: [2, 2], antennas: [1, 3], seed: 7 },
  });
  const at = (s: number) => sleep(Math.max(0, t0 + s * 1000 - Date.now()));

  await at(WARM_S);
  const warm = await ask("gc", "gc");
  const heapWarm = warm.heapUsed;
  // Latency is measured over the reads made after warm-up and its forced GC.
  const measuredFrom = Date.now();
  const passingsWarm = a.last;
  const pauseFrom = (SECONDS - PAUSE_S) / 2;
  let backlog = 0;
  let pausedAt = t0 + pauseFrom * 1000;
  let pausedAfter = 0;
  let resumedAt = pausedAt + PAUSE_S * 1000;
  let wanted = 0;
  let unwritten = 0;
  if (paused) {
    await at(pauseFrom);
    pausedAt = Date.now();
    b.pause();
    pausedAfter = b.last;
    await at(pauseFrom + PAUSE_S);
    // What the unit handed to each filtered program so far (A connected first).
    const sent = (
      (await call(API.telemetry("timing"))) as { programs?: { port: string; sent: number }[] }
    ).programs
      ?.filter((p) => p.port === "filtered")
      .map((p) => p.sent) ?? [0, 0];
    unwritten = (sent[0] ?? 0) - (sent[1] ?? 0);
    backlog = a.last - b.last;
    wanted = a.last;
    resumedAt = Date.now();
    b.resume();
  }
  await at(SECONDS + 2.2);
  await call("/api/__test/scenario", { readsStopped: true });
  await sleep(600);
  const passings = (await call(API.telemetry("timing"))).session?.passings ?? 0;
  await until(
    () => a.last >= passings && (b.last >= passings || b.closed),
    120_000,
    () => `every passing: ${passings}, have ${a.last} / ${b.last}`,
  );
  const rowsBehind = passings - (await ask({ rows: file }, "rows")).rows;
  const catchUpMs = paused ? (b.arrivalOf(wanted) ?? Number.NaN) - resumedAt : 0;
  const stopAt = Date.now();
  const stopped = await Promise.race([
    call(API.commandExecute, { cmd: "TIMING_STOP", args: [] }).then(() => true),
    sleep(60_000).then(() => false),
  ]);
  const stopMs = stopped ? Date.now() - stopAt : null;
  // After the stop, which waits for the file's rows: a write under way holds the whole file in memory for a moment.
  const heapEnd = (await ask("gc", "gc")).heapUsed;
  const report = await ask("report", "report");
  const cut = b.closed;
  const problems = [a, b].flatMap((p, i) => p.check(passings, `filtered ${"AB"[i]}`));
  problems.push(...raw.check(null, "raw"));
  for (const p of programs) p.end();
  await unit.close();

  // B's passings that waited out its pause are late by design: its figures are over the others.
  const waitedOut = (p: BenchProgram, seq: number) => p === b && paused && seq > pausedAfter && seq <= wanted;
  const live = (p: BenchProgram) => p.latencies((_, seq, read) => read >= measuredFrom && !waitedOut(p, seq));
  const split = splitLatencies(a, report.made, measuredFrom);
  const heapMax = maxAfter(report.heap, t0 + WARM_S * 1000);
  const growthPerPassing = (heapEnd - heapWarm) / Math.max(1, passings - passingsWarm);
  const bound = heapWarm + BYTES_PER_PASSING * (passings - passingsWarm) + SLACK_BYTES;
  return {
    paused,
    passings,
    reads: raw.count,
    ok: problems.length === 0,
    problems,
    lines: programs.map((p) => p.count),
    p50: programs.map((p) => pct(live(p), 0.5)),
    p99: programs.map((p) => pct(live(p), 0.99)),
    madeP50: pct(split.made, 0.5),
    madeP99: pct(split.made, 0.99),
    waitedP50: pct(split.waited, 0.5),
    waitedP99: pct(split.waited, 0.99),
    appendP99Ms: pct(
      report.made.map((m) => m.appendMs),
      0.99,
    ),
    appendMaxMs: Math.max(...report.made.map((m) => m.appendMs)),
    pauseP99: [a, raw].map((p) =>
      pct(
        p.latencies((at) => at >= pausedAt && at <= resumedAt),
        0.99,
      ),
    ),
    unwritten,
    lineBytes: a.bytes / Math.max(1, a.count),
    heapWarm,
    heapEnd,
    heapMax,
    growthPerPassing,
    bound,
    flat: heapEnd <= bound,
    rowsBehind,
    stopMs,
    backlog,
    catchUpMs,
    cut,
    cpuPct: report.cpuPct,
    loopP99Ms: report.loopP99Ms,
    loopMaxMs: report.loopMaxMs,
    gcMaxMs: report.gcMaxMs,
    gcForcedMs: warm.ms,
  };
}
