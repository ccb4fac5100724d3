// What every benchmark shares: a production console build with its .gz copies, and its own section of PERFORMANCE.md.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const PERFORMANCE_DOC = join(ROOT, "docs/PERFORMANCE.md");

/** What `npm start` serves: a production build with the .gz copies the device sends (into a temp folder, or $TRC_DIST when it holds a build). */
export function consoleBuild(label: string): string {
  const given = process.env.TRC_DIST;
  if (given && existsSync(join(given, "index.html"))) return given;
  const dist = mkdtempSync(join(tmpdir(), `trc-${label}-dist-`));
  console.log(`[${label}] building the console into ${dist}`);
  execFileSync("npx", ["vite", "build", "--logLevel", "warn"], {
    cwd: join(ROOT, "packages/console"),
    env: { ...process.env, TRC_DIST: dist },
    stdio: "inherit",
  });
  execFileSync(process.execPath, [join(ROOT, "scripts/gzip-dist.mjs"), dist], { stdio: "inherit" });
  return dist;
}

/** Replaces (or appends) the section between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`. */
export function putSection(doc: string, name: string, body: string): string {
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const block = `${open}\n${body.trim()}\n${close}`;
  const start = doc.indexOf(open);
  const end = doc.indexOf(close);
  if (start >= 0 && end > start) return doc.slice(0, start) + block + doc.slice(end + close.length);
  return `${doc.trimEnd()}\n\n${block}\n`;
}

/** Writes one benchmark's section into docs/PERFORMANCE.md, keeping the others. */
export function writeSection(name: string, body: string): void {
  writeFileSync(PERFORMANCE_DOC, putSection(readFileSync(PERFORMANCE_DOC, "utf8"), name, body));
}

/**
 * The line under a benchmark's figures: when it ran, on what, and the machine's load before and after (these machines
 * are shared: the figures move with the load). Call at the start; `line(extra, why)` when the figures are in.
 */
export function runNote(): { line(extra?: string, why?: string): string } {
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ");
  const before = load();
  const started = new Date();
  return {
    line: (extra = "", why = "other work on the machine slows every figure") =>
      `Run on ${started.toISOString().slice(0, 16).replace("T", " ")} UTC, ${cpus().length} CPU(s), Node ${process.version}${extra}; load average before: ${before}, after: ${load()} (${why}).`,
  };
}
