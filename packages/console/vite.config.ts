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
        // Three chunks, declared here by what they are, not by file names: the shell (everything the entry imports
        // statically: the layout, the header and the dashboard), the MQTT client (the u8-mqtt package and its
        // wrapper, loaded only when a broker is added: its own budget line), and one chunk of everything that loads
        // later (the other pages, the dashboard's Ready check and Set device time, the alarm panel, the export).
        // A chunk per page, as src/app/router.tsx's import() calls would give, cost some 20 kB gzip more on the same
        // code (every chunk compressed alone, hashed names and preload lists): over the whole app's 170 kB
        // (docs/BUNDLE.md, "Chunks").
        codeSplitting: {
          groups: [
            { name: "index", tags: ["$initial"], priority: 3 },
            { name: "mqttConnection", test: /node_modules\/u8-mqtt\/|\/src\/api\/mqttConnection\.ts$/, priority: 2 },
            { name: "pages", test: /./, priority: 1 },
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
