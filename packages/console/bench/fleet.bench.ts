// Benchmark: 20 emulated units (one process) on one fleet page in Chromium, then 2 of them dead: time until every
// row is filled, requests in flight per unit and in all, requests per unit per minute, main-thread busy share.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { type RunningDevice, startFleet } from "@trc/device";
import { CHROMIUM } from "../chromium.ts";
import { consoleBuild, PERFORMANCE_DOC, runNote, writeSection } from "./docs-section.ts";

const UNITS = 20;
const STEADY_MS = Number(process.env.BENCH_STEADY_MS ?? 60_000);
const TARGET = { fillMs: 3000, perUnit: 2, busy: 0.05 } as const;

/** A unit that accepts connections and never answers (hung, or a black hole on the way). */
async function hungUnit(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

interface Figures {
  /** The page is up with its 20 rows (the console's own load). */
  shownMs: number;
  fillMs: number;
  liveFillMs: number;
  clockMs: number;
  maxPerUnit: number;
  maxInAll: number;
  perUnitMinute: number[];
  busyShare: number;
}

/** Counts the page's requests in flight to any /api (the most at once), before the console's own code runs. */
function countFetches(): void {
  const w = window as unknown as { __open: number; __most: number };
  w.__open = 0;
  w.__most = 0;
  const real = window.fetch.bind(window);
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    w.__open++;
    w.__most = Math.max(w.__most, w.__open);
    try {
      return await real(...args);
    } finally {
      w.__open--;
    }
  };
}

/**
 * performance.now() when the `live` units' rows are online with battery, passings, antennas and firmware ("live"),
 * and the others read Offline ("all"), when every live row has its clock offset ("clock"), or when the rows are
 * there at all ("shown").
 */
async function whenFilled(
  page: Page,
  rows: number,
  live: number,
  what: "shown" | "all" | "live" | "clock",
): Promise<number> {
  const handle = await page.waitForFunction(
    ([n, liveN, w]) => {
      const all = [...document.querySelectorAll("[data-testid=fleet-row]")];
      const online = all.filter((r) => r.getAttribute("data-state") === "online");
      const offline = all.filter((r) => r.getAttribute("data-state") === "offline");
      const cols = w === "clock" ? ["clock"] : ["battery", "seen", "antennas", "firmware"];
      // No named inner functions: tsx would wrap them in a helper the page does not have.
      if (w === "shown") return all.length === n ? performance.now() : null;
      const done =
        all.length === n &&
        online.length === liveN &&
        online.every((r) => cols.every((c) => r.querySelector(`[data-col="${c}"]`)?.textContent !== "—")) &&
        (w !== "all" || offline.length === n - liveN);
      return done ? performance.now() : null;
    },
    [rows, live, what] as const,
    // Every 20 ms rather than every frame: the check itself must not load the page's main thread.
    { polling: 20, timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

async function runScenario(dist: string, deadCount: 0 | 2): Promise<Figures> {
  const dataRoot = mkdtempSync(join(tmpdir(), "trc-bench-fleet-"));
  const fleet = await startFleet({ count: UNITS, dataRoot, shared: { consoleDist: dist, log: () => {} } });
  const hung = await hungUnit();
  const live: RunningDevice[] = [...fleet.units];
  const addresses = fleet.units.map((u) => u.url);
  if (deadCount) {
    // One powered off (connection refused), one hung (connection accepted, never an answer).
    const off = live.pop() as RunningDevice;
    await off.close();
    live.pop();
    addresses[UNITS - 2] = hung.url;
  }
  const browser = await chromium.launch(CHROMIUM);
  try {
    const context = await browser.newContext();
    await context.addInitScript(
      (list) => localStorage.setItem("fleet", JSON.stringify(list)),
      addresses.slice(1),
    );
    await context.addInitScript(countFetches);
    const page = await context.newPage();
    for (const u of live) u.instruments.monitor.resetStats();
    await page.goto(`${addresses[0]}/fleet`, { waitUntil: "commit" });
    // Side by side, so each figure is its own moment (one waited after another would be at least the other's).
    const [shownMs = 0, liveFillMs = 0, fillMs = 0, clockMs = 0] = await Promise.all(
      (["shown", "live", "all", "clock"] as const).map((w) => whenFilled(page, UNITS, live.length, w)),
    );
    // Steady state: the first polls and clock syncs are over; count a whole minute.
    await page.waitForTimeout(5000);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const taskSeconds = async () =>
      (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "TaskDuration")?.value ?? 0;
    const before = live.map((u) => u.instruments.monitor.stats.requests);
    const busy0 = await taskSeconds();
    const t0 = Date.now();
    await page.waitForTimeout(STEADY_MS);
    const busy1 = await taskSeconds();
    const minutes = (Date.now() - t0) / 60_000;
    const perUnitMinute = live.map(
      (u, i) => (u.instruments.monitor.stats.requests - (before[i] ?? 0)) / minutes,
    );
    const maxInAll = await page.evaluate(() => (window as unknown as { __most: number }).__most);
    return {
      shownMs,
      fillMs,
      liveFillMs,
      clockMs,
      maxPerUnit: Math.max(...live.map((u) => u.instruments.monitor.stats.maxInFlight)),
      maxInAll,
      perUnitMinute,
      busyShare: (busy1 - busy0) / ((Date.now() - t0) / 1000),
    };
  } finally {
    await browser.close();
    await hung.close();
    await fleet.close();
    rmSync(dataRoot, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const met = (ok: boolean) => (ok ? "met" : "**not met**");
const s = (msv: number) => `${(msv / 1000).toFixed(2)} s`;

function section(all: Figures, dead: Figures, when: string): string {
  const row = (label: string, f: (x: Figures) => string, target: string) =>
    `| ${label} | ${f(all)} | ${f(dead)} | ${target} |`;
  const rate = (x: Figures) =>
    `${median(x.perUnitMinute).toFixed(1)} median, ${Math.min(...x.perUnitMinute).toFixed(0)}–${Math.max(...x.perUnitMinute).toFixed(0)}`;
  return [
    "## Fleet page (`npm run bench:fleet`)",
    "",
    `${UNITS} emulated units served by one Node process (\`startFleet\`, a port each), listed on one fleet page in`,
    "headless Chromium (the first unit serves the console: This unit). Then the same with 2 of the 20 dead: one",
    "powered off (connection refused) and one hung (connection accepted, never an answer: each request to it waits",
    "for the 5 s timeout). Filled: every online row shows battery, passings seen, antennas and firmware (reads per",
    "minute needs a second poll, 15 s later), every dead row reads Offline. Requests in flight per unit: the",
    "device's own count; in all: the page's fetches counted in the page. Steady state: one minute after the first",
    "polls and clock syncs; busy share: Chrome's TaskDuration (Performance.getMetrics) over that minute's wall time.",
    "",
    "| Figure | 20 units | 2 of 20 dead | Target |",
    "|---|---:|---:|---|",
    row("The page up with its 20 rows (the console loaded)", (x) => s(x.shownMs), "(no target)"),
    row(
      "Every live row filled",
      (x) => s(x.liveFillMs),
      `≤ 3 s: ${met(all.liveFillMs <= TARGET.fillMs && dead.liveFillMs <= TARGET.fillMs)}`,
    ),
    row("Every row filled (dead ones Offline)", (x) => s(x.fillMs), "(the hung unit: its 5 s timeout)"),
    row("Clock offset in every live row", (x) => s(x.clockMs), "(short sync, low priority)"),
    row(
      "Most requests in flight at any unit",
      (x) => String(x.maxPerUnit),
      `≤ 2: ${met(Math.max(all.maxPerUnit, dead.maxPerUnit) <= TARGET.perUnit)}`,
    ),
    row(
      "Most requests in flight in all",
      (x) => String(x.maxInAll),
      `≤ 6: ${met(Math.max(all.maxInAll, dead.maxInAll) <= 6)}`,
    ),
    row("Requests per live unit per minute, steady", rate, "(This unit also serves the alarm watch)"),
    row(
      "Main-thread busy share over a minute",
      (x) => `${(x.busyShare * 100).toFixed(2)} %`,
      `≤ 5 %: ${met(Math.max(all.busyShare, dead.busyShare) <= TARGET.busy)}`,
    ),
    "",
    `_${when}_`,
  ].join("\n");
}

async function main(): Promise<void> {
  const dist = consoleBuild("bench");
  const note = runNote();
  console.log(`[bench] ${UNITS} units`);
  const all = await runScenario(dist, 0);
  console.log(all);
  console.log(`[bench] ${UNITS} units, 2 dead`);
  const dead = await runScenario(dist, 2);
  console.log(dead);
  const when = note.line();
  const body = section(all, dead, when);
  console.log(body);
  if (process.env.BENCH_NO_WRITE) return;
  writeSection("fleet", body);
  console.log(`[bench] wrote ${PERFORMANCE_DOC}`);
}

await main();
process.exit(0);
