// npm run bench:timing: the emulated unit's timing port (D12) at 1,000 reads/s, two programs on the filtered port and
// one on the raw port; then the same with one filtered program that stops reading for 20 s. Each passing exactly once
// and in order (SEQ), read → line latency, the unit's heap. Figures into docs/PERFORMANCE.md (section timing-port).
// TRC_BENCH_SECONDS (default 60; 10 for a quick check), TRC_BENCH_PAUSE_SECONDS (default 20, at most a third of the
// run), TRC_BENCH_RUNS (default 3: the table gives medians), TRC_BENCH_WRITE=0 to print without writing the doc.
import { runNote, writeSection } from "../../console/bench/docs-section.ts";
import { TIMING_TICK_MS } from "../src/race/race-control.ts";
import {
  BYTES_PER_PASSING,
  type Figures,
  PAUSE_S,
  RUNS,
  run,
  SECONDS,
  SLACK_BYTES,
  WARM_S,
} from "./timing-port-run.ts";
import { fmtMs, median } from "./timing-programs.ts";

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
  (\`src/net/timing-port-flow.test.ts\` covers it).`;
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
