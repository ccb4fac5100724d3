// What each dependency of the console costs on its own (minified, gzip level 9), for docs/BUNDLE.md's dependency table.
//
// Usage: node packages/console/bench/dependency-cost.mjs [--markdown]
// Each row bundles only the named imports the console uses (tree-shaken, production mode), React kept external
// except in React's own row, so a row is what that dependency adds to the app.

import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** [row, the code that imports what the console imports, why it is there] */
export const ROWS = [
  [
    "react + react-dom/client",
    `import { createRoot } from "react-dom/client"; import * as React from "react"; window.x = [createRoot, React];`,
    "the runtime (the product owner asked for React)",
  ],
  [
    "wouter (as used, on the guarded history)",
    `import { Router, Switch, Route, Link, useLocation } from "wouter"; window.x = [Router, Switch, Route, Link, useLocation];`,
    "history routes, links, lazy pages",
  ],
  [
    "@tanstack/react-query (as used)",
    `import { QueryClient, QueryClientProvider, QueryObserver, focusManager, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"; window.x = [QueryClient, QueryClientProvider, QueryObserver, focusManager, useMutation, useQuery, useQueryClient];`,
    "every device read",
  ],
  ["zustand", `import { create } from "zustand"; window.x = create;`, "client state"],
  [
    "zod/mini (a small object schema)",
    `import * as z from "zod/mini"; window.x = z.object({ a: z.string(), b: z.optional(z.number()) }).safeParse;`,
    "the core every schema needs",
  ],
  [
    "@trc/protocol (all of it, with zod/mini)",
    `import * as p from "@trc/protocol"; window.x = p;`,
    "the contract; pages take only their part",
  ],
];

async function cost(code, bundleReact) {
  const res = await build({
    logLevel: "silent",
    root: ROOT,
    configFile: false,
    mode: "production",
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [
      // As vite.config.ts: wouter's use-sync-external-store shim is React's own hook.
      {
        name: "react-use-sync-external-store",
        enforce: "pre",
        resolveId: (id) => (id === "use-sync-external-store/shim/index.js" ? "\0uses" : null),
        load: (id) => (id === "\0uses" ? 'export { useSyncExternalStore } from "react";' : null),
      },
      {
        name: "entry",
        resolveId: (id) => (id === "virtual:entry" ? "\0entry" : null),
        load: (id) => (id === "\0entry" ? code : null),
      },
    ],
    build: {
      write: false,
      minify: true,
      target: "es2022",
      rolldownOptions: {
        input: "virtual:entry",
        external: bundleReact ? [] : ["react", "react-dom", "react/jsx-runtime", "react-dom/client"],
      },
    },
  });
  const chunks = (Array.isArray(res) ? res : [res])
    .flatMap((r) => r.output)
    .filter((o) => o.type === "chunk");
  return {
    raw: chunks.reduce((a, c) => a + Buffer.byteLength(c.code), 0),
    gzip: chunks.reduce((a, c) => a + gzipSync(c.code, { level: 9 }).length, 0),
  };
}

export async function dependencyTable() {
  const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
  const lines = ["| Dependency | Minified | Gzip | Why it is there |", "|---|---:|---:|---|"];
  for (const [name, code, why] of ROWS) {
    const c = await cost(code, name.startsWith("react +"));
    lines.push(`| ${name} | ${kb(c.raw)} | ${kb(c.gzip)} | ${why} |`);
  }
  return lines.join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(await dependencyTable());
}
