// The prose of docs/BUNDLE.md under its generated tables (scripts/size-budget.mjs --write-docs): how the budgets were
// met round by round, the MQTT client's choice, and the console work the budget holds back; each measured as it says.

/** How the first route came under 110 kB (issue 19), measured on one tree; the prose under the tables. */
export const DEPENDENCY_NOTES = `## How the first route came under 110 kB

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

/** The console side of issues 40, 41 and 42 against the whole app's budget (2026-11-28): figures and the choice left. */
export const HELD_BACK_NOTES = `## The console side of issues 40, 41 and 42 and the budget (2026-11-28)

The console side of issues 40 (one record per unit), 41 (antennas and the clock) and 42 (passings leave the unit) is
built and tested on the branch \`held-back/console-40-41-42\` (docs/ARCHITECTURE.md, "Work held back for the bundle"):
every browser test passes on it, and it does not fit the whole app's 170 kB. Figures as \`npm run budget\` counts them:

| Build | Whole app | First route |
|---|---:|---:|
| main before 2026-11-28's second session | 169.91 kB | 106.87 kB |
| main with React's JSX runtime as an ES module for the console's modules (taken) | 169.45 kB | 106.77 kB |
| the branch: issue 40's record and write model, 41's antennas and clock, 42's exports and Upload | 182.66 kB | 108.84 kB |
| the branch without the exports and the UHF card's tiles and controls (measured with zlib -9, 7.6 kB less) | about 175.3 kB | — |

What was tried to make room, on the branch (each measured on its own, production builds side by side):
- **Taken:** the JSX runtime as an ES module (−0.45 kB: a call site names \`jsx\` instead of \`(0,K.jsx)\`, some 1,200
  times); the broker rows back in the MQTT client's chunk (−1.0 kB: the branch's chunk rule had swept them into the
  pages' chunk); rolldown's runtime in the entry's chunk (one file fewer).
- **The same for React's hooks** (\`useState\`...: 130 call sites): −0.03 kB more, and the first route +0.11 kB: not taken.
- **A cut without loss of behaviour, folder by folder:** five helpers, one folder each, 50 minutes, asked for 15 %:
  \`fleet/\` −0.13 kB, \`shared/export\` + \`timing/\` + \`files/\` −0.29 kB (a third of the work merged modules),
  \`configuration/\` + \`shared/settings/\` + \`firmware/\` −0.26 kB, \`telemetry/\` + \`ui/\` −0.14 kB (on main's
  tree; zlib -9, each against its own starting tree), \`commands/\` + \`live/\` + \`settings/\` + \`auth/\` −0.11 kB
  (on main's tree). Several honest clean-ups came out larger once compressed and were put back. The minified bytes are texts
  (55 kB of the app's 258 kB raw are string literals) and JSX, which gzip already folds; repetition turned into maps
  came out larger twice. Not merged: the gain does not pay the risk.
- **Where the bytes are** (the branch, minified, by source through sourcemaps): react-dom 207 kB raw of 563 kB
  (64 kB gzip alone), TanStack Query 38 kB, zod 25 kB, @noble/hashes 6 kB; the console 233 kB and the contract
  25 kB, spread over some 150 modules of 0.3–4 kB.

So the budget is a product decision, not a size fix: (a) whole app at most 185 kB (first route unchanged at 110 kB),
and the branch lands as it is; (b) 170 kB kept, and the three issues' console side waits: even without the exports
and the UHF tiles it is some 5 kB over, the record, the D13/D14 alarms and Ready items and the Upload part included;
(c) 170 kB kept by taking out something that is in the console today (estimated from their minified bytes at the
app's gzip ratio: the Live page with its read stream some 6 kB, fleet profiles some 4.5 kB, the developer settings
page some 2.7 kB). Issue 40's 162 kB is further still.
`;

// The broker view's client (issue 21): what the candidates cost, measured on the packages' own browser builds (npm
// pack; gzip -9), and why u8-mqtt is the page's client, so the choice can be revisited when a client changes.
export const MQTT_CLIENT_NOTES = `## The MQTT client

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
