// The command line: one line per check, the summary, --json, exit status 0/1/2, and --destructive's confirmation.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Report } from "../src/index.ts";
import { startBrokenUnit, startEmulator, type TestUnit } from "./units.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const TSX = join(ROOT, "node_modules/.bin/tsx");
const CLI = join(ROOT, "packages/conformance/src/cli.ts");

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = execFile(TSX, [CLI, ...args], { cwd: ROOT, timeout: 60_000 }, (err, stdout, stderr) => {
      done({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
    child.stdin?.end();
  });
}

let unit: TestUnit;
let dir: string;
beforeAll(async () => {
  unit = await startEmulator();
  dir = await mkdtemp(join(tmpdir(), "trc-conformance-cli-"));
});
afterAll(async () => {
  await unit.close();
  await rm(dir, { recursive: true, force: true });
});

describe("npm run conformance -- URL", () => {
  it("prints ok for every check, then 'N passed, 0 failed', writes --json and exits 0", async () => {
    const json = join(dir, "report.json");
    const { code, stdout } = await cli([unit.url, "--json", json, "--pacing", "0"]);
    const lines = stdout.trim().split("\n");
    expect(lines[0]).toBe(`Checking ${unit.url}`);
    const report = JSON.parse(await readFile(json, "utf8")) as Report;
    const checks = lines.slice(1, -2);
    expect(checks).toEqual(report.checks.map((c) => `ok   ${c.name}`));
    expect(checks).toContain("ok   telemetry battery");
    expect(lines.at(-2)).toBe(`Report written to ${json}`);
    expect(lines.at(-1)).toBe(`${report.checks.length} passed, 0 failed`);
    expect(code).toBe(0);
  });

  it("exits 1 with FAIL lines naming the call when a contract check fails", async () => {
    const broken = await startBrokenUnit(async (_req, forward) => {
      const res = await forward();
      const headers = new Headers(res.headers);
      headers.delete("access-control-allow-origin");
      return new Response(res.body, { status: res.status, headers });
    });
    try {
      const { code, stdout } = await cli([broken.url, "--pacing", "0"]);
      expect(stdout).toMatch(
        /^FAIL CORS header on every answer: no Access-Control-Allow-Origin on GET \/api\//m,
      );
      expect(stdout).toMatch(/^FAIL CORS preflight: OPTIONS \/api\/commands\/execute \(for POST\)/m);
      expect(stdout.trim().split("\n").at(-1)).toMatch(/^\d+ passed, 2 failed$/);
      expect(code).toBe(1);
    } finally {
      await broken.close();
    }
  });

  it("exits 2 on usage errors, and --destructive without a terminal or --yes sends nothing", async () => {
    expect((await cli([])).code).toBe(2);
    expect((await cli(["ftp://unit"])).code).toBe(2);
    const { code, stderr, stdout } = await cli([unit.url, "--destructive"]);
    expect(stderr).toMatch(/--destructive asks for a typed confirmation/);
    expect(stdout).toBe("");
    expect(code).toBe(2);
  });
});
