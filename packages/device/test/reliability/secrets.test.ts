// Reliability: passwords never in the device's stdout/stderr or in answers (GET_PW at its level aside); the guessing guard's minute.
import { join } from "node:path";
import { API, BUILT_IN_CONFIG } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChildDevice, startChildDevice } from "../../src/child.ts";
import { AuthThrottle, MAX_FAILURES, WINDOW_MS } from "../../src/middleware/auth-throttle.ts";
import { tempDir } from "../helpers.ts";

const NEW_OWNER = "n3w-0wner-secret";
const WIFI = "wifi-s3cret-value";
/** The unit's level passwords (and a guess): never in an answer, a log line or the request log. */
const PASSWORDS = ["owner-pass", "admin-pass", "dev-pass", NEW_OWNER, "guess-0"];
/** A Wi-Fi password is a configuration value the configuration page shows (SPEC §2), but never in logs. */
const SECRETS = [...PASSWORDS, WIFI];

describe("a device process", () => {
  let dev: ChildDevice;
  const answers: string[] = [];
  const call = async (path: string, body?: unknown, raw?: string) => {
    const res = await fetch(`${dev.url}${path}`, {
      method: body === undefined && raw === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json" },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = `${res.status} ${[...res.headers].join(";")} ${await res.text()}`;
    return { status: res.status, text };
  };

  beforeAll(async () => {
    dev = await startChildDevice({
      dataDir: join(await tempDir(), "data"),
      env: { DEVICE_TEST_HOOKS: "1", DEVICE_REBOOT_MS: "300", CONSOLE_DIST: "/nonexistent" },
    });
  });
  afterAll(() => dev.stop());

  it("exercises every password path", async () => {
    const keep = async (p: Promise<{ status: number; text: string }>) => {
      const r = await p;
      answers.push(r.text);
      return r;
    };
    for (const pw of ["owner-pass", "admin-pass", "dev-pass", "guess-0", "guess-1"])
      await keep(call(API.authTest, { auth_pw: pw }));
    await keep(call(API.commandExecute, { cmd: "IDENT_ANT", args: [], auth_pw: "dev-pass" }));
    await keep(call(API.commandExecute, { cmd: "FORCE_REBOOT_TASKS", args: [], auth_pw: "owner-pass" }));
    await keep(call(API.commandExecute, { cmd: "SET_PW", args: [NEW_OWNER], auth_pw: "owner-pass" }));
    await keep(call(API.commandExecute, { cmd: "SET_PW", args: ["admin-pass"], auth_pw: "admin-pass" }));
    await keep(call(API.commandExecute, { cmd: "SET_PW", args: [], auth_pw: "admin-pass" }));
    for (const item of BUILT_IN_CONFIG.filter((i) => /password/.test(i.name_internal)))
      await keep(
        call(API.configSet, { key: item.name_internal, value: WIFI, time: "t", auth_pw: "admin-pass" }),
      );
    await keep(call(API.configSet, { key: "raw_port", value: "not-a-port", time: "t", auth_pw: "dev-pass" }));
    await keep(call(API.configSet, { key: "no_such", value: "x", time: "t" }));
    // Malformed bodies that carry a password: the reason must not quote it.
    await keep(call(API.commandExecute, undefined, `{"cmd":"X","auth_pw":"owner-pass"`));
    await keep(call(API.authTest, undefined, `{"auth_pw":"admin-pass","x":{"a":[[[[[[[[1]]]]]]]]}}`));
    await keep(call(API.authTest, undefined, JSON.stringify({ auth_pw: ["dev-pass"] })));
    await keep(call(API.configGet));
    await keep(call(API.telemetry("hw/config")));
    await keep(call("/api/__test/log"));
    // A reboot writes to stderr: still nothing secret.
    await keep(call(API.commandExecute, { cmd: "REBOOT", args: [], auth_pw: "dev-pass" }));
    await new Promise((r) => setTimeout(r, 1200));
    const getPw = await call(API.commandExecute, { cmd: "GET_PW", args: [], auth_pw: "dev-pass" });
    expect(getPw.text).toContain(NEW_OWNER);
  }, 30_000);

  it("no answer holds a level password, except GET_PW; the request log holds no secret at all", () => {
    expect(answers.length).toBeGreaterThan(15);
    for (const text of answers) for (const s of PASSWORDS) expect(text, text.slice(0, 200)).not.toContain(s);
    const log = answers.find((a) => a.includes('"path":"/api/commands/auth/test"'));
    expect(log).toBeDefined();
    for (const s of SECRETS) expect(log).not.toContain(s);
  });

  it("stdout and stderr hold no password", async () => {
    await dev.stop();
    const { stdout, stderr } = dev.output();
    expect(stdout).toMatch(/TRC device listening on/);
    for (const s of SECRETS) {
      expect(stdout).not.toContain(s);
      expect(stderr).not.toContain(s);
    }
  });
});

describe("the password-guessing guard", () => {
  it("blocks an address after 5 failures within a minute, until that minute has passed; others go on", () => {
    const guard = new AuthThrottle({ now: () => 0 });
    const t0 = 1_000_000;
    for (let i = 0; i < MAX_FAILURES - 1; i++) guard.fail("a", t0 + i * 1000);
    expect(guard.blockedFor("a", t0 + 5000)).toBe(0);
    guard.fail("a", t0 + 10_000);
    expect(guard.blockedFor("a", t0 + 10_000)).toBe(WINDOW_MS - 10_000);
    expect(guard.blockedFor("b", t0 + 10_000)).toBe(0);
    expect(guard.blockedFor("a", t0 + WINDOW_MS - 1)).toBe(1);
    expect(guard.blockedFor("a", t0 + WINDOW_MS)).toBe(0);
    // Failures spread over more than a minute never block.
    const slow = new AuthThrottle({ now: () => 0 });
    for (let i = 0; i < 20; i++) {
      slow.fail("c", t0 + i * 15_000);
      expect(slow.blockedFor("c", t0 + i * 15_000)).toBe(0);
    }
  });
});
