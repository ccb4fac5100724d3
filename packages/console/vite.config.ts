// Vite build of the console: React 19 (JSX through @vitejs/plugin-react, Fast Refresh in dev), no CDN, compile time baked in.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// `--mode development` builds with React's development runtime into dist-dev: the browser test that fails on any
// React warning runs on it (the production runtime prints none).
export default defineConfig(({ mode }) => ({
  plugins: [react()],
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
      // Libraries' "use client" directives mean nothing in a client-only bundle.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
  server: { proxy: { "/api": process.env.TRC_DEVICE ?? "http://127.0.0.1:8080" } },
}));
