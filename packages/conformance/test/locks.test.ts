// The issue-23 recommendations against units that break them: guesses at once all evaluated, values out of range stored.
import { API } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { type Report, runConformance } from "../src/index.ts";
import { startBrokenUnit, withJson } from "./units.ts";

const warnings = (report: Report) =>
  Object.fromEntries(report.checks.filter((c) => c.status === "warn").map((c) => [c.name, c.reason ?? ""]));

describe("issue 23 recommendations", () => {
  it("a unit that evaluates every guess sent at once: warned, not failed", async () => {
    // Every wrong password is answered 401, however many arrive (the limit counted failures after the fact).
    const unit = await startBrokenUnit(async (req, forward) => {
      const res = await forward();
      if (new URL(req.url).pathname !== API.authTest || res.status !== 429) return res;
      return withJson(res, { error: "Password was incorrect" }, 401);
    });
    try {
      const report = await runConformance({ url: unit.url, pacingMs: 0 });
      expect(report.failed).toBe(0);
      expect(warnings(report)["guesses sent at once"]).toMatch(
        /^20 of 20 wrong passwords sent at once to \/api\/commands\/auth\/test were evaluated \(401\), expected at most 5 a minute/,
      );
    } finally {
      await unit.close();
    }
  });

  it("a unit that stores a value out of range: warned, and the value written back", async () => {
    const unit = await startBrokenUnit(async (req, forward) => {
      if (req.method !== "POST" || new URL(req.url).pathname !== API.configSet) return forward();
      const body = (await req.clone().json()) as { key: string; value: unknown };
      if (body.key !== "tag_timeout" || body.value !== 1e308) return forward();
      return withJson(await forward(), { key: body.key, value: body.value }, 200);
    });
    try {
      const report = await runConformance({ url: unit.url, pacingMs: 0 });
      expect(report.failed).toBe(0);
      expect(warnings(report)["values out of range refused"]).toBe(
        "POST /api/config/set stored tag_timeout = 1e+308 (far above any timeout; 200, expected 400; 5 written back)",
      );
    } finally {
      await unit.close();
    }
  });
});
