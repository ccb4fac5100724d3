// The emulated unit of the timing port benchmark (timing-port.bench.ts), in a process of its own so that its heap is
// the unit's alone. Run with --expose-gc and an IPC channel; it sends {kind:"ready", url, ...} once listening, then
// answers the parent's messages: "start" (sample the heap every second and note when each batch of reads is made),
// "gc" (a full GC, then the heap used), {rows: file} (the rows of that timing file on disk), "report", "close".
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { constants, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { startDevice } from "../src/server.ts";

/** One batch of reads the unit made (appended to its read log): when (Date.now()), their seqs and newest read time. */
export interface MadeBatch {
  at: number;
  firstSeq: number;
  lastSeq: number;
  newestTime: number;
  /** How long the append took (the read log writes its last seq to disk, synchronously). */
  appendMs: number;
}

export interface HeapSample {
  at: number;
  heapUsed: number;
  rss: number;
}

export type ChildMessage =
  | { kind: "ready"; url: string; raw: number; filtered: number; clockOffsetMs: number; utcOffsetS: number }
  | { kind: "gc"; heapUsed: number; ms: number }
  | { kind: "rows"; rows: number }
  | {
      kind: "report";
      heap: HeapSample[];
      made: MadeBatch[];
      cpuPct: number;
      loopP99Ms: number;
      loopMaxMs: number;
      /** The unit's own (not forced) GC pauses: the longest and their sum, ms. */
      gcMaxMs: number;
      gcTotalMs: number;
    };

const send = (m: ChildMessage) => process.send?.(m);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");

const root = await mkdtemp(join(tmpdir(), "trc-bench-timing-"));
const unit = await startDevice({
  port: 0,
  dataDir: join(root, "data"),
  consoleDist: join(root, "no-dist"),
  testHooks: true,
  seed: 1,
  log: () => {},
});
const { device } = unit;
const heap: HeapSample[] = [];
const made: MadeBatch[] = [];
let sampler: NodeJS.Timeout | null = null;
const loop = monitorEventLoopDelay({ resolution: 10 });
let cpu0 = process.cpuUsage();
let wall0 = 0;
const gcPauses: number[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const flags = (e as unknown as { detail?: { flags?: number } }).detail?.flags ?? 0;
    if (sampler && !(flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED)) gcPauses.push(e.duration);
  }
}).observe({ entryTypes: ["gc"] });

// Notes each batch of reads as the reader makes it (what the port and the filter add is measured from here).
const log = device.reader.log;
const append = log.append.bind(log);
log.append = (reads, unkept) => {
  const before = log.lastSeq;
  const t0 = performance.now();
  append(reads, unkept);
  if (sampler && reads.length) {
    const newestTime = reads.reduce((m, r) => Math.max(m, r.time), 0);
    const appendMs = performance.now() - t0;
    made.push({ at: Date.now(), firstSeq: before + 1, lastSeq: log.lastSeq, newestTime, appendMs });
  }
};

const ports = unit.timingPorts();
send({
  kind: "ready",
  url: unit.url,
  raw: ports.raw ?? 0,
  filtered: ports.filtered ?? 0,
  clockOffsetMs: device.clock.now() - Date.now(),
  utcOffsetS: device.config.get("utc_offset", 0),
});

/** Rows of a timing file on disk (the header not counted). */
async function timingRows(file: string): Promise<number> {
  const text = await readFile(join(device.files.dir, file), "utf8").catch(() => "");
  return text.split("\n").filter((l) => l && !l.startsWith("tag,")).length;
}

process.on("message", async (m: string | { rows: string }) => {
  if (typeof m === "object") {
    send({ kind: "rows", rows: await timingRows(m.rows) });
  } else if (m === "start") {
    const sample = () => {
      const u = process.memoryUsage();
      heap.push({ at: Date.now(), heapUsed: u.heapUsed, rss: u.rss });
    };
    sample();
    sampler = setInterval(sample, 1000);
    loop.enable();
    cpu0 = process.cpuUsage();
    wall0 = Date.now();
  } else if (m === "gc") {
    const t0 = performance.now();
    gc();
    send({ kind: "gc", heapUsed: process.memoryUsage().heapUsed, ms: performance.now() - t0 });
  } else if (m === "report") {
    if (sampler) clearInterval(sampler);
    loop.disable();
    const cpu = process.cpuUsage(cpu0);
    send({
      kind: "report",
      heap,
      made,
      cpuPct: (cpu.user + cpu.system) / 10 / Math.max(1, Date.now() - wall0),
      loopP99Ms: loop.percentile(99) / 1e6,
      loopMaxMs: loop.max / 1e6,
      gcMaxMs: Math.max(0, ...gcPauses),
      gcTotalMs: gcPauses.reduce((a, b) => a + b, 0),
    });
  } else if (m === "close") {
    // A unit still writing a backlog of timing rows is not waited for long (the benchmark says how long it had left).
    await Promise.race([unit.close(), new Promise((r) => setTimeout(r, 10_000))]);
    await rm(root, { recursive: true, force: true }).catch(() => {});
    process.exit(0);
  }
});
