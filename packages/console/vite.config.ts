// Vite build of the console: React 19 (JSX through @vitejs/plugin-react, Fast Refresh in dev), no CDN, compile time baked in.
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

const DASHBOARD =
  /\/src\/(shared\/(clockQuery|timeSync|accuracy|backlog|telemetryFormat|telemetryHistory)|ui\/(Sparkline|Bar|useNow|BacklogSummary|NoReadsInput|Spinner))\.tsx?$|@tanstack\/(query-core|react-query)\/build\/modern\/queryOptions/;

// `--mode development` builds with React's development runtime into dist-dev: the browser test that fails on any
// React warning runs on it (the production runtime prints none).
export default defineConfig(({ mode }) => ({
  plugins: [react(), reactUseSyncExternalStore],
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
            // to its own classes. The dashboard's stylesheet stays its own (it is on the first route), and what
            // every page shares goes in styles/app.css.
            { name: "pages", test: /\/src\/(?!styles\/|telemetry\/)[^/]+\/[^/]+\.css$/ },
            // Everything the entry imports statically in one chunk (with the entry): one request and one gzip stream
            // instead of five shared chunks (-3 kB gzip on the first route, docs/BUNDLE.md). Pages stay lazy chunks.
            { name: "index", tags: ["$initial"] },
            // What the dashboard loads as soon as it renders, the Ready check panel and Set device time, in one chunk
            // instead of two (-0.25 kB gzip): neither is on the first route, both are asked for at the same time.
            { name: "dashboard-more", test: /\/src\/telemetry\/(ReadyPanel|SetDeviceTime|setTime)\.tsx?$/ },
            // Broker messages into fleet rows: loaded with the MQTT client when a broker is first listened to, and
            // counted on the budget's MQTT line with it.
            { name: "mqtt-rows", test: /\/src\/fleet\/brokerUnits\.ts$/ },
            // What the dashboard shares with other pages (the clock, the sparkline, the backlog...) in one chunk, not
            // six of a few hundred bytes each: one gzip stream, fewer requests on the first route.
            { name: "dashboard", test: DASHBOARD },
            // What several lazy pages share, in one chunk instead of a dozen small ones (about -2 kB gzip over the
            // whole app, docs/BUNDLE.md), less what the dashboard loads: the first route carries no other page's code.
            {
              name: "pages-common",
              minShareCount: 2,
              test: (id: string) =>
                /\/src\/(ui|api|shared)\/|protocol\/src\/|node_modules\/(zod|zustand|wouter|@noble)\/|@tanstack\/(query-core|react-query)\/build\/modern\/(mutation|useMutation|useQueries|queriesObserver)/.test(
                  id,
                ) && !DASHBOARD.test(id),
            },
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
