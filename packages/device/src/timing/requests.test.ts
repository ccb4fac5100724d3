// Unit tests of the answers to a timing program's requests, over fake device actions.
import { parseTimingRequest, type TimingMode } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { type RequestActions, timingRequests } from "./requests.ts";

const NOW = Date.UTC(2026, 4, 17, 9, 0, 0, 750);

function setup(over: Partial<RequestActions<string>> = {}) {
  const calls: string[] = [];
  let mode: TimingMode = "timing";
  const handle = timingRequests<string>({
    now: () => NOW,
    utcOffsetS: () => 7200,
    mode: () => mode,
    setClock: (t) => {
      calls.push(`set ${new Date(t).toISOString()}`);
    },
    startTiming: () => {
      calls.push("start");
      mode = "timing";
    },
    stopTiming: () => {
      calls.push("stop");
      mode = "test";
    },
    rewind: (from, to) => {
      calls.push(`rewind ${from - NOW} ${to - NOW}`);
      return ["p1", "p2"];
    },
    ...over,
  });
  const ask = (line: string) => {
    const request = parseTimingRequest(line, 7200);
    if (request.kind === "error") throw new Error(request.reason);
    return handle(request, { kind: "filtered", address: "127.0.0.1:5000" });
  };
  return { ask, calls };
}

describe("timingRequests", () => {
  it("CLOCK answers the local time to the second", () => {
    expect(setup().ask("CLOCK")).toEqual({ lines: ["CLOCK 17-05-2026 11:00:00"] });
  });

  it("CLOCK with a date: ERROR while timing (clock unchanged), CLOCKOK in test mode", () => {
    const { ask, calls } = setup();
    expect(ask("CLOCK 17-05-2026 12:00:00")).toEqual({ lines: ["ERROR"] });
    expect(calls).toEqual([]);
    expect(ask("STOPREAD")).toEqual({ lines: ["READOK"] });
    expect(ask("CLOCK 17-05-2026 12:00:00")).toEqual({ lines: ["CLOCKOK"] });
    expect(calls).toEqual(["stop", "set 2026-05-17T10:00:00.000Z"]);
  });

  it("STARTREAD and STOPREAD answer READOK", () => {
    const { ask, calls } = setup();
    expect([ask("STARTREAD"), ask("STOPREAD")]).toEqual([{ lines: ["READOK"] }, { lines: ["READOK"] }]);
    expect(calls).toEqual(["start", "stop"]);
  });

  it("REWIND answers no line and the window's items to send again", () => {
    const { ask, calls } = setup();
    expect(ask("REWIND 17-05-2026 11:00:00 17-05-2026 11:00:01")).toEqual({
      lines: [],
      replay: ["p1", "p2"],
    });
    expect(calls).toEqual(["rewind -750 1249"]);
  });

  it("waits for an action that takes time; a failure is left to the port (answered ERROR there)", async () => {
    const slow = setup({ startTiming: () => new Promise((r) => setTimeout(r, 5)) });
    await expect(slow.ask("STARTREAD")).resolves.toEqual({ lines: ["READOK"] });
    const failing = setup({ rewind: () => Promise.reject(new Error("no files")) });
    await expect(failing.ask("REWIND 17-05-2026 11:00:00 17-05-2026 11:00:01")).rejects.toThrow("no files");
  });
});
