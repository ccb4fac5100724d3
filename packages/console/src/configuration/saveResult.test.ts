// Unit tests of the save result texts and colours (SPEC §8) and the set body (D3).
import { describe, expect, it } from "vitest";
import { setBody } from "../shared/settings/configSet.ts";
import { noAnswerResult, saveResult } from "./saveResult.ts";

describe("saveResult", () => {
  it.each([
    [200, { key: "raw_port", value: 1 }, "200 - Success", true, true],
    [400, { error: "raw_port: Must be at most 65535" }, "400 - Bad packet", false, false],
    [404, { error: "Unknown key" }, "404 - Config not found", false, false],
    [401, { error: "Unauthorized" }, "401 - Unauthorized", false, false],
    [500, "Internal error", "500 - Success", false, false],
    [204, null, "204 - Success", false, false],
  ])("%i reads %j → %s (ok %s, green %s)", (code, body, text, ok, green) => {
    const r = saveResult(code, body);
    expect(r.text).toBe(text);
    expect(r.ok).toBe(ok);
    expect(r.green).toBe(green);
  });

  it("shows the response object as JSON only on 200", () => {
    expect(saveResult(200, { key: "k", value: 5 }).json).toBe('{\n  "key": "k",\n  "value": 5\n}');
    expect(saveResult(400, { key: "k" }).json).toBeNull();
  });

  it.each([
    [{ error: "Must be at most 65535" }, "Must be at most 65535"],
    ["  plain text  ", "plain text"],
    [{ other: 1 }, null],
    [null, null],
  ])("a refusal's reason from %j is %j", (body, reason) => {
    expect(saveResult(400, body).reason).toBe(reason);
  });

  it("an unanswered set is red and not ok", () => {
    expect(noAnswerResult("The device cannot be reached")).toMatchObject({
      code: 0,
      text: "The device cannot be reached",
      ok: false,
      green: false,
    });
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
