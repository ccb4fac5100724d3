// Setting a value: only a 200 counts, a refusal throws with the device's reason, credentials follow config.useAuth.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DeviceError } from "../api/errors.ts";
import { useAuth } from "../shared/access/authStore.ts";
import { useFlags } from "../shared/access/flags.ts";
import { failedResult, setSetting } from "./configApi.ts";

const UNIT = "http://10.6.0.1";

/** A unit answering config/set with `status` and `body`; the bodies it received. */
function unit(status: number, body: unknown) {
  const received: Record<string, unknown>[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      received.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return received;
}

beforeEach(() => {
  useAuth.getState().setPassword("admin-pass");
  useAuth.getState().passwordTested({ successful: true, responseMsg: "ok" }, 100);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useFlags.getState().setOverride("config", "useAuth", undefined);
  useAuth.getState().useNone();
});

describe("setSetting", () => {
  it("a 200 is the saved result, sent without credentials while config.useAuth is off (D8)", async () => {
    const received = unit(200, { key: "raw_port", value: 10005 });
    const result = await setSetting("raw_port", 10005, UNIT);
    expect(result).toMatchObject({ ok: true, text: "200 - Success", green: true });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ key: "raw_port", value: 10005 });
    expect(received[0]).not.toHaveProperty("auth_pw");
  });

  it("with config.useAuth on, the password goes with the set", async () => {
    useFlags.getState().setOverride("config", "useAuth", true);
    const received = unit(200, { key: "raw_port", value: 10005 });
    await setSetting("raw_port", 10005, UNIT);
    expect(received[0]).toMatchObject({ key: "raw_port", auth_pw: "admin-pass" });
  });

  it("a refusal throws a DeviceError; the input shows its code, text and the device's reason", async () => {
    unit(400, { error: "raw_port: Must be at most 65535" });
    const err = await setSetting("raw_port", 70000, UNIT).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeviceError);
    expect(err).toMatchObject({ status: 400, message: "HTTP 400: raw_port: Must be at most 65535" });
    expect(failedResult(err)).toMatchObject({
      ok: false,
      code: 400,
      text: "400 - Bad packet",
      reason: "raw_port: Must be at most 65535",
    });
  });

  it("the password limit (429): the input reads the wait from Retry-After, not '429 - Success'", () => {
    const err = DeviceError.http(429, { error: "Too many wrong passwords: try again in 31 s" }, 30);
    expect(failedResult(err)).toMatchObject({
      ok: false,
      code: 429,
      text: "Too many wrong passwords: try again in 30 s",
      green: false,
    });
  });

  it("no answer reads as why", () => {
    expect(failedResult(new DeviceError("network", "The device cannot be reached"))).toMatchObject({
      ok: false,
      code: 0,
      text: "The device cannot be reached",
    });
  });
});
