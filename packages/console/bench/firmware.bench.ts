// Benchmark: a 1.5 MB image through the firmware page in Chromium against the emulator; writes its docs/PERFORMANCE.md section.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { FIRMWARE, makeTestImage } from "@trc/protocol";
import { CHROMIUM } from "../chromium.ts";
import { REPO_ROOT, type RunningDevice, spawnDevice } from "../e2e/fixtures.ts";

const SIZE = 1_500_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHUNKS = Math.ceil(SIZE / FIRMWARE.chunkSize);
const FLOOR_MS = CHUNKS * FIRMWARE.delayBeforeChunkMs;
const FIRMWARE_PATH = "/api/firmware/update";
const DOC = join(REPO_ROOT, "docs/PERFORMANCE.md");
const START = "<!-- firmware-bench:start -->";
const END = "<!-- firmware-bench:end -->";

interface Scenario {
  name: string;
  /** Fraction of chunk answers the unit fails (HTTP 500), via the fault hook. */
  faultRate: number;
}
const ALL_SCENARIOS: Scenario[] = [
  { name: "no faults", faultRate: 0 },
  { name: "5 % of chunk answers fail (HTTP 500)", faultRate: 0.05 },
];
/** BENCH_ONLY=clean or BENCH_ONLY=faults: one scenario, printed and not written to the docs (for quick checks). */
const ONLY = process.env.BENCH_ONLY;
const SCENARIOS = ALL_SCENARIOS.filter((sc) => !ONLY || (ONLY === "clean") === (sc.faultRate === 0));

interface Run {
  wallMs: number;
  /** Median time from a chunk's request start to its answer's end, and from one chunk's start to the next's (Resource Timing). */
  roundTripMs: number;
  startGapMs: number;
  failures: number;
  shaMatches: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

async function waitForUnit(device: RunningDevice): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const ok = await fetch(`${device.url}/api/config/deviceName`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error("The emulated unit did not come back within 60 s");
}

/** After a complete load the unit applies the image and reboots by itself: wait until it went away and is back. */
async function waitForReboot(device: RunningDevice): Promise<void> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const up = await fetch(`${device.url}/api/config/deviceName`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) break;
    await sleep(100);
  }
  await waitForUnit(device);
}

async function hook(
  device: RunningDevice,
  method: string,
  body?: { probability?: number; [key: string]: unknown },
): Promise<void> {
  const res = await fetch(`${device.url}/api/__test/fault`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`fault hook ${method} answered ${res.status}: ${await res.text()}`);
  const answer = (await res.json()) as { added?: { probability?: number } };
  if (body?.probability !== undefined && answer.added?.probability !== body.probability) {
    throw new Error("The unit's fault hook does not know `probability`: it would fail every chunk answer");
  }
}

/** The newest image the unit installed into an OTA slot (the file it assembled from the chunks). */
async function newestSlotSha(dir: string, notBefore: number): Promise<string | null> {
  const found: { path: string; mtime: number }[] = [];
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (/^ota_\d+\.bin$/.test(e.name)) found.push({ path: p, mtime: (await stat(p)).mtimeMs });
    }
  };
  await walk(dir);
  const newest = found.filter((f) => f.mtime >= notBefore - 1000).sort((a, b) => b.mtime - a.mtime)[0];
  return newest ? sha256(await readFile(newest.path)) : null;
}

async function runOnce(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  device: RunningDevice,
  scenario: Scenario,
  run: number,
): Promise<Run> {
  await waitForUnit(device);
  const image = makeTestImage({ size: SIZE, version: `bench-${run}-${scenario.faultRate}`, seed: run + 7 });
  const page = await browser.newPage();
  await page.addInitScript(() => performance.setResourceTimingBufferSize(10_000));
  try {
    await page.goto(`${device.url}/firmware`);
    await page.locator('input[type="file"]').setInputFiles({
      name: "bench.bin",
      mimeType: "application/octet-stream",
      buffer: Buffer.from(image),
    });
    await page.getByTestId("image-sha256").waitFor();
    if (scenario.faultRate > 0) {
      await hook(device, "POST", {
        path: FIRMWARE_PATH,
        status: 500,
        count: 10_000,
        probability: scenario.faultRate,
      });
    }
    const started = Date.now();
    const t0 = performance.now();
    await page.getByRole("button", { name: "Load Firmware" }).click();
    await page.getByText(`The unit acknowledged all ${SIZE} bytes.`).waitFor({ timeout: 300_000 });
    const wallMs = performance.now() - t0;
    if (scenario.faultRate > 0) await hook(device, "DELETE");
    const failedText =
      (await page
        .getByTestId("load-failures")
        .textContent()
        .catch(() => null)) ?? "";
    const failures = Number(/(\d+)/.exec(failedText)?.[1] ?? 0);
    const deviceSha = await newestSlotSha(device.dataDir, started);
    await waitForReboot(device);
    const timings = await page.evaluate(
      (path) =>
        performance
          .getEntriesByType("resource")
          .filter((e) => e.name.endsWith(path))
          .map((e) => [e.startTime, (e as PerformanceResourceTiming).responseEnd]),
      FIRMWARE_PATH,
    );
    const roundTripMs = median(timings.map(([a, b]) => (b ?? 0) - (a ?? 0)));
    const gaps = timings.slice(1).map(([a], i) => (a ?? 0) - (timings[i]?.[0] ?? 0));
    const startGapMs = median(gaps);
    if (process.env.BENCH_DEBUG) {
      const sorted = [...gaps].sort((a, b) => b - a);
      console.log(
        "chunks",
        timings.length,
        "span",
        ((timings.at(-1)?.[1] ?? 0) - (timings[0]?.[0] ?? 0)).toFixed(0),
        "gap sum",
        gaps.reduce((a, b) => a + b, 0).toFixed(0),
        "largest gaps",
        sorted
          .slice(0, 10)
          .map((g) => g.toFixed(0))
          .join(" "),
      );
    }
    return { wallMs, roundTripMs, startGapMs, failures, shaMatches: deviceSha === sha256(image) };
  } finally {
    await page.close();
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function section(results: { scenario: Scenario; runs: Run[] }[], chromiumVersion: string): string {
  const floorOf = (r: Run) => FLOOR_MS + r.failures * FIRMWARE.retryDelayMs;
  const rows = results.map(({ scenario, runs }) => {
    const walls = runs.map((r) => r.wallMs);
    const ms = (xs: number[]) => `${median(xs).toFixed(1)} ms`;
    const ratio = median(runs.map((r) => r.wallMs / floorOf(r)));
    const sha = runs.every((r) => r.shaMatches)
      ? "yes, every run"
      : `NO (${runs.filter((r) => !r.shaMatches).length} runs differ)`;
    return `| ${scenario.name} | ${runs.length} | ${s(median(walls))} (${s(Math.min(...walls))} to ${s(Math.max(...walls))}) | ${runs.map((r) => r.failures).join(", ")} | ${s(median(runs.map(floorOf)))} | ${ratio.toFixed(3)} × | ${ms(runs.map((r) => r.roundTripMs))} | ${ms(runs.map((r) => r.startGapMs))} | ${sha} |`;
  });
  const clean = results.find((r) => r.scenario.faultRate === 0)?.runs ?? [];
  const cleanRatio = median(clean.map((r) => r.wallMs / FLOOR_MS));
  return [
    START,
    "## Firmware upload (`npm run bench:firmware`)",
    "",
    `A ${SIZE} byte image (${CHUNKS} chunks of ${FIRMWARE.chunkSize} bytes) loaded through the firmware page in headless Chromium ${chromiumVersion} against the emulated unit on loopback; wall time from the Load Firmware click to the DOWNLOADED panel. Floor set by the pacing: ${CHUNKS} chunks × ${FIRMWARE.delayBeforeChunkMs} ms = ${s(FLOOR_MS)}. Target: wall ≤ 1.1 × floor without faults. Faults come from the unit's fault hook, limited to ${FIRMWARE_PATH}; each failed answer adds the ${FIRMWARE.retryDelayMs} ms retry wait, so a run's floor is chunks × ${FIRMWARE.delayBeforeChunkMs} ms + failed answers × ${FIRMWARE.retryDelayMs} ms.`,
    "",
    "| Scenario | Runs | Wall, median (min to max) | Failed answers per run | Floor incl. retry waits (median) | Wall / floor (median of runs) | Chunk round trip (median) | Chunk start to start (median) | Unit's assembled image has the file's SHA-256 |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
    `Target without faults (wall ≤ 1.1 × floor): ${cleanRatio <= 1.1 ? "met" : "not met"} in this run (${cleanRatio.toFixed(3)} ×).`,
    "",
    `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${cpus().length} CPU(s) (${cpus()[0]?.model ?? "unknown"}), Node ${process.versions.node}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")} (1 / 5 / 15 min) when written; other work on the machine slows the round trips.`,
    END,
  ].join("\n");
}

async function writeSection(text: string): Promise<void> {
  const old = await readFile(DOC, "utf8").catch(() => "# Performance\n");
  const a = old.indexOf(START);
  const b = old.indexOf(END);
  const next =
    a !== -1 && b > a ? old.slice(0, a) + text + old.slice(b + END.length) : `${old.trimEnd()}\n\n${text}\n`;
  await writeFile(DOC, next);
}

async function main(): Promise<void> {
  let dist = process.env.TRC_DIST;
  let tmpDist: string | null = null;
  if (!dist) {
    tmpDist = await mkdtemp(join(tmpdir(), "trc-bench-dist-"));
    dist = tmpDist;
    console.log(`Building the console into ${dist}...`);
    execFileSync("npx", ["vite", "build"], {
      cwd: join(REPO_ROOT, "packages/console"),
      env: { ...process.env, TRC_DIST: dist },
      stdio: "ignore",
    });
  }
  process.env.TRC_DIST = dist;
  const device = await spawnDevice({ DEVICE_TEST_HOOKS: "1" });
  const browser = await chromium.launch(CHROMIUM);
  try {
    const results: { scenario: Scenario; runs: Run[] }[] = [];
    for (const scenario of SCENARIOS) {
      const runs: Run[] = [];
      for (let i = 1; i <= RUNS; i++) {
        const r = await runOnce(browser, device, scenario, i);
        console.log(
          `${scenario.name}, run ${i}: ${s(r.wallMs)} (${(r.wallMs / FLOOR_MS).toFixed(3)} × floor), chunk round trip ${r.roundTripMs.toFixed(1)} ms, start to start ${r.startGapMs.toFixed(1)} ms, ${r.failures} failed answers, SHA-256 ${r.shaMatches ? "matches" : "DIFFERS"}`,
        );
        runs.push(r);
      }
      results.push({ scenario, runs });
    }
    const text = section(results, browser.version());
    if (ONLY) return console.log(`\n${text}\n\n(BENCH_ONLY: not written)`);
    await writeSection(text);
    console.log(`\n${text}\n\nWritten to ${DOC}`);
  } finally {
    await browser.close();
    await device.close();
    if (tmpDist) await rm(tmpDist, { recursive: true, force: true });
  }
}

await main();
