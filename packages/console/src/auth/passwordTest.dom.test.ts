// Unit tests of the password test: the 0.5 s wait, the three messages of SPEC §8 and the level it sets.
import { AUTH_TEST_DELAY_MS, DEFAULT_LEVEL } from "@trc/protocol";
import { beforeEach, describe, expect, it } from "vitest";
import { DeviceError } from "../api/errors.ts";
import { useAuth } from "../shared/access/authStore.ts";
import { authTypeText, NO_AUTH } from "../shared/access/authText.ts";
import { type AuthFetcher, askLevel, checkPassword } from "./passwordTest.ts";

const answer =
  (status: number, body: unknown): AuthFetcher =>
  async () => ({ status, body });

const noWait = async () => {};

describe("password test (SPEC §7, §8)", () => {
  it.each([
    [200, { level: 20 }, true, "Password test was successful, validated", 20],
    [200, { level: 150 }, true, "Password test was successful, validated", 150],
    [401, { error: "Unauthorized" }, false, "Password was incorrect", undefined],
    [400, { error: "no auth" }, false, "ERROR: Query did not contain authentication", undefined],
    [500, { error: "flash busy" }, false, "HTTP 500: flash busy", undefined],
    [
      200,
      { level: "admin" },
      false,
      "Unexpected answer from the device: level expected number, got string",
      undefined,
    ],
    [200, { level: 300 }, false, "Unexpected answer from the device: level must be at most 255", undefined],
  ])("HTTP %i %j -> %s %j", async (status, body, successful, responseMsg, level) => {
    expect(await checkPassword("pw", answer(status, body), noWait)).toEqual(
      level === undefined ? { successful, responseMsg } : { successful, responseMsg, level },
    );
  });

  it("the password limit (429): the wait from Retry-After", async () => {
    const limited: AuthFetcher = async () => ({
      status: 429,
      body: { error: "Too many wrong passwords: try again in 58 s" },
      retryAfterS: 57,
    });
    expect(await checkPassword("owner-pass", limited, noWait)).toEqual({
      successful: false,
      responseMsg: "Too many wrong passwords: try again in 57 s",
    });
  });

  it("waits 0.5 s before asking the device", async () => {
    const steps: string[] = [];
    await checkPassword(
      "pw",
      async () => {
        steps.push("ask");
        return { status: 200, body: { level: 20 } };
      },
      async (ms) => {
        steps.push(`wait ${ms}`);
      },
    );
    expect(steps).toEqual([`wait ${AUTH_TEST_DELAY_MS}`, "ask"]);
    expect(AUTH_TEST_DELAY_MS).toBe(500);
  });

  it("sends auth_pw, or nothing for an empty password", async () => {
    const sent: unknown[] = [];
    const fetcher: AuthFetcher = async (json) => {
      sent.push(json);
      return { status: 400, body: null };
    };
    await checkPassword("owner-pass", fetcher, noWait);
    await checkPassword("", fetcher, noWait);
    expect(sent).toEqual([{ auth_pw: "owner-pass" }, {}]);
  });

  it("a network failure is a failed test with the reason", async () => {
    const r = await checkPassword(
      "pw",
      async () => {
        throw new Error("The device cannot be reached");
      },
      noWait,
    );
    expect(r).toEqual({ successful: false, responseMsg: "The device cannot be reached" });
  });
});

describe("askLevel (the mutation's function)", () => {
  it("answers the level of a 200", async () => {
    expect(await askLevel("pw", answer(200, { level: 100 }), noWait)).toBe(100);
  });

  it.each([
    [401, { error: "Unauthorized" }, "http", "HTTP 401: Unauthorized"],
    [
      200,
      { level: "admin" },
      "contract",
      "Unexpected answer from the device: level expected number, got string",
    ],
  ])("HTTP %i %j throws a DeviceError (%s): %s", async (status, body, kind, message) => {
    const err = await askLevel("pw", answer(status, body), noWait).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeviceError);
    expect(err).toMatchObject({ kind, status, body, message });
  });
});

describe("auth store", () => {
  beforeEach(() => {
    useAuth.getState().useNone();
    sessionStorage.clear();
    localStorage.clear();
  });

  it("success sets Password and the level; failure resets to None at 10", () => {
    const s = useAuth.getState();
    s.setPassword("admin-pass");
    s.passwordTested({ successful: true, responseMsg: "ok" }, 100);
    expect(useAuth.getState()).toMatchObject({ type: "PASSWORD", level: 100 });
    useAuth.getState().passwordTested({ successful: false, responseMsg: "Password was incorrect" });
    expect(useAuth.getState()).toMatchObject({ type: "NONE", level: DEFAULT_LEVEL });
  });

  it("a test the password limit refused (429) keeps the type, the level and the password, and says the wait", () => {
    const s = useAuth.getState();
    s.setPassword("admin-pass");
    s.passwordTested({ successful: true, responseMsg: "ok" }, 100);
    const responseMsg = "Too many wrong passwords: try again in 20 s";
    useAuth.getState().passwordTestLimited({ successful: false, responseMsg });
    expect(useAuth.getState()).toMatchObject({
      type: "PASSWORD",
      level: 100,
      password: "admin-pass",
      result: { successful: false, responseMsg },
    });
  });

  it("keeps the password in sessionStorage, never in localStorage (D7)", () => {
    const s = useAuth.getState();
    s.setPassword("admin-pass");
    s.passwordTested({ successful: true, responseMsg: "ok" }, 100);
    expect(JSON.stringify({ ...sessionStorage })).toContain("admin-pass");
    expect(JSON.stringify({ ...localStorage })).not.toContain("admin-pass");
  });
});

describe("auth type text", () => {
  it.each([
    ["PASSWORD", "Pass"],
    ["KEY", "Key"],
    ["NONE", NO_AUTH],
  ] as const)("%s -> %s", (type, text) => {
    expect(authTypeText(type)).toBe(text);
  });
  it("says 'No auth configured!'", () => expect(NO_AUTH).toBe("No auth configured!"));
});
