// `npm run lighthouse`: Lighthouse 12 (mobile defaults) on five pages of a fresh production build served by the
// emulator; the median of a few runs per page replaces its own section of docs/PERFORMANCE.md.
// Lighthouse is no dependency of the repository (about 200 packages for this one benchmark): its CLI is fetched on
// demand from the npm registry by `npx --yes lighthouse@12` (cached by npm after the first run) and run per audit.
import { execFile } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { promisify } from "node:util";
import { startChildDevice } from "@trc/device";
import { consoleBuild, PERFORMANCE_DOC, writeSection } from "./docs-section.ts";
import { percentile, verdict } from "./stats.ts";

const LIGHTHOUSE = process.env.LH_PACKAGE ?? "lighthouse@12";
const RUNS = Number(process.env.LH_RUNS ?? 3);
const PAGES = (process.env.LH_PAGES ?? "/telemetry,/commands,/configuration,/firmware,/files").split(",");
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"];
const TARGET = { performance: 95, accessibility: 100, "best-practices": 100 };
const CLS_LIMIT = 0.02;

interface Run {
  performance: number;
  accessibility: number;
  "best-practices": number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** Audits below a full score in the accessibility and best-practices categories. */
  failing: string[];
}

/** The parts of Lighthouse's JSON report (its "LHR") read here. */
interface Report {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; numericValue?: number }>;
}

let version = "";

async function audit(url: string): Promise<Run> {
  // The CLI starts a new Chrome per run (CHROME_PATH) and clears its cache and storage: each run is a first load.
  const { stdout } = await promisify(execFile)(
    "npx",
    [
      "--yes",
      LIGHTHOUSE,
      url,
      "--output=json",
      "--output-path=stdout",
      "--quiet",
      `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
      "--only-categories=performance,accessibility,best-practices",
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 256 * 1024 * 1024 },
  );
  const lhr = JSON.parse(stdout) as Report;
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  version = lhr.lighthouseVersion;
  const { categories, audits } = lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const failing = ["accessibility", "best-practices"].flatMap((c) =>
    (categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${c}: ${ref.id}`),
  );
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    si: value("speed-index"),
    failing,
  };
}

/** A run Lighthouse itself could not finish (NO_NAVSTART, a timeout on a busy machine) is tried again, up to 3 times. */
async function auditWithRetries(url: string, what: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url);
    } catch (err) {
      if (attempt >= 4) throw err;
      console.log(`[lighthouse] ${what} failed (${err}); trying again`);
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
}

const s = (v: number) => `${(v / 1000).toFixed(2)} s`;
const med = (runs: Run[], key: keyof Omit<Run, "failing">) =>
  percentile(
    runs.map((r) => r[key]),
    50,
  );

function report(results: Map<string, Run[]>, when: string, loadNote: string): string {
  const rows = [...results].map(([path, runs]) => {
    const perf = med(runs, "performance");
    return `| \`${path}\` | ${perf} (${runs.map((r) => r.performance).join(", ")}) | ${med(runs, "accessibility")} | ${med(runs, "best-practices")} | ${s(med(runs, "fcp"))} | ${s(med(runs, "lcp"))} | ${Math.round(med(runs, "tbt"))} ms | ${med(runs, "cls").toFixed(3)} | ${s(med(runs, "si"))} |`;
  });
  const all = [...results.values()];
  const met = (key: keyof typeof TARGET) => all.every((runs) => med(runs, key) >= TARGET[key]);
  const clsMet = all.every((runs) => med(runs, "cls") <= CLS_LIMIT);
  const failing = [...new Set(all.flat().flatMap((r) => r.failing))];
  return [
    "## First load on a phone (Lighthouse)",
    "",
    `Lighthouse ${version} (\`npx ${LIGHTHOUSE}\`) with its mobile defaults (a phone's screen, simulated slow 4G: 150 ms RTT,`,
    "1.6 Mbps down; CPU 4x slower) on a fresh production build served by the emulator (its own process, a new data",
    `folder; what \`npm start\` runs), headless Chromium. ${RUNS} runs per page, each in a new Chrome; the median is shown`,
    "(performance: the median, then every run's score).",
    "",
    "| Page | Performance | Accessibility | Best practices | FCP | LCP | TBT | CLS | Speed Index |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
    "",
    `Targets (median per page): performance ≥ ${TARGET.performance}: ${verdict(met("performance"))}; accessibility ${TARGET.accessibility}: ${verdict(met("accessibility"))}; best practices ${TARGET["best-practices"]}: ${verdict(met("best-practices"))}; CLS ≤ ${CLS_LIMIT}: ${verdict(clsMet)}.`,
    failing.length ? `Audits below a full score in some run: ${failing.join(", ")}.` : "",
    "",
    `_\`npm run lighthouse\` on ${when}; ${cpus().length} CPU(s), Node ${process.version}; load average before: ${loadNote}._`,
    "",
  ].join("\n");
}

async function main(): Promise<void> {
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(", ");
  const before = load();
  const when = `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const dist = consoleBuild("lighthouse");
  const device = await startChildDevice({
    env: { CONSOLE_DIST: dist },
    tempPrefix: "trc-lighthouse-device-",
  });
  const results = new Map<string, Run[]>(PAGES.map((p) => [p, []]));
  try {
    // Rounds over the pages, so a burst of load on the machine does not fall on one page's runs only.
    for (let i = 0; i < RUNS; i++) {
      for (const path of PAGES) {
        const run = await auditWithRetries(`${device.url}${path}`, `${path} run ${i + 1}`);
        console.log(
          `[lighthouse] ${path} run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility}, best practices ${run["best-practices"]}, LCP ${s(run.lcp)}, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}`,
        );
        results.get(path)?.push(run);
      }
    }
  } finally {
    await device.close();
  }
  const body = report(results, when, `${before}; after: ${load()}`);
  console.log(body);
  writeSection("lighthouse", body);
  console.log(`[lighthouse] wrote ${PERFORMANCE_DOC}`);
}

await main();
