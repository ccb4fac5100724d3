// Bundles the emulated device (packages/device/src/main.ts) into one ES module that plain `node` starts without tsx.
//
// Usage: node scripts/build-test-device.mjs   (also Playwright's globalSetup: the default export)
// Output: packages/device/.test-build/main.mjs, which startChildDevice runs with `bundle: true` (or TRC_DEVICE_BUNDLE).
// It sits three folders below the root as src/main.ts does, so REPO_ROOT (options.ts, from import.meta.url) is the same.
// Every npm package is bundled too (fewer files to resolve and load at start); Node's built-ins stay imports, and CJS
// packages get a `require` for theirs. The bundle counts as fresh when it is newer than every file and folder under
// the device's and the protocol's sources, their package.json, the lock file and this script (a deleted file changes
// its folder's time): then nothing is done. `TRC_REBUILD=1` builds in any case. Each file is written aside and renamed
// into place (the map first), so a unit starting meanwhile runs the old bundle or the new one, never half of one.
import { existsSync, mkdirSync, renameSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { newest } from "./newest.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DEVICE = join(ROOT, "packages", "device");
export const TEST_DEVICE_BUNDLE = join(DEVICE, ".test-build", "main.mjs");
const INPUTS = [
  join(DEVICE, "src"),
  join(DEVICE, "package.json"),
  join(ROOT, "packages", "protocol", "src"),
  join(ROOT, "packages", "protocol", "package.json"),
  join(ROOT, "package-lock.json"),
  fileURLToPath(import.meta.url),
];

/** Whether the bundle is missing or older than what it is made from. */
export function bundleIsStale(out = TEST_DEVICE_BUNDLE) {
  const built = existsSync(out) ? statSync(out).mtimeMs : 0;
  return built <= Math.max(...INPUTS.map(newest));
}

/** Builds the bundle when stale (or with TRC_REBUILD=1); resolves to its path. */
export default async function buildTestDevice() {
  if (!process.env.TRC_REBUILD && !bundleIsStale()) return TEST_DEVICE_BUNDLE;
  const started = performance.now();
  // The bundle is dated when the sources were read: a source saved during the build makes it stale.
  const readAt = new Date();
  const esbuild = await import("esbuild");
  const { outputFiles } = await esbuild.build({
    entryPoints: [join(DEVICE, "src", "main.ts")],
    outfile: TEST_DEVICE_BUNDLE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Node's built-ins stay imports (platform node); `require` serves the CJS packages' own calls of them.
    banner: {
      js: 'import { createRequire as __trcRequire } from "node:module";\nconst require = __trcRequire(import.meta.url);',
    },
    sourcemap: "linked",
    logLevel: "warning",
    write: false,
  });
  mkdirSync(dirname(TEST_DEVICE_BUNDLE), { recursive: true });
  const mapsFirst = [...outputFiles].sort(
    (a, b) => Number(b.path.endsWith(".map")) - Number(a.path.endsWith(".map")),
  );
  for (const file of mapsFirst) {
    const aside = `${file.path}.${process.pid}.tmp`;
    writeFileSync(aside, file.contents);
    renameSync(aside, file.path);
  }
  utimesSync(TEST_DEVICE_BUNDLE, readAt, readAt);
  const ms = Math.round(performance.now() - started);
  console.log(`[build-test-device] bundled the emulated device into ${TEST_DEVICE_BUNDLE} in ${ms} ms`);
  return TEST_DEVICE_BUNDLE;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const stale = bundleIsStale();
  await buildTestDevice();
  if (!stale && !process.env.TRC_REBUILD)
    console.log("[build-test-device] the bundle is newer than its sources: not built again");
}
