// npm run bench:upload: D14 over a four-hour race at 20 passings a second (288,000) on the unit's one clock, with three
// 10-minute server outages (refused with 503, nobody there, no answer) and two power cuts during posts (one post held
// unanswered, one kept by the server whose answer never comes). Every stored passing at the receiver, the repeats, the
// unit's heap, the catch-up after each outage and the unit's CPU while catching up; figures into docs/PERFORMANCE.md
// (section upload). TRC_BENCH_HOURS (default 4; 0.5 for a quick look), TRC_BENCH_WRITE=0 to print without writing.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { API } from "@trc/protocol";
import { runNote, writeSection } from "../../console/bench/docs-section.ts";
import { startReceiver } from "../src/receiver/receiver.ts";
import { parseTimingFile } from "../src/timing/replay.ts";
import { type CutFigures, type HeapSample, type OutageFigures, report } from "./upload-report.ts";
import { BenchUnit } from "./upload-unit.ts";

const HOURS = Number(process.env.TRC_BENCH_HOURS ?? 4);
const RACE_MS = HOURS * 3_600_000;
const RATE = 20;
const STEP_MS = 5000;
const OUTAGE_MS = Math.min(10 * 60_000, RACE_MS / 12);
/** When each outage and power cut comes, as a share of the race (0:30, 1:15, 1:45, 2:30, 3:10 of four hours). */
const EVENTS = [
  { at: 0.125, kind: "outage", mode: "refuse" },
  { at: 0.3125, kind: "cut", mode: "stall" },
  { at: 0.4375, kind: "outage", mode: "down" },
  { at: 0.625, kind: "cut", mode: "hold" },
  { at: 0.7917, kind: "outage", mode: "stall" },
] as const;
const HEAP_EVERY_MS = RACE_MS / 16;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const note = runNote();
const began = Date.now();
const root = await mkdtemp(join(tmpdir(), "trc-bench-upload-"));

/** The same race for an hour with http_url empty: what the heap grows by a passing without the upload. */
async function reference(): Promise<number> {
  const plain = await BenchUnit.start(join(root, "reference"), 0);
  await plain.set("reads_2b_sent", "ALL");
  await plain.call("/api/__test/scenario", { testTag: { tag: "700001", ant: 0, perSecond: RATE } });
  await plain.execute("TIMING_START");
  const samples: { stored: number; heapUsed: number }[] = [];
  for (let k = 0; k < 4; k++) {
    for (let t = 0; t < 900_000; t += STEP_MS) await plain.advance(STEP_MS);
    const stored = Number((await plain.call(API.telemetry("passings"))).filtered);
    samples.push({ stored, heapUsed: (await plain.heap()).heapUsed });
  }
  await plain.close();
  const [first, last] = [samples[0], samples.at(-1)];
  return first && last ? (last.heapUsed - first.heapUsed) / (last.stored - first.stored) : 0;
}
const withoutUpload = await reference();
console.log(`[upload] without the upload the heap grows ${withoutUpload.toFixed(0)} B a passing stored`);
const dataDir = join(root, "data");
const server = await startReceiver({ dir: join(root, "received") });
let unit = await BenchUnit.start(dataDir, 0);
await unit.set("reads_2b_sent", "ALL");
await unit.set("http_url", server.url);
/** The race's sessions (a power cut ends one: timing starts again in the next). */
const sessions: string[] = [];
/** Timing with the test tag read 20 times a second: a passing each (again after a power cut: a new session). */
const race = async () => {
  await unit.call("/api/__test/scenario", { testTag: { tag: "700001", ant: 0, perSecond: RATE } });
  sessions.push(String((await unit.execute("TIMING_START")).file));
};
await race();
await unit.execute("MARKER");
let now = (await unit.upload()).now;
const start = now;
let powerOn = 0;
const heap: HeapSample[] = [];
const outages: OutageFigures[] = [];
const cuts: CutFigures[] = [];
const log = (text: string) => console.log(`[upload ${((now - start) / 3_600_000).toFixed(2)} h] ${text}`);

/** Passings this power-on stored (D12 keeps them in memory), and the heap after a full GC. */
async function sampleHeap(): Promise<HeapSample> {
  const stored = Number((await unit.call(API.telemetry("passings"))).filtered);
  const h = await unit.heap();
  const sample = { raceMs: now - start, powerOn, stored, heapUsed: h.heapUsed, rss: h.rss };
  heap.push(sample);
  return sample;
}

let nextHeapAt = start + HEAP_EVERY_MS;
/** The clock on to `t` in steps (each post had its real time to end); the heap sampled on the way. */
async function until(t: number): Promise<void> {
  while (now < t) {
    now = await unit.advance(Math.min(STEP_MS, t - now));
    if (now >= nextHeapAt) {
      nextHeapAt += HEAP_EVERY_MS;
      await sampleHeap();
    }
  }
}

async function outage(mode: "refuse" | "down" | "stall"): Promise<void> {
  const before = await sampleHeap();
  await server.setMode(mode);
  await until(now + OUTAGE_MS);
  const during = (await unit.upload()).upload;
  const after = await sampleHeap();
  await server.setMode("ok");
  const endAt = now;
  // The next try: a post a stall held ends once the server lets it go.
  let info = await unit.upload();
  for (let i = 0; i < 100 && info.upload.state === "failing" && info.upload.nextTryAt === null; i++) {
    await sleep(20);
    info = await unit.upload();
  }
  const retryWaitMs = Math.max(0, (info.upload.nextTryAt ?? info.now) - info.now);
  if (retryWaitMs > 0) now = await unit.advance(retryWaitMs, 0);
  // From the retry on, real time: the unit catches up at its own pace while the race goes on.
  const cpu0 = await unit.cpu();
  const posts0 = server.stats().posts;
  const acked0 = (await unit.upload()).upload.acked;
  let x = await unit.upload();
  while (x.upload.left > RATE && Date.now() - cpu0.at < 300_000) {
    await sleep(100);
    x = await unit.upload();
  }
  const cpu1 = await unit.cpu();
  now = x.now;
  const drainMs = cpu1.at - cpu0.at;
  outages.push({
    mode,
    cause: during.lastError ?? "",
    backlog: during.left,
    heapGrowth: after.heapUsed - before.heapUsed,
    storedDuring: after.stored - before.stored,
    retryWaitMs,
    drainMs,
    catchUpMs: x.now - endAt,
    posts: server.stats().posts - posts0,
    posted: x.upload.acked - acked0,
    cpuPct: (cpu1.used - cpu0.used) / 10 / Math.max(1, drainMs),
  });
  const o = outages.at(-1);
  log(
    `outage (${mode}) over: ${o?.backlog} left, caught up ${((o?.catchUpMs ?? 0) / 1000).toFixed(1)} s later`,
  );
}

async function cut(mode: "stall" | "hold"): Promise<void> {
  await server.setMode(mode);
  const held = () => server.stats().stalled + server.stats().held;
  const before = held();
  for (let i = 0; i < 200 && held() === before; i++) now = await unit.advance(500, 20);
  for (let i = 0; i < 100 && held() === before; i++) await sleep(10);
  const left = (await unit.upload()).upload.left;
  const repeatsBefore = server.stats().repeats;
  await unit.kill();
  await server.setMode("ok");
  const t0 = Date.now();
  powerOn++;
  // The unit's clock goes on from where it was (a real unit's clock is battery backed).
  unit = await BenchUnit.start(dataDir, now - Date.now());
  const restartMs = Date.now() - t0;
  await race();
  now = (await unit.upload()).now;
  cuts.push({ mode, left, restartMs, repeatsBefore });
  log(`power cut during a post (${mode}): ${left} left; back in ${restartMs} ms, timing again`);
}

for (const event of EVENTS) {
  await until(start + event.at * RACE_MS);
  if (event.kind === "outage") await outage(event.mode);
  else await cut(event.mode);
}
await until(start + RACE_MS);
await sampleHeap();
await unit.execute("TIMING_STOP");
await unit.call("/api/__test/scenario", { testTag: null });
for (let i = 0; i < 600; i++) {
  const u = (await unit.upload()).upload;
  if (u.left === 0 && u.state === "ok") break;
  now = await unit.advance(1000);
}

// Every passing the unit stored (its timing files) against what the receiver kept.
let stored = 0;
let missing = 0;
let differ = 0;
for (const session of sessions) {
  const rows = parseTimingFile(await readFile(join(dataDir, "files", session), "utf8"));
  const kept = new Map((await server.store.passings("DECODER-01", session)).map((p) => [p.n, p]));
  stored += rows.length;
  for (const p of rows) {
    const k = kept.get(p.n);
    if (!k) missing++;
    else if (k.tag !== p.tag || k.time !== p.time) differ++;
  }
}
const final = server.stats();
await unit.close();
await server.close();
await rm(root, { recursive: true, force: true });

const text = report({
  hours: HOURS,
  rate: RATE,
  stepMs: STEP_MS,
  outageMs: OUTAGE_MS,
  sessions: sessions.length,
  stored,
  missing,
  differ,
  received: final.stored,
  repeats: final.repeats,
  posts: final.posts,
  outages,
  cuts,
  heap,
  withoutUpload,
  realMs: Date.now() - began,
  note: note.line(),
});
console.log(text);
if (process.env.TRC_BENCH_WRITE !== "0") writeSection("upload", text);
if (missing || differ) process.exitCode = 1;
