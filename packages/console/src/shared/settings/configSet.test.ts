// The one set of a setting: the D3 body, only a 200 counts, a refusal throws with the device's reason, and the
// credentials follow config.useAuth.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DeviceError } from "../../api/errors.ts";
import { useAuth } from "../access/authStore.ts";
import { useFlags } from "../access/flags.ts";
import { setBody, writeSetting } from "./configSet.ts";

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

describe("writeSetting", () => {
  it("a 200 is the unit's answer, sent without credentials while config.useAuth is off (D8)", async () => {
    const received = unit(200, { key: "raw_port", value: 10005 });
    const answer = await writeSetting(UNIT, "raw_port", 10005);
    expect(answer).toMatchObject({ status: 200, body: { key: "raw_port", value: 10005 } });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ key: "raw_port", value: 10005 });
    expect(received[0]).not.toHaveProperty("auth_pw");
  });

  it("with config.useAuth on, the password goes with the set", async () => {
    useFlags.getState().setOverride("config", "useAuth", true);
    const received = unit(200, { key: "raw_port", value: 10005 });
    await writeSetting(UNIT, "raw_port", 10005);
    expect(received[0]).toMatchObject({ key: "raw_port", auth_pw: "admin-pass" });
  });

  it("a refusal throws a DeviceError with its status and the device's reason", async () => {
    unit(400, { error: "raw_port: Must be at most 65535" });
    const err = await writeSetting(UNIT, "raw_port", 70000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeviceError);
    expect(err).toMatchObject({ status: 400, message: "HTTP 400: raw_port: Must be at most 65535" });
  });
});

describe("setBody (D3)", () => {
  const now = new Date("2026-11-22T05:40:00.000Z");
  it.each([
    ["raw_port", 10002, {}, { key: "raw_port", value: 10002, time: "2026-11-22T05:40:00.000Z" }],
    ["gps_correction", true, {}, { key: "gps_correction", value: true, time: "2026-11-22T05:40:00.000Z" }],
    [
      "uhf_power",
      "LOW",
      { auth_pw: "owner-pass" },
      { key: "uhf_power", value: "LOW", time: "2026-11-22T05:40:00.000Z", auth_pw: "owner-pass" },
    ],
  ] as const)("%s = %j with %o", (key, value, creds, body) => {
    expect(setBody(key, value, now, creds)).toStrictEqual(body);
  });
});
