// @vitest-environment node
// The layer rule of biome.json really fails a forbidden import: probe files linted with the repository's own config.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const BIOME = join(ROOT, "node_modules", ".bin", "biome");
const work = mkdtempSync(join(tmpdir(), "trc-layers-"));

// The repository's config, as it is, outside git (the probe folder is not a checkout).
const config = JSON.parse(readFileSync(join(ROOT, "biome.json"), "utf8"));
config.vcs = { enabled: false };
config.files = { ignoreUnknown: true };
writeFileSync(join(work, "biome.json"), JSON.stringify(config));

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Lints one probe module at `path` (under packages/console/src) importing `from`; answers the layer errors. */
function lintImport(path: string, from: string): string[] {
  const file = join(work, "packages/console/src", path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `import { x } from "${from}";\n\nexport const y = x;\n`);
  const run = spawnSync(BIOME, ["lint", "--max-diagnostics=50", file], { cwd: work, encoding: "utf8" });
  rmSync(file);
  const out = `${run.stdout}${run.stderr}`;
  return [...out.matchAll(/× (Layers: [^\n]*)/g)].map((m) => m[1] ?? "");
}

describe("the console's layers (biome.json noRestrictedImports)", () => {
  it.each([
    ["alarms/probe.ts", "../telemetry/format.ts", "a feature folder"],
    ["fleet/probe.tsx", "../settings/endpointForm.ts", "a feature folder"],
    ["live/probe.ts", "../app/router.tsx", "a feature folder"],
    ["telemetry/probe.test.ts", "../commands/executeRule.ts", "a feature folder"],
    ["shared/probe.ts", "../telemetry/queries.ts", "shared/"],
    ["shared/probe.ts", "../ui/ConfirmDialog.tsx", "shared/"],
    ["ui/probe.tsx", "../app/Layout.tsx", "ui/"],
    ["api/probe.ts", "../shared/unit/unit.ts", "api/"],
    ["api/probe.ts", "../ui/bytes.ts", "api/"],
  ])("%s may not import %s", (path, from, who) => {
    const errors = lintImport(path, from);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`Layers: ${who}`);
  });

  it.each([
    ["alarms/probe.ts", "./rules.ts"],
    ["alarms/probe.ts", "../shared/store/storageKeys.ts"],
    ["alarms/probe.ts", "../ui/ConfirmDialog.tsx"],
    ["alarms/probe.ts", "../api/client.ts"],
    ["alarms/probe.test.tsx", "../../test-utils.tsx"],
    ["shared/probe.ts", "../api/client.ts"],
    ["ui/probe.tsx", "../shared/leaveGuard.ts"],
    ["api/probe.ts", "./queue.ts"],
    ["app/probe.tsx", "../telemetry/TelemetryPage.tsx"],
  ])("%s may import %s", (path, from) => {
    expect(lintImport(path, from)).toEqual([]);
  });
});
