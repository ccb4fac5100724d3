// Unit tests of the conflict-checked write, proven once for both pages: unchanged, changed on the unit, sent and set,
// refused with the unit's reason, no answer, and nothing sent when the unit could not be read first.
import type { ConfigValue } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { DeviceError } from "../../api/errors.ts";
import { write } from "../../api/write.ts";
import { type Check, checkWrite, notReadResult, sendWrite, sentStatus } from "./checkedWrite.ts";
import { resultLine } from "./saveResult.ts";

const raw = (value: ConfigValue, expected: ConfigValue | undefined) => ({
  setting: "raw_port",
  value,
  expected,
});

describe("checkWrite: the unit's value just read against the one the operator saw", () => {
  it.each<[ConfigValue | undefined, ConfigValue | undefined, ConfigValue, Check["status"], Check["status"]]>([
    // saw, unit now, to send, a profile's Apply and Undo, the Configuration page (sends what the unit holds)
    [10000, 10000, 10002, "send", "send"], // nobody changed it
    [10000, 10005, 10002, "conflict", "conflict"], // changed on the unit
    [10000, 10002, 10002, "unchanged", "send"], // the unit already holds what is sent: nothing to lose
    [undefined, 10005, 10002, "conflict", "conflict"], // not reported when seen, reported now
    [10000, undefined, 10002, "conflict", "conflict"], // no longer reported
    [undefined, undefined, 10002, "send", "send"],
  ])("saw %j, the unit has %j, sending %j: %s (the page: %s)", (saw, now, value, plain, page) => {
    expect(checkWrite(raw(value, saw), now).status).toBe(plain);
    expect(checkWrite(raw(value, saw), now, { sendSame: true }).status).toBe(page);
  });

  it("a conflict holds both values for the question, and the value before for an undo", () => {
    expect(checkWrite(raw(10002, 10000), 10005)).toStrictEqual({
      status: "conflict",
      before: 10005,
      conflict: { old: 10000, now: 10005, value: 10002 },
    });
    expect(checkWrite(raw(10002, 10000), 10000)).toStrictEqual({ status: "send", before: 10000 });
  });
});

describe("sendWrite: the answer in the Configuration page's words, never a throw", () => {
  /** A set through the one write (api/write.ts) answered by a fake unit. */
  const set = (answer: { status: number; body: unknown } | Error) => () =>
    write("/api/config/set", { json: {}, only: 200 }, async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    });

  it("a 200: applied, the unit's answer as JSON", async () => {
    const result = await sendWrite(set({ status: 200, body: { key: "raw_port", value: 10002 } }));
    expect(sentStatus(result)).toBe("applied");
    expect(result).toMatchObject({
      text: "200 - Success",
      green: true,
      json: expect.stringContaining("10002"),
    });
  });

  it("refused with the unit's reason", async () => {
    const body = { error: "Setting tag_timeout needs level 20 (Owner); this request has level 10" };
    const result = await sendWrite(set({ status: 401, body }));
    expect(sentStatus(result)).toBe("refused");
    expect(resultLine(result)).toBe(
      "401 - Unauthorized (Setting tag_timeout needs level 20 (Owner); this request has level 10)",
    );
    const other = await sendWrite(
      set({ status: 400, body: { error: "uhf_power: Must be one of LOW, MEDIUM, HIGH" } }),
    );
    expect(resultLine(other)).toBe("400 - Bad packet (uhf_power: Must be one of LOW, MEDIUM, HIGH)");
  });

  it("the password limit is a refusal that says the wait", async () => {
    const result = await sendWrite(set({ status: 429, body: { error: "try again in 30 s" } }));
    expect([sentStatus(result), resultLine(result)]).toStrictEqual([
      "refused",
      "Too many wrong passwords: try again in 30 s",
    ]);
  });

  it("no answer: unreachable, with why", async () => {
    const result = await sendWrite(set(new DeviceError("timeout", "The device did not answer within 10 s")));
    expect([sentStatus(result), result.text]).toStrictEqual([
      "unreachable",
      "The device did not answer within 10 s",
    ]);
  });
});

it("values that could not be read first: nothing sent, and why", () => {
  const result = notReadResult(new DeviceError("network", "The device cannot be reached"));
  expect([sentStatus(result), result.text]).toStrictEqual([
    "unreachable",
    "Not sent: could not read the unit's value first (The device cannot be reached)",
  ]);
});
