// The kit's D14 checks: pass on the emulator (the posts with --destructive: emulator.test.ts); a unit without D14 is
// told what it lacks and passes; a unit that shows the URL's password, takes a bad URL or never posts fails the check.
import { API, TIMING_DATASET } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { NO_UPLOAD } from "../src/checks/upload.ts";
import { type Report, runConformance } from "../src/index.ts";
import { type Breakage, startBrokenUnit, startEmulator, withJson } from "./units.ts";

const NAMES = ["upload (D14)", "http_url (D14)", "http_url refusals (D14)", "UPLOAD_FROM refusals (D14)"];
const results = (report: Report, names = NAMES) =>
  Object.fromEntries(
    report.checks
      .filter((c) => names.includes(c.name))
      .map((c) => [c.name, c.status === "ok" ? "ok" : `${c.status}: ${c.reason}`]),
  );

async function run(breakage: Breakage): Promise<Report> {
  const unit = await startBrokenUnit(breakage);
  try {
    return await runConformance({ url: unit.url, pacingMs: 0 });
  } finally {
    await unit.close();
  }
}

const bodyOf = async (req: Request) =>
  (await req
    .clone()
    .json()
    .catch(() => ({}))) as Record<string, unknown>;

describe("the kit's D14 checks", () => {
  it("pass on the emulator", async () => {
    const unit = await startEmulator();
    try {
      const report = await runConformance({ url: unit.url, pacingMs: 0 });
      expect(results(report)).toEqual(Object.fromEntries(NAMES.map((n) => [n, "ok"])));
    } finally {
      await unit.close();
    }
  });

  it("a unit without D14: each check says what it lacks and skips; nothing fails", async () => {
    const report = await run(async (req, forward) => {
      const path = new URL(req.url).pathname;
      const res = await forward();
      if (path === API.telemetry(TIMING_DATASET)) {
        const { upload: _, ...rest } = (await res.json()) as Record<string, unknown>;
        return withJson(res, rest);
      }
      if (path === API.configGet) {
        const { http_url: _, ...rest } = (await res.json()) as Record<string, unknown>;
        return withJson(res, rest);
      }
      return res;
    });
    expect(results(report)).toEqual(Object.fromEntries(NAMES.map((n) => [n, `skip: ${NO_UPLOAD}`])));
    expect(report.failed).toBe(0);
    expect(results(report, ["config get"])).toEqual({ "config get": "ok" });
  });

  it("a unit that shows the URL's password, and one that takes a URL outside D14's limits, fail", async () => {
    const unit = await startBrokenUnit(async (req, forward) => {
      const path = new URL(req.url).pathname;
      if (path === API.configSet && (await bodyOf(req)).key === "http_url") {
        return withJson(await forward(), { key: "http_url", value: "ok", time: "t" }, 200);
      }
      const res = await forward();
      if (path !== API.configGet && path !== API.telemetry(TIMING_DATASET)) return res;
      return withJson(res, JSON.parse((await res.text()).replaceAll("***", "hunter2")));
    });
    try {
      await unit.device.device.config.set("http_url", "http://results:hunter2@127.0.0.1:9/");
      const report = await runConformance({ url: unit.url, pacingMs: 0 });
      const found = results(report);
      expect(found["upload (D14)"]).toBe(
        "fail: timing.upload.url shows the password of http_url: mask it (D14)",
      );
      expect(found["http_url (D14)"]).toBe(
        "fail: config/get.http_url shows its password: mask it like a password (D14)",
      );
      expect(found["http_url refusals (D14)"]).toMatch(
        /^fail: POST \/api\/config\/set answered 200 to http_url not http or https, expected 400; the original written back/,
      );
      expect(found["UPLOAD_FROM refusals (D14)"]).toBe("ok");
    } finally {
      await unit.close();
    }
  });

  it("--destructive: a unit whose posts never reach a server fails 'passings posted', with the unit's cause", async () => {
    let inner = "";
    const unit = await startBrokenUnit(async (req, forward) => {
      const path = new URL(req.url).pathname;
      const body = path === API.configSet ? await bodyOf(req) : {};
      if (body.key !== "http_url" || !String(body.value).includes("trc-conformance")) return forward();
      // The unit is pointed at a port where nothing listens instead of the kit's receiver.
      const res = await fetch(`${inner}${API.configSet}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: req.headers.get("origin") ?? "" },
        body: JSON.stringify({ ...body, value: "http://127.0.0.1:9/passings" }),
      });
      return withJson(res, await res.json());
    });
    inner = unit.device.url;
    try {
      const report = await runConformance({
        url: unit.url,
        pacingMs: 0,
        destructive: true,
        rebootTimeoutMs: 20_000,
      });
      const posted = report.checks.find((c) => c.name === "passings posted (D14)");
      expect(posted?.status).toBe("fail");
      expect(posted?.reason).toMatch(
        /^marker \d+ of timing_\d+\.csv did not reach the kit at http:\/\/127\.0\.0\.1:\d+\/trc-conformance within 20 s \(the unit says: failing, connection refused\)$/,
      );
      expect(report.checks.filter((c) => c.status === "fail").map((c) => c.name)).toEqual([
        "passings posted (D14)",
      ]);
    } finally {
      await unit.close();
    }
  }, 120_000);
});
