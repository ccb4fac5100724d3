// The password test: 200 with the level, 401 wrong, 400 missing, 429 after 5 failures in a minute.
import { API, AUTH_MESSAGES, AuthTestResponse } from "@trc/protocol";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AnyJson, startTestDevice, type TestDevice } from "./helpers.ts";

let dev: TestDevice;
beforeAll(async () => {
  dev = await startTestDevice();
});
afterAll(() => dev.dispose());

it("answers the level of each seeded password", async () => {
  for (const [pw, level] of [
    ["owner-pass", 20],
    ["admin-pass", 100],
    ["dev-pass", 150],
  ] as const) {
    const res = await dev.postJson(API.authTest, { auth_pw: pw });
    expect(res.status).toBe(200);
    expect(AuthTestResponse.parse(res.body).level).toBe(level);
  }
});

it("400 without a password", async () => {
  for (const body of [{}, { auth_pw: "" }]) {
    const res = await dev.postJson(API.authTest, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(AUTH_MESSAGES.missing);
  }
  expect((await dev.call(API.authTest, { method: "POST" })).status).toBe(400);
});

it("401 for a wrong password, then 429 after 5 failures until the minute has passed", async () => {
  for (let i = 0; i < 5; i++) {
    const res = await dev.postJson(API.authTest, { auth_pw: `wrong-${i}` });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe(AUTH_MESSAGES.incorrect);
  }
  const blocked = await dev.call(API.authTest, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ auth_pw: "owner-pass" }),
  });
  expect(blocked.status).toBe(429);
  expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(50);
  expect(((await blocked.json()) as AnyJson).error).toMatch(/try again/);
});

it("counts wrong passwords on every call together: the password test, execute and config set share one limit", async () => {
  const other = await startTestDevice();
  try {
    const wrong = { auth_pw: "not-a-password" };
    expect((await other.postJson(API.authTest, wrong)).status).toBe(401);
    expect((await other.postJson(API.authTest, wrong)).status).toBe(401);
    expect((await other.postJson(API.commandExecute, { cmd: "REBOOT", args: [], ...wrong })).status).toBe(
      401,
    );
    expect((await other.postJson(API.commandExecute, { cmd: "REBOOT", args: [], ...wrong })).status).toBe(
      401,
    );
    const set = { key: "company_num", value: 7, time: new Date().toISOString(), ...wrong };
    expect((await other.postJson(API.configSet, set)).status).toBe(401);
    // Five wrong guesses spread over three calls: each call now refuses even the right password.
    expect((await other.postJson(API.authTest, { auth_pw: "owner-pass" })).status).toBe(429);
    const execute = await other.postJson(API.commandExecute, {
      cmd: "GET_PW",
      args: [],
      auth_pw: "owner-pass",
    });
    expect(execute.status).toBe(429);
    expect((await other.postJson(API.configSet, { ...set, auth_pw: "owner-pass" })).status).toBe(429);
    // A call without a password guesses nothing and still works.
    expect(
      (await other.postJson(API.configSet, { key: "company_num", value: 7, time: set.time })).status,
    ).toBe(200);
  } finally {
    await other.dispose();
  }
});
