// @vitest-environment node
// The import-cycle rule of biome.json really fails a circle: probe modules linted with the repository's own config.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const BIOME = join(ROOT, "node_modules", ".bin", "biome");
const work = mkdtempSync(join(tmpdir(), "trc-cycles-"));

// The repository's config, as it is, outside git (the probe folder is not a checkout).
const config = JSON.parse(readFileSync(join(ROOT, "biome.json"), "utf8"));
config.vcs = { enabled: false };
config.files = { ignoreUnknown: true };
writeFileSync(join(work, "biome.json"), JSON.stringify(config));

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Writes the probe modules (path → source, under the repository's layout), lints them, answers the cycle findings. */
function cycleFindings(modules: Record<string, string>): string[] {
  const dir = mkdtempSync(join(work, "case-"));
  const files = Object.entries(modules).map(([path, source]) => {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, source);
    return file;
  });
  const run = spawnSync(BIOME, ["lint", "--max-diagnostics=50", ...files], { cwd: work, encoding: "utf8" });
  rmSync(dir, { recursive: true, force: true });
  const out = `${run.stdout}${run.stderr}`;
  return [...out.matchAll(/^(\S+):\d+:\d+ lint\/suspicious\/noImportCycles/gm)].map((m) => m[1] ?? "");
}

describe("no import circles (biome.json noImportCycles)", () => {
  it("fails each module of a two-module circle", () => {
    const findings = cycleFindings({
      "packages/console/src/api/ping.ts":
        'import { pong } from "./pong.ts";\n\nexport const ping = () => pong;\n',
      "packages/console/src/api/pong.ts":
        'import { ping } from "./ping.ts";\n\nexport const pong = () => ping;\n',
    });
    expect(findings.sort()).toEqual([expect.stringMatching(/ping\.ts$/), expect.stringMatching(/pong\.ts$/)]);
  });

  it("counts a type-only import and a lazy import() as edges, in a script too", () => {
    const findings = cycleFindings({
      "scripts/lib/run.ts": 'import type { Step } from "./step.ts";\n\nexport type Run = Step[];\n',
      "scripts/lib/step.ts":
        'export type Step = () => Promise<unknown>;\nexport const load: Step = () => import("./run.ts");\n',
    });
    expect(findings.sort()).toEqual([expect.stringMatching(/run\.ts$/), expect.stringMatching(/step\.ts$/)]);
  });

  it("passes imports that run one way", () => {
    const findings = cycleFindings({
      "packages/console/src/api/ping.ts":
        'import { pong } from "./pong.ts";\n\nexport const ping = () => pong;\n',
      "packages/console/src/api/pong.ts": "export const pong = 1;\n",
    });
    expect(findings).toEqual([]);
  });
});
