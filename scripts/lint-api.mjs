// npm run lint:api: the standard linters on docs/openapi.json and docs/asyncapi.json, fetched on demand (npx):
// Spectral (spectral:oas + spectral:asyncapi) on both, Redocly's recommended ruleset on the OpenAPI one. Any error fails.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const SPECTRAL = "@stoplight/spectral-cli@6";
// Redocly 2 runs on Node 20 (with a notice that its support ends); Redocly 1's install needs a package the registry lacks.
const REDOCLY = "@redocly/cli@2";

const runs = [
  [SPECTRAL, "lint", "--ruleset", "scripts/spectral.yaml", "--fail-severity", "error", "docs/openapi.json"],
  [SPECTRAL, "lint", "--ruleset", "scripts/spectral.yaml", "--fail-severity", "error", "docs/asyncapi.json"],
  [REDOCLY, "lint", "--format", "summary", "docs/openapi.json"],
];

let failed = 0;
for (const [pkg, ...args] of runs) {
  console.log(`\n[lint:api] npx -y ${pkg} ${args.join(" ")}`);
  const r = spawnSync("npx", ["-y", pkg, ...args], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
  if (r.status !== 0) failed++;
}
if (failed) {
  console.error(`[lint:api] ${failed} of ${runs.length} runs found errors`);
  process.exit(1);
}
console.log("[lint:api] no errors");
