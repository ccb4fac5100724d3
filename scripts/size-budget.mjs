// Size budget of the built console: gzip (level 9) sizes per file; fails over 170 kB for the app or 125 kB for the first route.
//
// Usage: npm run build && npm run budget [-- --write-docs]   (reads packages/console/dist, or $TRC_DIST)
//
// Whole app   = every .js/.css/.html file of the build (dot-folders such as .vite/ and .gz files excluded).
// First route = what a browser needs to show "/" (the telemetry page):
//   1. index.html;
//   2. every <script type="module" src>, <link rel="stylesheet" href> and <link rel="modulepreload" href> in it;
//   3. the closure of static imports of those JS files: `import … from "./x.js"`, `import "./x.js"`,
//      `export … from "./x.js"` (dynamic `import("./x.js")` is not followed: those are lazy routes);
//   4. the telemetry page's lazy chunk, with its own static imports and its CSS: from .vite/manifest.json when the
//      build writes one (a dynamic entry whose source path contains "telemetry"), else the JS file whose name starts
//      with "TelemetryPage" (Vite names a lazy chunk after its module), else "Telemetry". If none is found the
//      telemetry page is assumed to be inside the entry, and a note says so.
// kB here is 1000 bytes, as Vite prints.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, posix, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { constants, gzipSync } from "node:zlib";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CONSOLE = join(ROOT, "packages", "console");
// Relative TRC_DIST is read as Vite reads its outDir: from packages/console.
const DIST = resolve(CONSOLE, process.env.TRC_DIST ?? "dist");
const KB = 1000;
const BUDGET = { app: 170 * KB, firstRoute: 125 * KB };
const COUNTED = /\.(m?js|css|html)$/;
const writeDocs = process.argv.includes("--write-docs");

const fail = (msg) => {
  console.error(`[budget] ERROR: ${msg}`);
  process.exit(1);
};

/** Every file under dir as a posix path relative to it, skipping dot-folders and precompressed copies. */
function walk(dir, base = dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    if (e.isDirectory()) {
      if (!e.name.startsWith(".")) out.push(...walk(full, base));
    } else if (!/\.(gz|br)$/.test(e.name)) {
      out.push(relative(base, full).split(sep).join("/"));
    }
  }
  return out.sort();
}

if (!existsSync(join(DIST, "index.html")))
  fail(`no build at ${DIST} (index.html missing): run npm run build first.`);

const files = new Map(); // rel -> { raw, gzip }
let otherRaw = 0;
let otherCount = 0;
for (const rel of walk(DIST)) {
  const bytes = readFileSync(join(DIST, rel));
  if (!COUNTED.test(rel)) {
    otherRaw += bytes.length;
    otherCount++;
    continue;
  }
  files.set(rel, {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length,
  });
}

const attr = (tag, name) => {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
};

/** The dist file a URL in `fromRel` points at, or undefined for external and data URLs. */
function toDistPath(url, fromRel) {
  const clean = url.split(/[?#]/)[0];
  if (!clean || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(clean)) return undefined;
  const rel = clean.startsWith("/")
    ? clean.slice(1)
    : posix.normalize(posix.join(posix.dirname(fromRel), clean));
  if (files.has(rel)) return rel;
  // A base other than "/" (e.g. /console/): match the longest known path the URL ends with.
  return [...files.keys()].find((f) => clean.endsWith(`/${f}`));
}

const STATIC_IMPORT =
  /(?<![\w$.])(?:import|export)\s*(?:[\w$*{},\s]*?\s*from\s*)?(["'`])((?:\.{1,2}\/|\/)[^"'`\s]+?\.m?js)\1/g;

const firstRoute = new Map(); // rel -> why it is part of the first route
const notes = [];
function add(rel, why) {
  if (!rel || firstRoute.has(rel)) return;
  firstRoute.set(rel, why);
  if (!/\.m?js$/.test(rel)) return;
  const code = readFileSync(join(DIST, rel), "utf8");
  for (const m of code.matchAll(STATIC_IMPORT)) {
    const dep = toDistPath(m[2], rel);
    if (dep) add(dep, `imported by ${posix.basename(rel)}`);
  }
}

const html = readFileSync(join(DIST, "index.html"), "utf8");
firstRoute.set("index.html", "page");
for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
  const src = attr(tag, "src");
  if (src && attr(tag, "type") === "module") add(toDistPath(src, "index.html"), "entry script");
}
for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
  const rels = (attr(tag, "rel") ?? "").toLowerCase().split(/\s+/);
  const href = attr(tag, "href");
  if (!href) continue;
  if (rels.includes("stylesheet")) add(toDistPath(href, "index.html"), "stylesheet");
  else if (rels.includes("modulepreload")) add(toDistPath(href, "index.html"), "modulepreload");
}

/** The telemetry page's lazy chunk(s): from the Vite manifest when present, else by file name. */
function telemetryChunks() {
  const manifestPath = join(DIST, ".vite", "manifest.json");
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    const hits = Object.entries(manifest).filter(([src, e]) => e.isDynamicEntry && /telemetry/i.test(src));
    if (hits.length) {
      notes.push(`telemetry chunk from .vite/manifest.json: ${hits.map(([src]) => src).join(", ")}`);
      return hits.flatMap(([, e]) => [e.file, ...(e.css ?? [])]);
    }
  }
  const js = [...files.keys()].filter((f) => /\.m?js$/.test(f));
  for (const pattern of [/^TelemetryPage[-.]/, /^Telemetry/i]) {
    const hits = js.filter((f) => pattern.test(posix.basename(f)));
    if (hits.length) {
      notes.push(`telemetry chunk by file name ${pattern}: ${hits.join(", ")}`);
      // Vite names a chunk's extracted CSS after the chunk.
      const stems = hits.map((f) => posix.basename(f).replace(/-[\w-]{6,}\.m?js$|\.m?js$/, ""));
      const css = [...files.keys()].filter(
        (f) => f.endsWith(".css") && stems.some((s) => posix.basename(f).startsWith(`${s}-`)),
      );
      return [...hits, ...css];
    }
  }
  notes.push("no telemetry page chunk found: it is taken to be part of the entry");
  return [];
}
for (const rel of telemetryChunks()) add(files.has(rel) ? rel : undefined, "telemetry page (lazy)");

// ---- Report ----
const kb = (n) => `${(n / KB).toFixed(2)} kB`;
const sum = (keys, field) => keys.reduce((t, k) => t + (files.get(k)?.[field] ?? 0), 0);
const all = [...files.keys()];
const first = all.filter((f) => firstRoute.has(f));
const totals = {
  app: { raw: sum(all, "raw"), gzip: sum(all, "gzip") },
  first: { raw: sum(first, "raw"), gzip: sum(first, "gzip") },
};
const rows = all
  .map((f) => ({ file: f, ...files.get(f), why: firstRoute.get(f) ?? "" }))
  .sort((a, b) => Number(!!b.why) - Number(!!a.why) || b.gzip - a.gzip);

const w = Math.max(24, ...rows.map((r) => r.file.length));
const line = (a, b, c, d) => `${a.padEnd(w)}  ${b.padStart(11)}  ${c.padStart(11)}  ${d}`;
console.log(
  `Bundle sizes of ${DIST.startsWith(ROOT) ? relative(ROOT, DIST) : DIST} (gzip level 9, 1 kB = 1000 bytes)\n`,
);
console.log(line("File", "Raw", "Gzip", "First route"));
console.log("-".repeat(w + 40));
for (const r of rows) console.log(line(r.file, kb(r.raw), kb(r.gzip), r.why));
console.log("-".repeat(w + 40));
console.log(line(`Whole app (${all.length} files)`, kb(totals.app.raw), kb(totals.app.gzip), ""));
console.log(line(`First route (${first.length} files)`, kb(totals.first.raw), kb(totals.first.gzip), ""));
if (otherCount) console.log(`\nNot budgeted: ${otherCount} other file(s), ${kb(otherRaw)} raw.`);
for (const n of notes) console.log(`Note: ${n}`);

const checks = [
  { name: "Whole app", size: totals.app.gzip, limit: BUDGET.app },
  { name: "First route", size: totals.first.gzip, limit: BUDGET.firstRoute },
];
console.log("");
for (const c of checks) {
  const pct = ((c.size / c.limit) * 100).toFixed(0);
  const verdict = c.size <= c.limit ? "ok" : "OVER BUDGET";
  console.log(`${c.name.padEnd(12)} ${kb(c.size).padStart(11)} of ${kb(c.limit)} (${pct} %)  ${verdict}`);
}

/** Where the first route's savings came from when the console moved to React (issue "Real React 19"). */
const DEPENDENCY_NOTES = [
  "With React 19 in place of Preact the first route measured 138 kB gzip against its 125 kB budget. Two changes",
  "brought it under:",
  "",
  "- **Declarative routes instead of react-router's data router** (−17 kB): the console used none of loaders,",
  "  actions or fetchers; its one need, asking before leaving a page, is served by a guarded browser history",
  "  (`src/app/history.ts`) feeding `unstable_HistoryRouter`, which also covers Back and Forward.",
  "- **`sideEffects: false` in `@trc/protocol`** (−4 kB): the bundler may drop the contract's modules a route",
  "  does not use (the command list, configuration table, image checks, OpenAPI generator stay with their pages).",
  "",
  "What is left in the first route is React (~60 kB), the router (13 kB), TanStack Query (10 kB), the",
  "telemetry schemas with zod/mini's core, and the console's shell.",
].join("\n");

if (writeDocs) {
  const { dependencyTable } = await import("../packages/console/bench/dependency-cost.mjs");
  const out = join(ROOT, "docs", "BUNDLE.md");
  const md = [
    "# Bundle size",
    "",
    `Generated by \`npm run budget -- --write-docs\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "from the production build. Do not edit by hand.",
    "",
    "Budgets (gzip level 9, 1 kB = 1000 bytes): whole app (every JS, CSS and HTML file) at most 170 kB;",
    "first route (what `/` needs) at most 125 kB. See the top of `scripts/size-budget.mjs` for how the first",
    "route is found.",
    "",
    "| File | Raw | Gzip | First route |",
    "|---|---:|---:|---|",
    ...rows.map((r) => `| \`${r.file}\` | ${kb(r.raw)} | ${kb(r.gzip)} | ${r.why} |`),
    `| **Whole app** (${all.length} files) | ${kb(totals.app.raw)} | **${kb(totals.app.gzip)}** | budget ${kb(BUDGET.app)} |`,
    `| **First route** (${first.length} files) | ${kb(totals.first.raw)} | **${kb(totals.first.gzip)}** | budget ${kb(BUDGET.firstRoute)} |`,
    "",
    ...notes.map((n) => `Note: ${n}.`),
    "",
    "## What each dependency costs",
    "",
    "Each row bundles, on its own, only what the console imports of that dependency (tree-shaken, minified,",
    "production mode; React external except in its own row): `packages/console/bench/dependency-cost.mjs`.",
    "",
    await dependencyTable(),
    "",
    DEPENDENCY_NOTES,
    "",
  ].join("\n");
  writeFileSync(out, md);
  // Biome formats Markdown too (aligned tables): format the file so that `npm run lint` stays clean.
  const biome = join(ROOT, "node_modules", "@biomejs", "biome", "bin", "biome");
  const fmt = spawnSync(process.execPath, [biome, "format", "--write", out], { cwd: ROOT, encoding: "utf8" });
  if (fmt.status !== 0) console.warn(`[budget] could not format ${out} with Biome:\n${fmt.stderr}`);
  console.log(`\nWrote ${relative(ROOT, out)}`);
}

const over = checks.filter((c) => c.size > c.limit);
if (over.length) {
  fail(
    over.map((c) => `${c.name} is ${kb(c.size)} gzip, over its ${kb(c.limit)} budget`).join("; ") +
      ". Look for a heavy dependency or code that can move into a lazy route.",
  );
}
console.log("\nBudget: ok");
