// Vite build of the console: React 19 (JSX through @vitejs/plugin-react, Fast Refresh in dev), no CDN, compile time baked in.

import { createRequire } from "node:module";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

// wouter reaches React's useSyncExternalStore through the `use-sync-external-store` shim (a copy for React < 18):
// React 19's own is taken instead.
const USE_SYNC_EXTERNAL_STORE = "\0react-use-sync-external-store";
const reactUseSyncExternalStore: Plugin = {
  name: "react-use-sync-external-store",
  enforce: "pre",
  resolveId: (id) => (id === "use-sync-external-store/shim/index.js" ? USE_SYNC_EXTERNAL_STORE : null),
  load: (id) => (id === USE_SYNC_EXTERNAL_STORE ? 'export { useSyncExternalStore } from "react";' : null),
};

// React's JSX runtime (CommonJS) seen from the console's own modules as an ES module: a call site then names the
// function (`t(...)` once minified) instead of reaching it through the CommonJS namespace (`(0,K.jsx)(...)`), some
// 1,200 times over the pages (-0.45 kB gzip, docs/BUNDLE.md). The functions are React's own (its module.exports,
// read once); the libraries keep importing it as they do.
const JSX_AS_ESM = "\0react-jsx-runtime-as-esm";
const requireHere = createRequire(import.meta.url);
const jsxRuntimeAsEsm: Plugin = {
  name: "react-jsx-runtime-as-esm",
  enforce: "pre",
  apply: "build",
  resolveId: (id, importer) =>
    id === "react/jsx-runtime" && importer?.includes("/console/src/") ? JSX_AS_ESM : null,
  load(id) {
    if (id !== JSX_AS_ESM) return null;
    const names = Object.keys(requireHere("react/jsx-runtime")).filter((n) => /^[A-Za-z]\w*$/.test(n));
    return `import * as m from "react/jsx-runtime";\n${names.map((n) => `export const ${n} = m.${n};`).join("\n")}\n`;
  },
};

// The dashboard (the telemetry page, less the Ready check panel and Set device time) and what it shares with other pages
// (the clock, the sparkline, the backlog...): in the entry's chunk (below). Its stylesheet's rules are scoped to its two
// roots (`.telemetry`, `.ready`, with zero specificity), so they can be in the stylesheet every page has.
const DASHBOARD =
  /\/src\/telemetry\/(?!(ReadyPanel|SetDeviceTime|setTime)\.)[^/]+\.(tsx?|css)$|\/src\/(shared\/(clock\/(clockQuery|timeSync|accuracy)|readings\/(backlog|telemetryFormat|telemetryHistory))|ui\/(Sparkline|Bar|useNow|BacklogSummary|NoReadsInput|Spinner))\.tsx?$|@tanstack\/(query-core|react-query)\/build\/modern\/queryOptions/;

// Everything else the console loads lazily, in one chunk: the other pages with what they take from ui/, api/, shared/,
// the contract and the libraries, the Ready check panel and Set device time, the alarm watch and panel and the restart
// banner (the shell loads them as it first renders). Not the MQTT client and its rows (their own budget line).
const LAZY =
  /\/src\/(?!telemetry\/(?!(ReadyPanel|SetDeviceTime|setTime)\.)|fleet\/brokerUnits\.ts$|api\/mqttConnection\.ts$)[^/]+\/|protocol\/src\/|node_modules\/(zod|zustand|wouter|@noble)\/|@tanstack\/(query-core|react-query)\/build\/modern\/(mutation|useMutation|useQueries|queriesObserver)/;

// The modules rolldown tags `$initial` (what the entry imports statically), noted by a group that takes none of them
// (rolldown runs the groups in order), so that the next group can take them with the dashboard's modules: a group
// takes either tagged modules or others. Emptied as each build starts.
const initialModules = new Set<string>();
const noteInitialModules: Plugin = { name: "note-initial-modules", buildStart: () => initialModules.clear() };
const inIndex = (id: string) => {
  if (initialModules.size === 0) throw new Error("vite.config.ts: the entry's modules were not noted first");
  return initialModules.has(id) || DASHBOARD.test(id) ? "index" : null;
};

// `--mode development` builds with React's development runtime into dist-dev: the browser test that fails on any
// React warning runs on it (the production runtime prints none).
export default defineConfig(({ mode }) => ({
  plugins: [react(), reactUseSyncExternalStore, jsxRuntimeAsEsm, noteInitialModules],
  define: {
    __COMPILE_TIME__: JSON.stringify(new Date().toISOString()),
    ...(mode === "development" ? { "process.env.NODE_ENV": JSON.stringify("development") } : {}),
  },
  build: {
    outDir: process.env.TRC_DIST ?? (mode === "development" ? "dist-dev" : "dist"),
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk (with the entry): one request and one gzip stream
        // instead of five shared chunks (-3 kB gzip on the first route, docs/BUNDLE.md). Pages stay lazy chunks.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // The stylesheets of the pages other than the dashboard in one file, loaded with whichever of them comes
            // first (with the page's script, as each page's own file was): one gzip stream for 3.9 kB gzip in eight
            // files (-1.3 kB gzip over the whole app, docs/BUNDLE.md). Their rules are scoped by page-prefixed
            // classes (cmd-, cfg-, fw-, fleet-, live-, settings-...), so a page looks the same whichever other page's
            // rules come with it (as after visiting that page before): a new page's stylesheet joins them and keeps
            // to its own classes. The dashboard's stylesheet joins the entry's (DASHBOARD), and what every page
            // shares goes in styles/app.css.
            { name: "pages", test: /\/src\/(?!styles\/|telemetry\/)[^/]+\/[^/]+\.css$/ },
            // Everything the entry imports statically in one chunk (with the entry): one request and one gzip stream
            // instead of five shared chunks (-3 kB gzip on the first route, docs/BUNDLE.md). Pages stay lazy chunks.
            // With it what the dashboard shares with other pages (the clock, the sparkline, the backlog...): the first
            // route needs it and every page loads it as the shell renders (the alarm watch imports it), so one gzip
            // stream fewer (-0.9 kB gzip on the first route, -1.1 kB over the whole app).
            {
              tags: ["$initial"],
              name: (id: string) => {
                initialModules.add(id);
                return null;
              },
            },
            { name: inIndex },
            // Broker messages into fleet rows: loaded with the MQTT client when a broker is first listened to, and
            // counted on the budget's MQTT line with it.
            { name: "mqtt-rows", test: /\/src\/fleet\/brokerUnits\.ts$/ },
            // Every other lazy module in one chunk (docs/BUNDLE.md, "Room for race control and profiles"): one gzip
            // stream compresses the pages' shared words and patterns once (about -9 kB gzip over the whole app against
            // a chunk per page, a shared one and the shell's lazy parts). The shell asks for it as it first renders
            // (the alarm watch is in it), after the first paint: then every page opens without a download.
            { name: "pages", test: (id: string) => LAZY.test(id) && !DASHBOARD.test(id) },
          ],
        },
      },
      // Libraries' "use client" directives mean nothing in a client-only bundle.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
  server: { proxy: { "/api": process.env.TRC_DEVICE ?? "http://127.0.0.1:8080" } },
}));
