// Unit tests of a set's result in SPEC §8's words: texts and colours, the unit's reason, a refusal and no answer.
import { describe, expect, it } from "vitest";
import { DeviceError } from "../../api/errors.ts";
import { failedResult, noAnswerResult, resultLine, saveResult } from "./saveResult.ts";

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

describe("failedResult: the refusal's words", () => {
  it("a refusal: its code, SPEC §8's text and the device's reason; as one line with the reason in brackets", () => {
    const result = failedResult(
      DeviceError.http(401, { error: "Setting tag_timeout needs level 20 (Owner)" }),
    );
    expect(result).toMatchObject({
      ok: false,
      code: 401,
      text: "401 - Unauthorized",
      reason: "Setting tag_timeout needs level 20 (Owner)",
    });
    expect(resultLine(result)).toBe("401 - Unauthorized (Setting tag_timeout needs level 20 (Owner))");
    expect(resultLine(failedResult(DeviceError.http(404, {})))).toBe("404 - Config not found");
  });

  it("the password limit (429) reads the wait from Retry-After, not '429 - Success'", () => {
    const err = DeviceError.http(429, { error: "Too many wrong passwords: try again in 31 s" }, 30);
    const result = failedResult(err);
    expect(result).toMatchObject({
      ok: false,
      code: 429,
      text: "Too many wrong passwords: try again in 30 s",
      green: false,
    });
    expect(resultLine(result)).toBe("Too many wrong passwords: try again in 30 s");
  });

  it("no answer reads as why, with code 0", () => {
    expect(failedResult(new DeviceError("network", "The device cannot be reached"))).toMatchObject({
      ok: false,
      code: 0,
      text: "The device cannot be reached",
    });
    expect(failedResult(new Error("boom")).text).toBe("boom");
  });
});
