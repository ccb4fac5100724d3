// The kit against the emulator: every check passes, by default and with --destructive; by default nothing changes.
import { API } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAFE_PROBES } from "../src/checks/locks.ts";
import { HTTP_URL_PROBES, NO_SESSION } from "../src/checks/upload.ts";
import { type Report, runConformance } from "../src/index.ts";
import { startEmulator, type TestUnit } from "./units.ts";

const notOk = (report: Report) => report.checks.filter((c) => c.status !== "ok");

describe("default mode", () => {
  let unit: TestUnit;
  beforeAll(async () => {
    unit = await startEmulator({ testHooks: true });
  });
  afterAll(() => unit.close());

  it("passes every check, contract and recommendation, and changes nothing", async () => {
    const get = async (path: string): Promise<unknown> => (await fetch(`${unit.url}${path}`)).json();
    const unchanged = [API.configGet, API.filesAll, API.deviceName, API.telemetry("uhf/config")];
    const before = await Promise.all(unchanged.map(get));
    const firmware = (await get(API.telemetry("firmware"))) as { version: string };
    const report = await runConformance({ url: unit.url, pacingMs: 0 });
    expect(notOk(report)).toEqual([]);
    expect(report.failed).toBe(0);
    expect(report.passed).toBe(report.checks.length);
    expect(report.checks.map((c) => c.name)).toContain("telemetry battery");
    expect(await Promise.all(unchanged.map(get))).toEqual(before);
    expect(await get(API.telemetry("firmware"))).toMatchObject({ version: firmware.version });
    // Only reads and refusals were sent: the unit's request log has no other call.
    const log = (await get("/api/__test/log")) as {
      method: string;
      path: string;
      body?: Record<string, unknown>;
    }[];
    expect(log.length).toBeGreaterThan(80);
    for (const entry of log) {
      const what = `${entry.method} ${entry.path} ${JSON.stringify(entry.body ?? null)}`;
      if (entry.method === "GET") continue;
      expect(entry.method, what).toBe("POST");
      if (entry.path === API.commandExecute && entry.body?.cmd === "UHF_PORT") {
        // D13's refusals: channels no unit has (the unit has ports 1 to 4).
        expect(["0", "5", "one", "1.5"], what).toContain((entry.body.args as string[])[0]);
      } else if (entry.path === API.commandExecute && entry.body?.cmd === "UPLOAD_FROM") {
        // D14's refusals: a session no unit has.
        expect((entry.body.args as string[])[0], what).toBe(NO_SESSION);
      } else if (entry.path === API.commandExecute) {
        expect(["TRC_CONFORMANCE_NO_SUCH_CMD", "GET_PW"], what).toContain(entry.body?.cmd);
      } else if (entry.path === API.configSet) {
        const wrongType = entry.body?.key === "tag_timeout" && typeof entry.body?.value === "string";
        const outOfRange =
          SAFE_PROBES.some((p) => p.key === entry.body?.key && p.value === entry.body?.value) ||
          (entry.body?.key === "http_url" && HTTP_URL_PROBES.some((p) => p.value === entry.body?.value));
        expect(entry.body?.key === "trc_conformance_no_such_key" || wrongType || outOfRange, what).toBe(true);
      } else {
        expect(entry.path, what).toBe(API.authTest);
      }
    }
  });
});

describe("--destructive", () => {
  let unit: TestUnit;
  beforeAll(async () => {
    unit = await startEmulator();
  });
  afterAll(() => unit.close());

  it("passes every check, including the round trips, FS_CLEAR and a firmware upload with reboot", async () => {
    const report = await runConformance({
      url: unit.url,
      pacingMs: 0,
      destructive: true,
      rebootTimeoutMs: 20_000,
    });
    expect(notOk(report)).toEqual([]);
    const names = report.checks.map((c) => c.name);
    for (const name of [
      "config round trip",
      "UHF_TX round trip",
      "UHF_PORT round trip",
      "antenna ports (D13)",
      "time sources (D13)",
      "UHF_PORT refusals",
      "FS_CLEAR and refreshFSDB",
      "passings posted (D14)",
      "firmware upload",
    ]) {
      expect(names).toContain(name);
    }
    const firmware = (await (await fetch(`${unit.url}${API.telemetry("firmware")}`)).json()) as {
      version: string;
    };
    expect(firmware.version).toMatch(/^conformance-/);
    const config = (await (await fetch(`${unit.url}${API.configGet}`)).json()) as Record<string, unknown>;
    expect(config).toMatchObject({ mqtt_client_id: "ONET10001", tag_timeout: 5, gps_correction: false });
  });

  it("skips the UHF_TX and UHF_PORT round trips on an hf unit", async () => {
    const hf = await startEmulator({ mode: "hf" });
    try {
      const report = await runConformance({
        url: hf.url,
        pacingMs: 0,
        destructive: true,
        rebootTimeoutMs: 20_000,
      });
      expect(notOk(report).map((c) => [c.name, c.status])).toEqual([
        ["UHF_TX round trip", "skip"],
        ["UHF_PORT round trip", "skip"],
      ]);
    } finally {
      await hf.close();
    }
  });
});

describe("a unit that wants a password for configuration sets (DEVICE_CONFIG_AUTH)", () => {
  const withUnit = async (check: (url: string) => Promise<void>) => {
    const unit = await startEmulator({ configAuth: true });
    try {
      await check(unit.url);
    } finally {
      await unit.close();
    }
  };

  it("skips the wrong-type and range checks without a password", () =>
    withUnit(async (url) => {
      const report = await runConformance({ url, pacingMs: 0 });
      expect(notOk(report).map((c) => [c.name, c.status])).toEqual([
        ["http_url refusals (D14)", "skip"],
        ["config set wrong type", "skip"],
        ["values out of range refused", "skip"],
      ]);
    }));

  it("passes every check, --destructive included, with the password", () =>
    withUnit(async (url) => {
      const options = { url, pacingMs: 0, destructive: true, rebootTimeoutMs: 20_000 };
      expect(notOk(await runConformance({ ...options, password: "owner-pass" }))).toEqual([]);
    }));
});

describe("an unreachable unit", () => {
  it("fails the first check and skips the rest instead of waiting for each", async () => {
    const unit = await startEmulator();
    const url = unit.url;
    await unit.close();
    const report = await runConformance({ url, timeoutMs: 2000 });
    expect(report.failed).toBe(1);
    expect(report.checks[0]?.reason).toMatch(/GET \/api\/config\/deviceName: no answer/);
    expect(report.skipped).toBe(report.checks.length - 1);
  });
});
