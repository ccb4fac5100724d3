// Reliability (issue 23, findings 1, 2, 4, 9): the password limit holds under 100 concurrent guesses, SET_PW is no oracle, NFC passwords.
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { API } from "@trc/protocol";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sourceOf } from "../../src/middleware/auth-throttle.ts";
import { type AnyJson, startTestDevice, type TestDevice, waitFor } from "../helpers.ts";
import { type HeldRequest, holdRequest } from "./held-requests.ts";

const TRIES = 5;
const TOO_MANY = /^Too many wrong passwords: try again in (\d+) s$/;

/** Sends `bodies` to `path` at once: every request's headers first, then (once the unit holds them all) every body. */
async function concurrently(dev: TestDevice, path: string, bodies: unknown[]) {
  const held: HeldRequest[] = bodies.map((b) => holdRequest(dev.url, path, JSON.stringify(b)));
  await waitFor(async () => {
    const stats = (await dev.getJson("/api/__test/stats")).body;
    return stats.inFlight >= bodies.length ? true : undefined;
  }, 10_000);
  for (const h of held) h.sendBody();
  return Promise.all(held.map((h) => h.answer));
}

function tally(answers: { status: number; body: AnyJson; retryAfter: string | null }[]) {
  const count = (s: number) => answers.filter((a) => a.status === s).length;
  return { ok: count(200), wrong: count(401), limited: count(429), bad: count(400) };
}

describe("100 guesses at once", () => {
  let dev: TestDevice;
  beforeAll(async () => {
    dev = await startTestDevice({ testHooks: true });
  });
  afterAll(() => dev.dispose());
  afterEach(() => vi.useRealTimers());

  it("auth/test: at most 5 evaluated; the rest 429 with Retry-After; the right password after the wait", {
    timeout: 30_000,
  }, async () => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    const guesses = Array.from({ length: 100 }, (_, i) => ({ auth_pw: `guess-${i}` }));
    const answers = await concurrently(dev, API.authTest, guesses);
    const t = tally(answers);
    expect(t.ok).toBe(0);
    expect(t.wrong).toBeLessThanOrEqual(TRIES);
    expect(t.wrong + t.limited).toBe(100);
    const limited = answers.find((a) => a.status === 429);
    const seconds = Number(TOO_MANY.exec(limited?.body.error)?.[1]);
    expect(limited?.retryAfter).toBe(String(seconds));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    // The operator behind the same address: refused during the wait, let in once it has passed.
    expect((await dev.postJson(API.authTest, { auth_pw: "owner-pass" })).status).toBe(429);
    vi.setSystemTime(Date.now() + seconds * 1000);
    expect(await dev.postJson(API.authTest, { auth_pw: "owner-pass" })).toEqual({
      status: 200,
      body: { level: 20 },
    });
  });

  it("execute and config/set with auth_pw: at most 5 evaluated; nothing runs, nothing is stored", {
    timeout: 30_000,
  }, async () => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 120_000);
    const exec = Array.from({ length: 50 }, (_, i) => ({ cmd: "WHITELABEL", args: ["X"], auth_pw: `g${i}` }));
    const set = Array.from({ length: 50 }, (_, i) => ({
      key: "ap_ssid",
      value: "HACKED",
      time: "t",
      auth_pw: `h${i}`,
    }));
    const answers = await concurrently(dev, API.commandExecute, exec);
    const sets = await Promise.all(set.map((b) => dev.postJson(API.configSet, b)));
    const t = tally([...answers, ...sets.map((s) => ({ ...s, retryAfter: null }))]);
    expect(t.ok).toBe(0);
    expect(t.wrong).toBeLessThanOrEqual(TRIES);
    expect(t.limited).toBe(100 - t.wrong);
    expect((await dev.getJson(API.configGet)).body.ap_ssid).toBe("DECODER-AP");
    // A request without a password guesses nothing: level-10 calls work during the wait.
    expect((await dev.postJson(API.commandExecute, { cmd: "IDENT_ANT", args: [] })).status).toBe(200);
  });
});

describe("SET_PW", () => {
  let dev: TestDevice;
  beforeAll(async () => {
    dev = await startTestDevice({ testHooks: true });
  });
  afterAll(() => dev.dispose());

  const setPw = (password: string, auth_pw = "owner-pass") =>
    dev.postJson(API.commandExecute, { cmd: "SET_PW", args: [password], auth_pw });

  it("a password another level has: refused without saying so, counted as a guess, nothing rewritten", async () => {
    const file = join(dev.dataDir, "passwords.json");
    const before = { text: await readFile(file, "utf8"), mtime: (await stat(file)).mtimeMs };
    for (const pw of ["admin-pass", "dev-pass", "admin-pass", "dev-pass", "admin-pass"]) {
      expect(await setPw(pw)).toEqual({
        status: 400,
        body: { error: "password: That password cannot be used" },
      });
    }
    // Refusals are guesses: the 6th try of this address within the minute is not evaluated.
    const more = await setPw("dev-pass");
    expect(more.status).toBe(429);
    expect(more.body.error).toMatch(TOO_MANY);
    expect(await readFile(file, "utf8")).toBe(before.text);
    expect((await stat(file)).mtimeMs).toBe(before.mtime);
  });
});

describe("Unicode passwords", () => {
  let dev: TestDevice;
  beforeAll(async () => {
    dev = await startTestDevice();
  });
  afterAll(() => dev.dispose());

  it("set in NFC, tested in NFD (and the other way round): the same password", async () => {
    const nfc = "caf\u00e9-pass";
    const nfd = "cafe\u0301-pass";
    const set = await dev.postJson(API.commandExecute, { cmd: "SET_PW", args: [nfc], auth_pw: "owner-pass" });
    expect(set.status).toBe(200);
    expect(await dev.postJson(API.authTest, { auth_pw: nfd })).toEqual({ status: 200, body: { level: 20 } });
    const back = await dev.postJson(API.commandExecute, {
      cmd: "SET_PW",
      args: ["owner-pass"],
      auth_pw: nfd,
    });
    expect(back.status).toBe(200);
    expect((await dev.postJson(API.authTest, { auth_pw: "owner-pass" })).status).toBe(200);
  });
});

describe("the source a limit is kept under", () => {
  it.each([
    ["127.0.0.1", "127.0.0.1"],
    ["::ffff:192.168.4.20", "192.168.4.20"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
  ])(
    "%s -> %s (one IPv6 network is one source: its host part is the attacker's to change)",
    (address, source) => {
      expect(sourceOf(address)).toBe(source);
    },
  );
});
