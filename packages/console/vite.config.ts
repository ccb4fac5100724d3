// Vite build of the console: React 19 (JSX through @vitejs/plugin-react, Fast Refresh in dev), no CDN, compile time baked in.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
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
