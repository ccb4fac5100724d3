// Writes <file>.gz beside every .js/.css/.html/.svg/.json of the console build, for the device to serve.
//
// Usage: node scripts/gzip-dist.mjs [DIR]
//   DIR defaults to $TRC_DIST (relative to packages/console, as Vite reads it) or packages/console/dist.
// Each .gz keeps its source's modification time; a .gz whose source is gone is removed.
// The .gz files are made with Zopfli (@gfx/zopfli, 5 iterations): gzip that any browser reads, about 3.5 % smaller
// than zlib's level 9 for the same file, paid once at build time (docs/BUNDLE.md). TRC_GZIP=zlib uses zlib level 9.
import {
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { constants, gzipSync } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CONSOLE = join(ROOT, "packages", "console");
const DIST = process.argv[2]
  ? resolve(process.cwd(), process.argv[2])
  : resolve(CONSOLE, process.env.TRC_DIST ?? "dist");
const COMPRESSIBLE = /\.(m?js|css|html|svg|json)$/;

if (!existsSync(DIST) || !statSync(DIST).isDirectory()) {
  console.error(`[gzip-dist] ERROR: no build folder at ${DIST}: run the console build first.`);
  process.exit(1);
}

let count = 0;
let raw = 0;
let packed = 0;
let removed = 0;

async function visit(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    if (e.isDirectory()) {
      // Dot-folders (Vite's .vite/ manifest) are build metadata, not served files.
      if (!e.name.startsWith(".")) await visit(full);
    } else if (e.name.endsWith(".gz")) {
      if (!existsSync(full.slice(0, -3))) {
        unlinkSync(full);
        removed++;
      }
    } else if (COMPRESSIBLE.test(e.name)) {
      const bytes = readFileSync(full);
      const gz =
        process.env.TRC_GZIP === "zlib"
          ? gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION })
          : await gzipAsync(bytes, { numiterations: 5 });
      writeFileSync(`${full}.gz`, gz);
      const st = statSync(full);
      utimesSync(`${full}.gz`, st.atime, st.mtime);
      count++;
      raw += bytes.length;
      packed += gz.length;
    }
  }
}

await visit(DIST);
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const where = DIST.startsWith(ROOT) ? relative(ROOT, DIST) : DIST;
console.log(
  `[gzip-dist] ${count} file(s) in ${where}: ${kb(raw)} -> ${kb(packed)} gzip` +
    (removed ? `; removed ${removed} stale .gz` : ""),
);
