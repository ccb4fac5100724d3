// Benchmark: a mass start on an esp32-profile unit, 1,000 reads a second for 60 s into the Live page in Chromium:
// every read shown, read-to-screen p95, main-thread busy share, a click's answer during the burst, the heap after;
// then the same burst with 20 forced disconnects (received = sent). BENCH_LIVE_SECONDS shortens the burst.
import { type Browser, chromium, type Page } from "@playwright/test";
import {
  type ChildDevice,
  type StreamHooks,
  startChildDevice,
  streamHooksClient,
  testHooksClient,
} from "@trc/device";
import { CHROMIUM } from "../chromium.ts";
import { consoleBuild, PERFORMANCE_DOC, runNote, writeSection } from "./docs-section.ts";
import { openProbed, type Probes, readOut, scenario, togglePause } from "./live-probes.ts";
import { percentile } from "./stats.ts";

const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 60);
/** 100 tags a second, each read 5–15 times (10 on average): about 1,000 reads a second. */
const BURST = {
  tags: 100 * SECONDS,
  seconds: SECONDS,
  readsPerTag: [5, 15] as [number, number],
  antennas: [1, 3] as [number, number],
};
const DROPS = 20;
const CLICKS = 10;
const TARGET = { p95Ms: 250, busy: 0.3, clickMs: 100 } as const;

interface Figures {
  planned: number;
  /** The unit's reads from the page's first to its last (its own count: the seqs it made). */
  unitCount: number;
  received: number;
  /** The CSV's seqs run without a hole or a repeat. */
  contiguous: boolean;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  painted: number;
  busyShare: number;
  clickMs: number[];
  heapStartMb: number;
  heapAfterMb: number;
  heapLeftMb: number;
  drops: number;
  resumes: number;
}

/**
 * One visit of the Live page that ends like the measured one (Pause and Resume, the unit stopped, the page read out
 * and its CSV exported): what it leaves in the page for good (its chunk's code, V8's compiled hot paths,
 * Playwright's scripts) is there before the heap's start is taken.
 */
async function warmUp(p: Probes, unit: ChildDevice, hooks: StreamHooks): Promise<void> {
  await p.page.getByRole("link", { name: "Live" }).click();
  await p.page.locator(".read-body li").first().waitFor();
  await hooks.massStart({ ...BURST, tags: 500, seconds: 5 });
  await p.page.waitForTimeout(6000);
  await togglePause(p.page);
  await togglePause(p.page);
  await readOut(p.page, unit.url, hooks);
  await scenario(unit.url, "DELETE");
}

/** Leaves the Live page for the dashboard and lets it settle. */
async function toDashboard(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Telemetry" }).click();
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page.waitForTimeout(2000);
}

async function run(browser: Browser, unit: ChildDevice, hooks: StreamHooks, drops: number): Promise<Figures> {
  const context = await browser.newContext();
  const p = await openProbed(context);
  const { page } = p;
  try {
    // The heap is compared on the dashboard: before the Live page opened, and after it was left.
    await page.goto(`${unit.url}/telemetry`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await warmUp(p, unit, hooks);
    await toDashboard(page);
    const heapStartMb = await p.heapMb();
    await page.getByRole("link", { name: "Live" }).click();
    await page.getByTestId("stream-status").getByText("Live", { exact: true }).waitFor();
    await page.locator(".read-body li").first().waitFor();
    const log = testHooksClient(unit.url);
    await log.clearLog();
    await p.latencies();
    await p.clicks();
    const latencies: number[] = [];
    const busy0 = await p.taskSeconds();
    const t0 = Date.now();
    const planned = await hooks.massStart(BURST);
    const end = t0 + SECONDS * 1000 + 2000;
    let nextDrop = drops ? t0 + (SECONDS * 1000) / (drops + 1) : Number.POSITIVE_INFINITY;
    let dropped = 0;
    let clicks = 0;
    const clickEvery = (SECONDS * 1000) / (CLICKS + 1);
    while (Date.now() < end) {
      await page.waitForTimeout(250);
      latencies.push(...(await p.latencies()));
      if (Date.now() >= nextDrop && dropped < drops) {
        // Between a drop and the page's resume there is no stream to drop: try again at the next turn.
        if ((await hooks.dropStreams()) > 0) {
          dropped++;
          nextDrop += (SECONDS * 1000) / (drops + 1);
        }
      }
      if (clicks < CLICKS && Date.now() - t0 >= clickEvery * (clicks + 1)) {
        // Pause, then Resume at the next click: the button's answer is timed in the page.
        await togglePause(page);
        clicks++;
      }
    }
    const busyShare = ((await p.taskSeconds()) - busy0) / ((Date.now() - t0) / 1000);
    const { lastSeq, received, seqs } = await readOut(page, unit.url, hooks);
    latencies.push(...(await p.latencies()));
    const first = seqs[0] ?? 0;
    const contiguous = seqs.every((s, i) => s === first + i) && seqs[seqs.length - 1] === lastSeq;
    const resumes = (await log.log()).filter(
      (e) => e.path === "/api/passings/stream" && /after=/.test(e.query ?? ""),
    ).length;
    const clickMs = await p.clicks();
    const heapAfterMb = await p.heapMb();
    await toDashboard(page);
    const heapLeftMb = await p.heapMb();
    await scenario(unit.url, "DELETE");
    return {
      planned,
      unitCount: lastSeq - first + 1,
      received,
      contiguous,
      p50Ms: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      maxMs: Math.max(...latencies),
      painted: latencies.length,
      busyShare,
      clickMs,
      heapStartMb,
      heapAfterMb,
      heapLeftMb,
      drops: dropped,
      resumes,
    };
  } finally {
    await context.close();
  }
}

const met = (ok: boolean) => (ok ? "met" : "**not met**");
const ms = (v: number) => `${Math.round(v)} ms`;
const mb = (v: number) => `${v.toFixed(1)} MB`;

function section(a: Figures, b: Figures, when: string): string {
  const row = (label: string, f: (x: Figures) => string, target: string) =>
    `| ${label} | ${f(a)} | ${f(b)} | ${target} |`;
  const shown = (x: Figures) =>
    `${x.received.toLocaleString("en-US")} of ${x.unitCount.toLocaleString("en-US")}${x.contiguous ? ", each once" : ", **holes or repeats**"}`;
  return [
    "## Live page (`npm run bench:live`)",
    "",
    `One emulated unit on the esp32 profile (\`DEVICE_PROFILE=esp32\`); the Live page open in headless Chromium; a mass`,
    `start of ${BURST.tags.toLocaleString("en-US")} tags in ${SECONDS} s, each read 5–15 times on 1–3 antennas (about 1,000 reads a second, on`,
    "top of the unit's living reads). Read-to-screen: for each row as painted (the frame after React added it), that",
    "frame's time minus the read's time by the unit's clock (the same host clock), over every row painted during the",
    "burst (the rows in view: the newest ~22 of each frame; older reads of a batch never get a row of their own).",
    "Busy share: Chrome's TaskDuration (Performance.getMetrics) over the burst's wall time. Click: Pause/Resume",
    `clicked ${CLICKS} times during the burst, from the click event's timestamp to the frame after the button changed.`,
    "Heap: V8's used heap plus the array buffers' backing stores (the kept reads are typed arrays) after a forced GC:",
    "on the dashboard before the burst, after a first visit of the Live page that ends as the measured one does (a 5 s",
    "burst, Pause and Resume, the page read out and its CSV exported: its chunk's code, V8's compiled hot paths and the",
    "bench's own Playwright scripts stay for good); on the Live page after the burst (its reads kept: at most 100,000);",
    "on the dashboard again after leaving it (within 1 MB of the start counts as back). Every read shown: the page's",
    "received N, its CSV's seqs against the unit's",
    `last seq once the unit stopped reading. The second run forces ${DROPS} disconnects (the unit ends the stream) spread over the burst.`,
    "",
    `| Figure | Burst | Burst, ${DROPS} disconnects | Target |`,
    "|---|---:|---:|---|",
    row(
      "Reads the mass start planned",
      (x) => x.planned.toLocaleString("en-US"),
      "(the unit's living reads come on top)",
    ),
    row(
      "Reads shown (received) of the unit's",
      shown,
      `all, each once: ${met(a.received === a.unitCount && a.contiguous && b.received === b.unitCount && b.contiguous)}`,
    ),
    row(
      "Disconnects forced / resumes by `?after=`",
      (x) => `${x.drops} / ${x.resumes}`,
      `${DROPS} in the second run`,
    ),
    row(
      "Read-to-screen p50 / p95 / max",
      (x) => `${ms(x.p50Ms)} / ${ms(x.p95Ms)} / ${ms(x.maxMs)}`,
      `p95 ≤ 250 ms: ${met(Math.max(a.p95Ms, b.p95Ms) <= TARGET.p95Ms)}`,
    ),
    row("Rows painted and measured", (x) => x.painted.toLocaleString("en-US"), ""),
    row(
      "Main-thread busy share during the burst",
      (x) => `${(x.busyShare * 100).toFixed(1)} %`,
      `≤ 30 %: ${met(Math.max(a.busyShare, b.busyShare) <= TARGET.busy)}`,
    ),
    row(
      "Click to screen during the burst (max of each)",
      (x) => ms(Math.max(...x.clickMs)),
      `≤ 100 ms: ${met(Math.max(...a.clickMs, ...b.clickMs) <= TARGET.clickMs)}`,
    ),
    row(
      "Heap: dashboard before / Live after the burst / dashboard after",
      (x) => `${mb(x.heapStartMb)} / ${mb(x.heapAfterMb)} / ${mb(x.heapLeftMb)}`,
      `back to its start once left: ${met(Math.max(a.heapLeftMb - a.heapStartMb, b.heapLeftMb - b.heapStartMb) <= 1)}`,
    ),
    "",
    `_${when}_`,
  ].join("\n");
}

async function main(): Promise<void> {
  const dist = consoleBuild("bench-live");
  const note = runNote();
  const unit = await startChildDevice({
    env: { DEVICE_TEST_HOOKS: "1", DEVICE_PROFILE: "esp32", CONSOLE_DIST: dist },
    tempPrefix: "trc-bench-live-",
  });
  const hooks = streamHooksClient(unit.url);
  const browser = await chromium.launch(CHROMIUM);
  try {
    console.log(`[bench] burst: ${BURST.tags} tags in ${SECONDS} s`);
    const plain = await run(browser, unit, hooks, 0);
    console.log(plain);
    console.log(`[bench] burst with ${DROPS} disconnects`);
    const dropped = await run(browser, unit, hooks, DROPS);
    console.log(dropped);
    const when = note.line(`, burst ${SECONDS} s`);
    const body = section(plain, dropped, when);
    console.log(body);
    if (process.env.BENCH_NO_WRITE) return;
    writeSection("live", body);
    console.log(`[bench] wrote ${PERFORMANCE_DOC}`);
  } finally {
    await browser.close();
    await unit.close();
  }
}

await main();
