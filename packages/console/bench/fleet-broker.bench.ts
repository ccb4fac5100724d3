// Benchmark: 500 emulated units publishing into Mosquitto and into the embedded Aedes, one fleet page subscribed in
// Chromium: time until every row is filled after the page subscribes, and the page's main-thread busy share after.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { hasMosquitto, type RunningBroker, startBroker, startEvent, startMosquitto } from "@trc/device";
import mqtt from "mqtt";
import { CHROMIUM } from "../chromium.ts";
import { consoleBuild, PERFORMANCE_DOC, runNote, writeSection } from "./docs-section.ts";

const UNITS = Number(process.env.BENCH_UNITS ?? 500);
const STEADY_MS = Number(process.env.BENCH_STEADY_MS ?? 30_000);
const TARGET = { fillMs: 5000, busy: 0.1 } as const;

interface Figures {
  broker: string;
  /** Every unit's retained passings at a Node subscriber (the broker holds the whole event). */
  retainedMs: number;
  /** From the page's CONNACK (the broker line reads Connected) to every row online with its figures. */
  fillMs: number;
  busyShare: number;
  /** The main thread's CPU time over the wall time (ThreadTime): what TaskDuration is less the waits for a CPU. */
  cpuShare: number;
  /** Messages the page received a second in the steady state. */
  perSecond: number;
}

/** Waits until a subscriber holds every unit's retained passings; answers how long that took. */
async function everyUnitRetained(broker: RunningBroker, units: number): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    const seen = new Set<string>();
    try {
      // A broker busy taking 500 units in may answer CONNECT late: wait for it, and try again on a failure.
      const client = await mqtt.connectAsync(broker.url, {
        protocolVersion: 4,
        clean: true,
        connectTimeout: 30_000,
        reconnectPeriod: 0,
      });
      client.on("error", () => {});
      client.on("message", (topic) => seen.add(topic));
      await client.subscribeAsync("trc/+/telemetry/passings", { qos: 0 });
      await new Promise((r) => setTimeout(r, 1500));
      await client.endAsync(true);
    } catch (err) {
      console.log(`[bench] subscriber: ${(err as Error).message}; trying again`);
    }
    if (seen.size >= units) return Date.now() - t0;
    if (Date.now() - t0 > 180_000)
      throw new Error(`only ${seen.size} of ${units} units retained after 3 min`);
  }
}

async function run(kind: "aedes" | "mosquitto", dist: string): Promise<Figures> {
  const dataRoot = mkdtempSync(join(tmpdir(), "trc-bench-broker-"));
  const broker = kind === "aedes" ? await startBroker() : await startMosquitto();
  const event = await startEvent({
    units: UNITS,
    dataRoot,
    broker,
    shared: { consoleDist: dist, log: () => {} },
  });
  const browser = await chromium.launch(CHROMIUM);
  try {
    const retainedMs = await everyUnitRetained(broker, UNITS);
    console.log(`[bench] ${kind}: every unit retained after ${s(retainedMs)}; opening the page`);
    const context = await browser.newContext();
    await context.addInitScript((url) => {
      localStorage.setItem("fleetBrokers", JSON.stringify([{ url, username: "" }]));
      // Frames counted in the page: CDP's Network domain would send every frame to this process and load the
      // renderer's main thread with it (500 events a second), the very figure measured.
      const counted = window as unknown as { trcFrames: number };
      counted.trcFrames = 0;
      window.WebSocket = class extends window.WebSocket {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          this.addEventListener("message", () => counted.trcFrames++);
        }
      };
    }, broker.wsUrl);
    const page = await context.newPage();
    await page.goto(`${event.units[0]?.url}/fleet`, { waitUntil: "commit" });
    const connected = await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="fleet-broker"]')?.getAttribute("data-state") === "connected"
          ? performance.now()
          : null,
      null,
      { polling: 20, timeout: 60_000 },
    );
    const filled = await page.waitForFunction(
      (n) => {
        const summary = document.querySelector('[data-testid="fleet-summary"]');
        return Number(summary?.getAttribute("data-filled")) >= n ? performance.now() : null;
      },
      UNITS,
      { polling: 20, timeout: 120_000 },
    );
    const fillMs = ((await filled.jsonValue()) as number) - ((await connected.jsonValue()) as number);
    console.log(`[bench] ${kind}: every row filled ${s(fillMs)} after Connected; steady state next`);
    // Steady state: every row in, the units publishing their telemetry and counts as they change.
    await page.waitForTimeout(5000);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const metrics = async () => {
      const all = (await cdp.send("Performance.getMetrics")).metrics;
      const of = (name: string) => all.find((m) => m.name === name)?.value ?? 0;
      return { task: of("TaskDuration"), cpu: of("ThreadTime") };
    };
    const framesNow = () => page.evaluate(() => (window as unknown as { trcFrames: number }).trcFrames);
    // BENCH_PROFILE=prefix: a CPU profile of the steady state into prefix-{broker}.cpuprofile (it slows the page).
    const profile = process.env.BENCH_PROFILE;
    if (profile) await cdp.send("Profiler.enable").then(() => cdp.send("Profiler.start"));
    const frames0 = await framesNow();
    const busy0 = await metrics();
    const t0 = Date.now();
    await page.waitForTimeout(STEADY_MS);
    const busy1 = await metrics();
    const frames = (await framesNow()) - frames0;
    if (profile)
      writeFileSync(
        `${profile}-${kind}.cpuprofile`,
        JSON.stringify((await cdp.send("Profiler.stop")).profile),
      );
    const seconds = (Date.now() - t0) / 1000;
    // What the drawn rows' Ready column says (a broker row online with its telemetry gets a verdict, never —).
    const ready = await page.$$eval('[data-testid="fleet-row"] [data-col="ready"]', (cells) =>
      cells.map((c) => c.textContent ?? ""),
    );
    const verdicts = new Map<string, number>();
    for (const v of ready) verdicts.set(v, (verdicts.get(v) ?? 0) + 1);
    console.log(
      `[bench] ${kind}: Ready column of the ${ready.length} drawn rows:`,
      Object.fromEntries(verdicts),
    );
    return {
      broker: kind,
      retainedMs,
      fillMs,
      busyShare: (busy1.task - busy0.task) / seconds,
      cpuShare: (busy1.cpu - busy0.cpu) / seconds,
      perSecond: frames / seconds,
    };
  } finally {
    await browser.close();
    await event.close();
    await broker.close();
    rmSync(dataRoot, { recursive: true, force: true });
  }
}

const met = (ok: boolean) => (ok ? "met" : "**not met**");
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function section(results: Figures[], when: string): string {
  const head = results.map((r) => (r.broker === "aedes" ? "Aedes (embedded)" : "Mosquitto 2")).join(" | ");
  const row = (label: string, f: (x: Figures) => string, target: string) =>
    `| ${label} | ${results.map(f).join(" | ")} | ${target} |`;
  return [
    "## Fleet page on a broker (`npm run bench:fleet-broker`)",
    "",
    `${UNITS} emulated units in one Node process (\`startEvent\`), each publishing as D11 says into the broker; one`,
    "fleet page in headless Chromium with the broker added (its WebSocket listener). Filled: from the page's CONNACK",
    "(the broker line reads Connected) until every unit's row is online with battery, passings and firmware (the",
    "summary's count: rows are windowed, so not every row is drawn). Steady state: the next",
    `${STEADY_MS / 1000} s, every unit publishing its telemetry every 30 s and its counts as they change; busy share:`,
    "Chrome's TaskDuration (Performance.getMetrics) over that wall time (on a loaded machine it counts a task's waits",
    "for a CPU too: ThreadTime, the main thread's CPU time, is given beside it); messages: WebSocket frames the page",
    "received (counted in the page: CDP's Network events would load the very main thread measured).",
    "",
    `| Figure | ${head} | Target |`,
    `|---|${results.map(() => "---:|").join("")}---|`,
    row("Every unit's retained passings at a Node subscriber", (x) => s(x.retainedMs), "(the units' start)"),
    row(
      "Every row filled after the page subscribes",
      (x) => s(x.fillMs),
      `≤ 5 s: ${met(results.every((x) => x.fillMs <= TARGET.fillMs))}`,
    ),
    row("Frames the page received a second, steady", (x) => x.perSecond.toFixed(0), "(no target)"),
    row(
      "Main-thread busy share, steady",
      (x) => `${(x.busyShare * 100).toFixed(2)} %`,
      `≤ 10 %: ${met(results.every((x) => x.busyShare <= TARGET.busy))}`,
    ),
    row(
      "Main-thread CPU share, steady (ThreadTime)",
      (x) => `${(x.cpuShare * 100).toFixed(2)} %`,
      "(no target)",
    ),
    row(
      "Main-thread CPU per frame received",
      (x) => `${((x.cpuShare / x.perSecond) * 1e6).toFixed(0)} µs`,
      "(no target)",
    ),
    "",
    `_${when}_`,
  ].join("\n");
}

async function main(): Promise<void> {
  const dist = consoleBuild("bench");
  const note = runNote();
  const kinds = (hasMosquitto() ? ["mosquitto", "aedes"] : ["aedes"]).filter(
    (k) => !process.env.BENCH_BROKERS || process.env.BENCH_BROKERS.split(",").includes(k),
  ) as ("aedes" | "mosquitto")[];
  const results: Figures[] = [];
  const failures: string[] = [];
  const report = () => {
    const when = note.line("", "the units, the broker and Chromium share the machine, with other work");
    const failed = failures.map((f) => `**Not measured:** ${f}`).join("\n\n");
    const body = `${results.length ? section(results, when) : `_${when}_`}${failed ? `\n\n${failed}` : ""}`;
    console.log(body);
    if (process.env.BENCH_NO_WRITE) return;
    writeSection("fleet-broker", body);
    console.log(`[bench] wrote ${PERFORMANCE_DOC}`);
  };
  for (const kind of kinds) {
    console.log(`[bench] ${UNITS} units into ${kind}`);
    // The embedded broker runs in this process: should it crash, say so in the figures rather than lose the others.
    const crashed = (err: Error) => {
      failures.push(
        `${kind}: the run ended with \`${err.message}\` (${err.stack?.split("\n")[1]?.trim() ?? ""}).`,
      );
      report();
      process.exit(1);
    };
    process.once("uncaughtException", crashed);
    try {
      const r = await run(kind, dist);
      console.log(r);
      results.push(r);
    } catch (err) {
      failures.push(`${kind}: ${(err as Error).message}`);
    }
    process.off("uncaughtException", crashed);
  }
  report();
}

await main();
process.exit(0);
