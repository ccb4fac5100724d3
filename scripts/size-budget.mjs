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

/** How the first route came under 110 kB (issue 19), measured on one tree; the prose under the tables. */
const DEPENDENCY_NOTES = `## How the first route came under 110 kB

The console loads over a decoder's Wi-Fi; issue 19 set the budgets to 110 kB first route and 170 kB whole app (from
125 and 170). Each row is a production build of the same source (the tree of 2026-11-23, first route 126.3 kB with
react-router), one change added at a time; gzip here is zlib level 9 except in the last row.

| Change | First route | Whole app |
|---|---:|---:|
| react-router 7 declarative routes on \`unstable_HistoryRouter\` (before) | 126.3 kB | 168.5 kB |
| wouter 3 with the guarded history as its location hook | 116.3 kB | 158.5 kB |
| everything the entry imports in one chunk (a rolldown \`$initial\` group) instead of five shared chunks | 113.4 kB | 155.4 kB |
| React's own \`useSyncExternalStore\` for wouter instead of the \`use-sync-external-store\` shim | 113.1 kB | 155.1 kB |
| the served \`.gz\` files made with Zopfli instead of zlib -9 (what the budget counts) | about −3.5 % | about −3.5 % |

Measured and not taken:

| Candidate | First route | Why not |
|---|---:|---|
| esbuild as the minifier instead of Oxc | +2.9 kB | larger |
| terser (5.x, 2 passes) on the entry | +0.2 kB | larger |
| build target \`esnext\` instead of \`es2022\` | 0 | no change |
| Brotli copies | — | Chrome asks for Brotli only over HTTPS; a unit is reached over plain http |
| the alarm beep alone as a lazy chunk | −0.3 kB | taken with the whole alarm watch and panel instead (below) |
| zopfli with 50 iterations instead of 5 | −0.1 kB | 10 s more per build for almost nothing |

Later in issue 19, as the Live page, the Ready check and the broker rows came in (figures on the tree of that day,
each against the one before):

| Change | First route | Whole app |
|---|---:|---:|
| the alarm watch and panel (\`alarms/AlarmCenter.tsx\`) a chunk loaded as the shell first renders | −1.2 kB | ±0 |
| the restart banner a chunk loaded only while a setting waits for a restart (\`app/RestartWatch.tsx\`) | −1.1 kB | ±0 |
| the Ready check panel a chunk, its place held while it downloads (no layout shift) | −2.5 kB | ±0 |
| what several lazy pages share in one \`pages-common\` chunk (rolldown group, the dashboard's lazy modules kept out) instead of a dozen small ones | ±0 | −2.1 kB |
| the broker rows (messages into fleet rows) loaded with the MQTT client and counted on its line | ±0 | −1.3 kB |
| the alarm panel's and auth status bar's few rules in the global stylesheet (two CSS files fewer) | +0.1 kB | −0.3 kB |
| what the dashboard shares with other pages (clock query, sparkline, backlog, spinner, \`queryOptions\`...) in one \`dashboard\` chunk instead of six of 0.06–2.7 kB | −0.7 kB | −0.9 kB |

Routers alone, as the console uses them (\`bench/dependency-cost.mjs\`, React external): wouter 3.9 kB minified, 2.0 kB
gzip; react-router 7's declarative routes 37.3 kB, 13.3 kB; its data router (\`createBrowserRouter\`, \`useBlocker\`)
92.1 kB, 30.0 kB. The leave guard needs none of a router's blocking API: \`src/app/history.ts\` holds pushes and
undoes then asks Back/Forward, and wouter takes it as its location hook.

What the entry pulled in that the telemetry page does not need: the command list and time formats of
\`@trc/protocol\` (2.1 kB: the API client imported the password-limit message from the command list's module; it is
now in \`constants.ts\`), react-router's history and data-router code paths, the \`use-sync-external-store\` copy for
React < 18, and the restart action and the alarm beep above. No zod locale is bundled (zod/mini has none unless
\`z.config\` is called). The other stores in the entry (connection, alarms, unit, restart, device settings) serve the
shell on every page.

What the first route holds now (gzip of each part alone, in the one initial chunk): React DOM 63.6 kB, React 3.0 kB
and its scheduler 1.5 kB; TanStack Query 11.0 kB; zod/mini's core 7.3 kB; wouter 2.1 kB; zustand with \`persist\`
1.2 kB; the console's shell (telemetry reads and the clock sync 4.5 kB, shared stores 3.1 kB, app shell 2.9 kB,
API client 2.3 kB, alarms 2.2 kB) and the contract's telemetry schemas 2.2 kB; then the telemetry page's lazy chunk
(4.5 kB), the stylesheets (2.6 kB) and index.html.

The MQTT client line is for the client of units reached through a broker (issue 19, "the next capabilities"): a chunk
whose file name matches \`/mqtt/i\` is reported on its own line with its own 20 kB budget and is not counted in the
whole app, since it loads only for such units.

## Room for the Timing page and profiles (2026-11-27)

The whole app stood at 170.0 kB of 170 kB and the first route at 108.5 kB. This round took the whole app to 168.2 kB
(−1.8 kB) and the first route to 108.1 kB (−0.4 kB) without changing a text or a behaviour: the pages render the same
DOM (each route of both builds rendered and compared), the libraries are the same. Each row is a production build
of the tree of that day, one change added at a time, Zopfli gzip as the budget counts it (the mean of two builds; a
build's compile time and file hashes move a total by up to ±0.1 kB).

| Change | First route | Whole app |
|---|---:|---:|
| the stylesheets of the eight pages other than the dashboard in one \`pages-….css\` (a rolldown group of CSS modules), loaded with whichever page comes first; their rules are scoped by page-prefixed classes, so a page looks the same whatever else the file holds | ±0 | −1.3 kB |
| the Ready check panel and Set device time, both asked for as the dashboard renders, in one \`dashboard-more\` chunk instead of two | ±0 | −0.25 kB |
| the Settings page's texts of the storage keys (\`settings/storageKeyMeanings.ts\`) out of the entry, where \`shared/store/storageKeys.ts\` had carried them | −0.3 kB | ±0 |
| one \`ui/download.ts\` for the configuration backup and the Live page's CSV (two copies before) | ±0 | −0.05 kB |
| declarations the global stylesheet already makes dropped from the Fleet and Live stylesheets (table collapse and width, cell alignment and rule, box sizing) | ±0 | −0.04 kB |

Measured and not taken: React and its JSX runtime reached through ES modules re-exporting React's production exports
(−1.05 kB: each JSX element a plain call instead of \`(0,n.jsx)(…)\`; not taken: React is imported as React ships it, no
module stands in for it); \`treeshake.manualPureFunctions: ["z"]\` (−0.2 kB: drops the contract's request schemas the
console never parses, but would as silently drop a \`z.config(…)\` or a registry call); one stylesheet for everything
(\`cssCodeSplit: false\`: −2.5 kB whole app but +1.5 kB first route, and the dashboard's unscoped rules such as
\`.backlog[data-trend]\` would then colour the Live page for a user who opens it first); Oxc's compress target \`esnext\`,
Lightning CSS against esbuild for CSS, \`propertyReadSideEffects: false\` (±0.1 kB, within the noise); build target
\`es2020\` (+2.0 kB).

## Room for race control (2026-11-27, second round)

Race control (the Timing page, the header badge, the Ready item, alarms, Fleet columns, Live passings) and then
fleet profiles needed about 6 to 10 kB more room over the whole app and about 1 kB on the first route. This round
changed only how the modules are grouped into chunks (\`packages/console/vite.config.ts\`): no source file, no text, no
library. Each row is a production build of the tree of that day (commit aa58feb, whole app 168.9 kB, first route
108.5 kB), one change added at a time, Zopfli gzip as the budget counts it. With the compile time fixed two builds
are byte for byte the same, so each figure is one build; two builds with the real compile time gave the same totals
within 0.02 kB. The same config on the working tree of that day with race control in progress took the whole app from
175.0 kB (over budget) to 167.1 kB and the first route from 108.6 to 107.5 kB.

| Change | First route | Whole app |
|---|---:|---:|
| what the dashboard shares with other pages (clock, sparkline, backlog...: the \`dashboard\` chunk) in the entry's chunk: the first route needs it and every page loaded it as the shell rendered (the alarm watch imports it), so one gzip stream fewer | −0.88 kB | −1.06 kB |
| the pages other than the dashboard in one \`routes\` chunk (38 kB gzip) instead of nine of 0.2–8.7 kB: the first of them opened loads them all, the others then open without a download | −0.22 kB | −5.71 kB |
| the alarm watch and panel in \`pages-common\`, which every page loads as the shell renders anyway (the alarm watch imported it) | −0.02 kB | −0.31 kB |
| the restart banner in \`pages-common\` too (its code now loads with the shell, 0.1 kB gzip more there) | −0.02 kB | −0.54 kB |
| **Total** | **−1.14 kB** (107.4 kB) | **−7.62 kB** (161.3 kB) |

What loads when, after this round: the first route is \`index.html\`, the entry (with the dashboard's shared modules)
and its stylesheet, the telemetry page's chunk and stylesheet; as the shell first renders, on every page,
\`pages-common\` (what the pages share, the alarm watch and panel, the restart banner); on the dashboard,
\`dashboard-more\` (Ready check, Set device time); the first time another page opens, \`routes\` and the pages'
stylesheet; for a broker, the MQTT client's two chunks. A group takes either the modules rolldown tags \`$initial\` or
others, so a first group only notes the tagged ones (its name function answers null) and the next takes them with the
dashboard's. How the pages were checked: each route of both builds rendered in happy-dom against an emulated unit
(same seed) gave the same DOM but for live values (counts, clock offsets, the random auto-refresh minutes), and every
import between chunks resolves, with no cycle.

Measured and not taken (figures on the same tree, against the row above or as said): the Ready check panel and Set
device time in \`pages-common\` (−0.93 kB whole app, ±0 first route, but every other page would then load their code
as the shell renders, about 1.4 kB gzip more there); every lazy module but the telemetry page's and the MQTT client's in
one chunk (−1.4 kB more, but the shell would load every page, about 49 kB gzip, as it first renders); the pages in two
chunks, one for setting a unit up (Commands, Configuration, Files, Firmware, Settings, Auth) and one for race day (Live,
Fleet, Timing), instead of one (−4.6 kB instead of −5.7 kB); the telemetry page in the entry (−2.3 kB first route,
−2.2 kB whole app, but its stylesheet would join the global one and its unscoped rules such as \`.backlog[data-trend]\`
would apply on every page from the start); the classic JSX runtime (\`React.createElement\`: −0.7 kB whole app, −0.2 kB
first route, but React 19's development build warns about the outdated transform, which fails the browser test that
runs on it, and React calls it slower); \`/* @__PURE__ */\` on the contract's schemas so that the request schemas the
console never parses drop out (zlib −0.06 kB, Zopfli +0.13 kB: within the noise, where a routes chunk 150 bytes smaller
came out 181 bytes larger); Oxc without \`sequences\` or \`joinVars\` (+0.6 kB each), more compress passes (±0); Zopfli
with 15 or 50 iterations instead of 5 (−0.04, −0.09 kB).

## Room for race control and profiles (2026-11-27, third round)

With race control and fleet profiles in, the second round's chunks came to 173.1 kB over the whole app (3.1 kB over
budget; first route 107.5 kB). Two of the candidates measured above and not taken were taken, each with what had kept
it out answered. Same method (production builds of the working tree of that day, one change at a time):

| Change | First route | Whole app |
|---|---:|---:|
| every lazy module but the MQTT client's in one \`pages\` chunk (60 kB gzip): the \`routes\`, \`pages-common\` and \`dashboard-more\` chunks together, one gzip stream | −0.06 kB | −3.12 kB |
| the telemetry page (script and stylesheet) in the entry, its stylesheet's rules scoped to the dashboard's two roots with zero specificity (\`:where(.telemetry, .ready) .backlog[data-trend]\`...), so in the global stylesheet they colour nothing on another page | −1.41 kB | −1.43 kB |
| **Total** | **−1.47 kB** (106.1 kB) | **−4.55 kB** (168.6 kB) |

What loads when, after this round: the first route is \`index.html\`, the entry (with the dashboard and what it
shares) and its stylesheet; right after the first paint, on every page, the \`pages\` chunk (every other page, the
Ready check panel, the alarm watch and panel, the restart banner: 60 kB gzip) and, with the first page other than the
dashboard, the pages' stylesheet; for a broker, the MQTT client's two chunks. The cost: the shell downloads every page
once, after the first paint (the dashboard's Ready check panel, whose place is held, arrives with it); then every page
opens without a download. The first route, what a unit's Wi-Fi must carry before anything shows, went down.
`;

// The broker view's client (issue 21): what the candidates cost, measured on the packages' own browser builds (npm
// pack; gzip -9), and why u8-mqtt is the page's client, so the choice can be revisited when a client changes.
const MQTT_CLIENT_NOTES = `## The MQTT client

The Fleet page reads units through a broker with u8-mqtt's browser build (\`u8-mqtt/esm/web/basic-v4.js\`: MQTT 3.1.1
over WebSocket on Uint8Array, no dependencies), driven by \`src/api/mqttConnection.ts\` (the page's connection states,
a retry every 3 s, the 5 s connect timeout, a keep-alive watchdog, the subscription again after each reconnect, PUBACK
for QoS 1). Both are one chunk (\`mqttConnection-….js\`, 5.5 kB) that \`src/api/mqtt.ts\` imports when a broker is
first listened to; with the broker rows (\`mqtt-rows-….js\`, 1.7 kB: \`fleet/brokerUnits.ts\`, messages into fleet rows)
it is the MQTT client line above. The candidates' browser builds as their packages ship them (gzip -9; weekly
downloads from the registry's list):

| Client | Version | File | Raw | gzip -9 | Weekly downloads | Notes |
|---|---|---|---:|---:|---:|---|
| mqtt.js | 5.16.0 | \`dist/mqtt.esm.js\` | 342.3 kB | 104.9 kB | 7.2 M | The reference client (the emulated unit, the tests' watchers and the conformance kit use it, in Node); MQTT 3.1.1 and 5, reconnects and resubscribes; its browser build carries Node's Buffer, streams, events and process polyfills |
| precompiled-mqtt | 4.3.13 | \`dist/mqtt.browser.js\` | 251.6 kB | 61.9 kB | 4 k | mqtt.js 4 prebuilt for browsers: the same code a major version older |
| paho-mqtt | 1.1.0 | \`paho-mqtt-min.js\` | 32.2 kB | 8.3 kB | 0.6 M | Eclipse Paho's browser client; a global-style API, no ESM build, no release since 2019 |
| u8-mqtt | 0.6.7 | \`esm/web/v4.min.js\` | 15.5 kB | 6.2 kB | 1 k | MQTT 3.1.1 over WebSocket on Uint8Array, no polyfills, zero dependencies; with a topic router |
| **u8-mqtt** (the console's) | 0.6.7 | \`esm/web/basic-v4.min.js\` | 13.1 kB | 5.1 kB | 1 k | The same without the topic router: the console takes every PUBLISH in one handler |

Why u8-mqtt and no longer mqtt.js in the page (mqtt.js was first kept as the well-kept reference client):
- **Per message (in the page: no gain measured).** With 500 units (about 600 to 1,000 WebSocket frames a second) an
  earlier CPU profile gave about 40 % of the page's JavaScript time to mqtt.js's own handling of each message: its
  WebSocket stream, the Buffer polyfill and a \`setTimeout\`-based \`process.nextTick\`, one extra task per message.
  u8-mqtt decodes the frame's bytes in place and calls the handler (promises, no timer). Measured alone (\`npx tsx packages/console/bench/fleet-broker-client.bench.ts\`:
  the same 20,000 telemetry PUBLISH frames fed to each browser build by a fake WebSocket in Chromium, one frame a task;
  main-thread CPU, median of 3 rounds; load average 4.8 to 7.0), a message costs 45.1 µs with mqtt.js, 25.5 µs with
  u8-mqtt and 9.3 µs with no client (the payload decoded alone): the client's own part went from 35.9 to 16.2 µs. On
  the whole page (500 units into Mosquitto, \`bench:fleet-broker\`, the two builds alternated in one sitting at load
  average 7 to 11) the main thread's CPU per frame was 158 and 146 µs with mqtt.js, 155 and 143 µs with u8-mqtt: the
  difference is within the noise of a loaded machine. A CPU profile of the page's steady state (20 s, 500 units into
  Mosquitto, \`BENCH_PROFILE\`, load average 4 to 7) agrees: the client's share of the main thread's busy time is
  17.7 % with mqtt.js (its code and its \`setTimeout\`s) and 18.7 % with u8-mqtt (its code and a \`TextDecoder\` made
  for each topic), beside about 54 % of native work (the WebSocket's message events) and the messages into rows and
  the redraws. So in the page the per-message cost did not fall (u8-mqtt's largest item is the reader object it makes
  for each packet, 5.6 %). The client alone did not bring the busy share under the issue's 10 %: fewer frames did (the units' counts at most
  every 5 s, docs/MQTT.md). The gain of the swap is the size.
- **Size.** The MQTT client line went from 96.3 kB to 7.2 kB gzip; the budget is now 20 kB.
- **Kept.** u8-mqtt 0.6.7 (May 2026) is maintained, has no dependencies, is ESM, BSD-2-Clause, MQTT 3.1.1 and 5.
  Its user base is small, so what the page relies on is tested here: \`src/api/mqttConnection.test.ts\` plays a broker
  byte by byte on a fake WebSocket (CONNECT's flags, keep-alive and login, SUBSCRIBE at QoS 1, PUBACK, the states),
  and \`e2e/fleet-broker.spec.ts\` runs the page against Aedes and Mosquitto.
- **What the console does itself.** u8-mqtt's own reconnect (\`with_autoreconnect\`) neither tells a broker never
  reached from one lost nor notices a WebSocket that never opens, and it does not close a connection whose PINGRESPs
  stop: each try is a new WebSocket and client, a timer retries, and a watchdog takes a connection that hears nothing
  for 45 s (1.5 keep-alives) as lost. QoS 1 messages are acknowledged by the handler (u8-mqtt leaves PUBACK to it).`;

if (writeDocs) {
  const { dependencyTable } = await import("../packages/console/bench/dependency-cost.mjs");
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
