// Vite build of the console: Preact behind React's API (size budget), no CDN, compile time baked in.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/** React's API served by preact/compat: the same code, about 55 kB gzip less (docs/ARCHITECTURE.md). */
const preactAliases = [
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
  { find: /^react$/, replacement: fileURLToPath(new URL("./src/compat/react.js", import.meta.url)) },
];

export default defineConfig({
  resolve: { alias: preactAliases, dedupe: ["preact"] },
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  define: { __COMPILE_TIME__: JSON.stringify(new Date().toISOString()) },
  build: {
    outDir: process.env.TRC_DIST ?? "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    rolldownOptions: {
      // Libraries' "use client" directives mean nothing in a client-only bundle.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
  server: { proxy: { "/api": process.env.TRC_DEVICE ?? "http://127.0.0.1:8080" } },
});
