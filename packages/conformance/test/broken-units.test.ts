// The kit against deliberately broken units: each break is named by the right check, and nothing else fails.
import { API } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { type Report, runConformance } from "../src/index.ts";
import { type Breakage, startBrokenUnit, withJson } from "./units.ts";

const DOWNLOAD = API.fileDownload("x").split("?")[0];

async function checkBroken(breakage: Breakage): Promise<Report> {
  const unit = await startBrokenUnit(breakage);
  try {
    return await runConformance({ url: unit.url, pacingMs: 0 });
  } finally {
    await unit.close();
  }
}

/** The failed checks by name, with their reasons. */
const failures = (report: Report) =>
  Object.fromEntries(report.checks.filter((c) => c.status === "fail").map((c) => [c.name, c.reason ?? ""]));

describe("broken units", () => {
  it("a wrong field type: battery.percentage as a string", async () => {
    const report = await checkBroken(async (req, forward) => {
      const res = await forward();
      if (new URL(req.url).pathname !== API.telemetry("battery")) return res;
      const body = (await res.json()) as { percentage: number };
      return withJson(res, { ...body, percentage: String(body.percentage) });
    });
    expect(Object.keys(failures(report))).toEqual(["telemetry battery"]);
    expect(failures(report)["telemetry battery"]).toMatch(/battery\.percentage expected number, got string/);
  });

  it("a traversal that returns a file", async () => {
    const report = await checkBroken(async (req, forward) => {
      const url = new URL(req.url);
      if (url.pathname !== DOWNLOAD || !url.searchParams.get("fileName")?.includes("..")) return forward();
      return new Response("sta_password=changeme123\n", {
        headers: { "Access-Control-Allow-Origin": "*", "Content-Type": "text/plain" },
      });
    });
    expect(Object.keys(failures(report))).toEqual(["hostile download names"]);
    expect(failures(report)["hostile download names"]).toMatch(
      /GET \/api\/filesystem\/download\?fileName=\.\.%2Fconfig\.json answered 200 with 25 bytes/,
    );
  });

  it("a missing level check: GET_PW without credentials answers the password", async () => {
    const report = await checkBroken(async (req, forward) => {
      if (req.method !== "POST" || new URL(req.url).pathname !== API.commandExecute) return forward();
      const body = (await req.clone().json()) as { cmd?: string; auth_pw?: string };
      if (body.cmd !== "GET_PW" || body.auth_pw) return forward();
      const password = "owner-pass";
      return withJson(
        await forward(),
        { cmd: "GET_PW", result: `Owner password: ${password}`, password },
        200,
      );
    });
    expect(Object.keys(failures(report))).toEqual(["level enforcement"]);
    expect(failures(report)["level enforcement"]).toMatch(
      /POST \/api\/commands\/execute answered 200 to GET_PW \(level 20\) without credentials \(level 10\), expected 401/,
    );
  });

  it("no CORS header", async () => {
    const report = await checkBroken(async (_req, forward) => {
      const res = await forward();
      const headers = new Headers(res.headers);
      headers.delete("access-control-allow-origin");
      return new Response(res.body, { status: res.status, headers });
    });
    expect(Object.keys(failures(report))).toEqual(["CORS header on every answer", "CORS preflight"]);
    expect(failures(report)["CORS header on every answer"]).toMatch(
      /no Access-Control-Allow-Origin on GET \/api\/config\/deviceName \(200\)/,
    );
  });

  it("a unit open to every origin, as before issue 22: warned, not failed", async () => {
    const report = await checkBroken(async (req, forward) => {
      // Answers as the old unit did: the unknown command's 404 instead of 403/415, every origin granted.
      const res = await forward();
      const headers = new Headers(res.headers);
      headers.set("access-control-allow-origin", "*");
      if (req.method === "OPTIONS") {
        headers.set("access-control-allow-private-network", "true");
        return new Response(null, { status: 204, headers });
      }
      if (res.status !== 403 && res.status !== 415)
        return new Response(res.body, { status: res.status, headers });
      return withJson(new Response(null, { headers }), { error: "Unknown command" }, 404);
    });
    expect(failures(report)).toEqual({});
    const warned = report.checks.find((c) => c.name === "public origins refused");
    expect(warned?.status).toBe("warn");
    expect(warned?.reason).toMatch(
      /from https:\/\/evil\.example answered 404, expected 403 \(refuse public origins\)/,
    );
    expect(warned?.reason).toMatch(/with a text\/plain body answered 404, expected 415 \(take JSON only\)/);
    expect(warned?.reason).toMatch(/was granted \(Access-Control-Allow-Origin: \*\)/);
    expect(warned?.reason).toMatch(/was granted the private network/);
    expect(warned?.reason).toMatch(/GET \/api\/config\/get from https:\/\/evil\.example is readable there/);
  });

  it("a unit that takes a wrong-typed value: the original is written back at once", async () => {
    const sets: unknown[] = [];
    const report = await checkBroken(async (req, forward) => {
      if (req.method !== "POST" || new URL(req.url).pathname !== API.configSet) return forward();
      const body = (await req.clone().json()) as { key: string; value: unknown };
      // D14's http_url refusals come before (upload.ts); not this test's.
      if (body.key !== "http_url") sets.push(body.value);
      if (body.key !== "tag_timeout" || typeof body.value === "number") return forward();
      return withJson(await forward(), { key: body.key, value: body.value }, 200);
    });
    expect(Object.keys(failures(report))).toEqual(["config set wrong type"]);
    expect(failures(report)["config set wrong type"]).toMatch(
      /took a string for number key tag_timeout \(200, expected 400; 5 written back\)/,
    );
    expect(sets.slice(1, 3)).toEqual(["not-a-number", 5]);
  });
});
