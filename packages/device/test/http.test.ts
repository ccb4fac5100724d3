// HTTP behaviour of the API: 404/405 with reasons, body limits, bad JSON, test hooks (origins and CORS: origins.test.ts).
import { API, ErrorBody } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testHooksClient } from "../src/test-hooks-client.ts";
import { startTestDevice, type TestDevice } from "./helpers.ts";

let dev: TestDevice;
beforeAll(async () => {
  dev = await startTestDevice({ testHooks: true });
});
afterAll(() => dev.dispose());

const errorOf = async (res: Response) => ErrorBody.parse(await res.json()).error;

const JSON_TYPE = { "Content-Type": "application/json" };

describe("API errors", () => {
  it("404 with a reason for an unknown /api path", async () => {
    for (const path of ["/api/nope", "/api", "/api/telemetry/nope", "/api/config/get/"]) {
      const res = await dev.call(path);
      expect(res.status, path).toBe(404);
      expect(await errorOf(res)).toMatch(/No such API path/);
    }
  });

  it("405 for a wrong method, with Allow", async () => {
    const res = await dev.call(API.configGet, { method: "POST" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toContain("GET");
    expect(await errorOf(res)).toMatch(/not allowed/);
    expect((await dev.call(API.commandExecute)).status).toBe(405);
    expect((await dev.call(API.fileDelete("status.log"))).status).toBe(405);
  });

  it("413 for a JSON body over 16 kB", async () => {
    const res = await dev.call(API.configSet, {
      method: "POST",
      body: JSON.stringify({ key: "x".repeat(17_000) }),
    });
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toMatch(/16 kB/);
  });

  it("400 for not-JSON, non-objects and deep nesting", async () => {
    for (const body of ["not json", "[1,2]", "42", JSON.stringify({ a: [[[[[[[[[[1]]]]]]]]]] })]) {
      const res = await dev.call(API.configSet, { method: "POST", headers: JSON_TYPE, body });
      expect(res.status, body).toBe(400);
      expect((await errorOf(res)).length).toBeGreaterThan(5);
    }
  });
});

describe("test hooks", () => {
  it("fault makes the next answers on a path fail", async () => {
    const add = await dev.postJson("/api/__test/fault", { path: API.configGet, status: 503, count: 2 });
    expect(add.status).toBe(200);
    expect((await dev.call(API.configGet)).status).toBe(503);
    const second = await dev.call(API.configGet);
    expect(second.status).toBe(503);
    expect(await errorOf(second)).toMatch(/Injected/);
    expect((await dev.call(API.configGet)).status).toBe(200);
  });

  it("a prefix fault with a body", async () => {
    await dev.postJson("/api/__test/fault", {
      path: "/api/telemetry/*",
      status: 500,
      count: 1,
      body: { error: "boom" },
    });
    const res = await dev.call(API.telemetry("battery"));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "boom" });
    expect((await dev.call(API.telemetry("battery"))).status).toBe(200);
  });

  it("refuses a bad fault spec", async () => {
    expect((await dev.postJson("/api/__test/fault", { path: "x", status: 500 })).status).toBe(400);
    expect((await dev.postJson("/api/__test/fault", { path: "/api/x", status: 42 })).status).toBe(400);
  });

  it("log records requests with passwords masked", async () => {
    await dev.postJson(API.commandExecute, { cmd: "SET_PW", args: ["top-secret"], auth_pw: "owner-pass" });
    await dev.postJson(API.configSet, { key: "sta_password", value: "wifi-secret", time: "t" });
    await dev.postJson(API.authTest, { auth_pw: "admin-pass" });
    const { body: log } = await dev.getJson("/api/__test/log");
    const text = JSON.stringify(log);
    for (const secret of ["top-secret", "owner-pass", "wifi-secret", "admin-pass"])
      expect(text).not.toContain(secret);
    const exec = log.findLast(
      (e: { path: string; method: string }) => e.path === API.commandExecute && e.method === "POST",
    );
    expect(exec).toMatchObject({ method: "POST", body: { cmd: "SET_PW", args: ["***"], auth_pw: "***" } });
    expect(typeof exec.time).toBe("number");
    expect(log.some((e: { path: string }) => e.path.startsWith("/api/__test"))).toBe(false);
  });

  it("log entries carry a seq: a cursor taken before an action reads exactly the requests after it", async () => {
    const hooks = testHooksClient(dev.url);
    await dev.call(API.telemetry("battery"));
    const cursor = await hooks.logSeq();
    expect((await hooks.log()).at(-1)?.seq).toBe(cursor);
    // The hooks are not logged: reading the cursor or the log moves nothing.
    expect(await hooks.log(cursor)).toEqual([]);
    await dev.call(API.telemetry("storage"));
    await dev.call(API.configGet);
    const after = await hooks.log(cursor);
    expect(after.map((e) => [e.seq, e.path])).toEqual([
      [cursor + 1, API.telemetry("storage")],
      [cursor + 2, API.configGet],
    ]);
    // Cleared (as a reset clears it), the log starts empty but a seq is never handed out twice.
    await hooks.clearLog();
    expect([await hooks.logSeq(), await hooks.log()]).toEqual([cursor + 2, []]);
    await dev.call(API.configGet);
    expect((await hooks.log(0)).map((e) => e.seq)).toEqual([cursor + 3]);
    for (const bad of ["-1", "x", "1.5", ""]) {
      expect((await dev.call(`/api/__test/log?after=${bad}`)).status, bad).toBe(400);
    }
  });

  it("stats count requests in flight, and reset", async () => {
    expect((await dev.call("/api/__test/reset-stats", { method: "POST" })).status).toBe(200);
    await Promise.all([1, 2, 3].map(() => dev.call(API.telemetry("storage"))));
    const { body } = await dev.getJson("/api/__test/stats");
    expect(body.requests).toBe(3);
    expect(body.inFlight).toBe(0);
    expect(body.maxInFlight).toBeGreaterThanOrEqual(1);
    expect((await dev.call("/api/__test/stats/reset", { method: "POST" })).status).toBe(200);
    expect((await dev.getJson("/api/__test/stats")).body.requests).toBe(0);
  });

  it("are absent without testHooks", async () => {
    const plain = await startTestDevice();
    try {
      expect((await plain.call("/api/__test/stats")).status).toBe(404);
    } finally {
      await plain.dispose();
    }
  });
});
