// Set device time: the value is the browser's time when the request leaves plus the one-way delay; when it is allowed.
import { parseManualTimeArg } from "@trc/protocol";
import { afterEach, describe, expect, it, vi } from "vitest";
import { manualTimeValue, setDeviceTime, setTimeBlock } from "./setTime.ts";

afterEach(() => vi.unstubAllGlobals());

describe("manualTimeValue", () => {
  it("is UTC YYMMDDHHMMSSmmm of now plus the one-way delay, to the millisecond", () => {
    const now = Date.UTC(2026, 10, 22, 23, 59, 59, 990) + 0.4;
    expect(manualTimeValue(now, 12.3)).toBe("261123000000003");
    expect(parseManualTimeArg(manualTimeValue(now, 0))).toBe(Date.UTC(2026, 10, 22, 23, 59, 59, 990));
  });
});

describe("setTimeBlock", () => {
  const ok = { level: 10, useAuth: true, allowRegardless: false, synced: true };
  it.each([
    ["level 10, synced", ok, null],
    ["level 5 is enough (D4)", { ...ok, level: 5 }, null],
    ["level 4", { ...ok, level: 4 }, "Setting the time needs level 5; the current level is 4"],
    ["level 4, commands auth off", { ...ok, level: 4, useAuth: false }, null],
    ["level 4, execution regardless allowed", { ...ok, level: 4, allowRegardless: true }, null],
    ["no sync yet", { ...ok, synced: false }, "Needs a clock sync first (Requery)"],
  ])("%s", (_name, input, reason) => {
    expect(setTimeBlock(input)).toBe(reason);
  });
});

describe("setDeviceTime", () => {
  function stubFetch(bodies: unknown[]) {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        bodies.push(JSON.parse(String(init.body)));
        return new Response('{"cmd":"TIME_MANUAL","result":"ok"}', { status: 200 });
      }),
    );
  }

  it("takes the time after the execute delay, when the request leaves, and adds the one-way delay", async () => {
    const bodies: unknown[] = [];
    stubFetch(bodies);
    let clock = Date.UTC(2026, 0, 2, 3, 4, 5, 0);
    const now = () => clock;
    const pending = setDeviceTime({ oneWayMs: 7, delayMs: 30, now, base: "http://10.3.0.1" });
    clock += 2000; // the delay passes
    const { value, answer } = await pending;
    expect(answer.status).toBe(200);
    expect(value).toBe("260102030407007");
    expect(bodies).toEqual([{ cmd: "TIME_MANUAL", args: ["260102030407007"] }]);
  });

  it("the naive set takes the time at the click", async () => {
    const bodies: unknown[] = [];
    stubFetch(bodies);
    let clock = Date.UTC(2026, 0, 2, 3, 4, 5, 0);
    const pending = setDeviceTime({
      oneWayMs: 7,
      delayMs: 30,
      now: () => clock,
      naive: true,
      base: "http://10.3.0.2",
    });
    clock += 2000;
    expect((await pending).value).toBe("260102030405000");
  });
});
