// Builds the console only when its build is missing or older than its sources, so CI builds it once.
//
// Usage: node scripts/build-console.mjs [--dev]
//   default: the production build (`npm run build`: Vite, then .gz copies) into $TRC_DIST or packages/console/dist;
//   --dev:   the build on React's development runtime (`build:dev`) into packages/console/dist-dev (TRC_DIST is
//            ignored: it names the production build, which the dev build must not overwrite).
// A build counts as fresh when its index.html is newer than every file and folder it is made from: the console's
// sources, index.html, vite.config.ts and package.json, @trc/protocol's sources and the lock file (a deleted file
// changes its folder's time). `TRC_REBUILD=1` builds in any case.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { newest } from "./newest.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CONSOLE = join(ROOT, "packages", "console");
const dev = process.argv.includes("--dev");
const env = { ...process.env };
if (dev) delete env.TRC_DIST;
// Relative TRC_DIST is read as Vite reads its outDir: from packages/console.
const out = resolve(CONSOLE, env.TRC_DIST ?? (dev ? "dist-dev" : "dist"));
const INPUTS = [
  join(CONSOLE, "src"),
  join(CONSOLE, "index.html"),
  join(CONSOLE, "vite.config.ts"),
  join(CONSOLE, "package.json"),
  join(CONSOLE, "public"),
  join(ROOT, "packages", "protocol", "src"),
  join(ROOT, "packages", "protocol", "package.json"),
  join(ROOT, "package-lock.json"),
];

const label = dev ? "development build" : "production build";
const stamp = join(out, "index.html");
const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (!process.env.TRC_REBUILD && built > Math.max(...INPUTS.map(newest))) {
  console.log(`[build-console] ${label} in ${out} is newer than its sources: not built again`);
  process.exit(0);
}
console.log(`[build-console] ${built ? "sources changed since" : "no"} ${label} in ${out}: building`);
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const run = spawnSync(npm, ["run", dev ? "build:dev" : "build", "-w", "@trc/console"], {
  cwd: ROOT,
  env,
  stdio: "inherit",
});
process.exit(run.status ?? 1);
