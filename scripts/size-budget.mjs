// Size budget of the built console: gzip sizes per file; fails over 170 kB for the app, 110 kB for the first route or
// 20 kB for the MQTT client chunks (u8-mqtt's browser build with the connection, and the broker rows; docs/BUNDLE.md).
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
// MQTT client = the JS chunks whose file name matches /mqtt/i (the client for units reached through a broker, loaded only
//   when a broker is added: `mqttConnection-*.js`, u8-mqtt with src/api/mqttConnection.ts, and `mqtt-rows-*.js`):
//   their own line and their own budget, not counted in the whole app (they load only for such units); should one be
//   part of the first route, it counts there too.
// Gzip = the bytes the unit sends: the precompressed <file>.gz that scripts/gzip-dist.mjs writes beside each file
//   (Zopfli), or zlib level 9 of the file when it has none; the zlib -9 column is there to compare with.
// kB here is 1000 bytes, as Vite prints.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, posix, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { constants, gzipSync } from "node:zlib";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CONSOLE = join(ROOT, "packages", "console");
// Relative TRC_DIST is read as Vite reads its outDir: from packages/console.
const DIST = resolve(CONSOLE, process.env.TRC_DIST ?? "dist");
const KB = 1000;
const BUDGET = { app: 170 * KB, firstRoute: 110 * KB, mqtt: 20 * KB };
const MQTT = /mqtt/i;
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
  const zlib = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length;
  // gzip-dist gives each .gz its source's modification time: another time means a .gz left from an older build.
  const served = join(DIST, `${rel}.gz`);
  const fresh =
    existsSync(served) && Math.abs(statSync(served).mtimeMs - statSync(join(DIST, rel)).mtimeMs) < 1000;
  const gzip = fresh ? statSync(served).size : zlib;
  files.set(rel, { raw: bytes.length, zlib, gzip });
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
const mqtt = [...files.keys()].filter((f) => /\.m?js$/.test(f) && MQTT.test(posix.basename(f)));
const all = [...files.keys()].filter((f) => !mqtt.includes(f));
const first = [...files.keys()].filter((f) => firstRoute.has(f));
const total = (keys) => ({ raw: sum(keys, "raw"), zlib: sum(keys, "zlib"), gzip: sum(keys, "gzip") });
const totals = { app: total(all), first: total(first), mqtt: total(mqtt) };
const whyOf = (f) => [firstRoute.get(f), mqtt.includes(f) ? "MQTT client" : ""].filter(Boolean).join("; ");
const rows = [...files.keys()]
  .map((f) => ({ file: f, ...files.get(f), why: whyOf(f) }))
  .sort((a, b) => Number(firstRoute.has(b.file)) - Number(firstRoute.has(a.file)) || b.gzip - a.gzip);

const w = Math.max(24, ...rows.map((r) => r.file.length));
const line = (a, b, c, d, e) =>
  `${a.padEnd(w)}  ${b.padStart(11)}  ${c.padStart(11)}  ${d.padStart(11)}  ${e}`;
console.log(
  `Bundle sizes of ${DIST.startsWith(ROOT) ? relative(ROOT, DIST) : DIST} (gzip as served, 1 kB = 1000 bytes)\n`,
);
console.log(line("File", "Raw", "zlib -9", "Gzip", "First route"));
console.log("-".repeat(w + 53));
for (const r of rows) console.log(line(r.file, kb(r.raw), kb(r.zlib), kb(r.gzip), r.why));
console.log("-".repeat(w + 53));
const totalLine = (name, keys, t) =>
  line(`${name} (${keys.length} files)`, kb(t.raw), kb(t.zlib), kb(t.gzip), "");
console.log(totalLine("Whole app", all, totals.app));
console.log(totalLine("First route", first, totals.first));
console.log(totalLine("MQTT client", mqtt, totals.mqtt));
if (otherCount) console.log(`\nNot budgeted: ${otherCount} other file(s), ${kb(otherRaw)} raw.`);
for (const n of notes) console.log(`Note: ${n}`);

const checks = [
  { name: "Whole app", size: totals.app.gzip, limit: BUDGET.app },
  { name: "First route", size: totals.first.gzip, limit: BUDGET.firstRoute },
  { name: "MQTT client", size: totals.mqtt.gzip, limit: BUDGET.mqtt },
];
console.log("");
for (const c of checks) {
  const pct = ((c.size / c.limit) * 100).toFixed(0);
  const verdict = c.size <= c.limit ? "ok" : "OVER BUDGET";
  console.log(`${c.name.padEnd(12)} ${kb(c.size).padStart(11)} of ${kb(c.limit)} (${pct} %)  ${verdict}`);
}

if (writeDocs) {
  const { dependencyTable } = await import("../packages/console/bench/dependency-cost.mjs");
  const { DEPENDENCY_NOTES, HELD_BACK_NOTES, MQTT_CLIENT_NOTES } = await import("./bundle-notes.mjs");
  const out = join(ROOT, "docs", "BUNDLE.md");
  const md = [
    "# Bundle size",
    "",
    `Generated by \`npm run budget -- --write-docs\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "from the production build. Do not edit by hand.",
    "",
    "Budgets (gzip as the unit sends it: the Zopfli `.gz` copies of `scripts/gzip-dist.mjs`; 1 kB = 1000 bytes):",
    "whole app (every JS, CSS and HTML file but an MQTT client's) at most 170 kB; first route (what `/` needs) at",
    "most 110 kB; the MQTT client chunks at most 20 kB. The zlib -9 column is there to compare with. See the top of",
    "`scripts/size-budget.mjs` for how the first route is found.",
    "",
    "| File | Raw | zlib -9 | Gzip | First route |",
    "|---|---:|---:|---:|---|",
    ...rows.map((r) => `| \`${r.file}\` | ${kb(r.raw)} | ${kb(r.zlib)} | ${kb(r.gzip)} | ${r.why} |`),
    `| **Whole app** (${all.length} files) | ${kb(totals.app.raw)} | ${kb(totals.app.zlib)} | **${kb(totals.app.gzip)}** | budget ${kb(BUDGET.app)} |`,
    `| **First route** (${first.length} files) | ${kb(totals.first.raw)} | ${kb(totals.first.zlib)} | **${kb(totals.first.gzip)}** | budget ${kb(BUDGET.firstRoute)} |`,
    `| **MQTT client** (${mqtt.length} files) | ${kb(totals.mqtt.raw)} | ${kb(totals.mqtt.zlib)} | **${kb(totals.mqtt.gzip)}** | budget ${kb(BUDGET.mqtt)} |`,
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
    HELD_BACK_NOTES,
    "",
    MQTT_CLIENT_NOTES,
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
