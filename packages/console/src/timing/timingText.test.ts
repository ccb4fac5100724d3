// The Timing page's words as pure functions: the unit's local time, ages, a replay's progress and its end.
import { describe, expect, it } from "vitest";
import {
  agoText,
  lastSentText,
  replayDoneText,
  replayProgressText,
  resultText,
  unitTime,
} from "./timingText.ts";

const T = Date.UTC(2026, 4, 17, 22, 59, 59, 824);

describe("timing texts", () => {
  it("an instant in the unit's local time, as the timing port writes it; to the millisecond when asked", () => {
    expect(unitTime(T, 0)).toBe("17-05-2026 22:59:59");
    // Past midnight two hours east of UTC.
    expect(unitTime(T, 7200, true)).toBe("18-05-2026 00:59:59.824");
    expect(unitTime(T, -5 * 3600 - 1800, true)).toBe("17-05-2026 17:29:59.824");
    expect(unitTime(null, 0)).toBe("—");
    expect(unitTime(Number.NaN, 0)).toBe("—");
  });

  it("ages in seconds up to 2 min, then minutes up to 2 h, then hours; never in the future", () => {
    expect(agoText(T, T + 3_400)).toBe("3 s ago");
    expect(agoText(T, T + 119_000)).toBe("119 s ago");
    expect(agoText(T, T + 120_000)).toBe("2 min ago");
    expect(agoText(T, T + 7_199_000)).toBe("119 min ago");
    expect(agoText(T, T + 7_200_000)).toBe("2 h ago");
    expect(agoText(T, T - 2_000)).toBe("0 s ago");
    expect(lastSentText("filtered", T, T + 3_000)).toBe("last passing sent 3 s ago");
    expect(lastSentText("raw", T, T + 3_000)).toBe("last read sent 3 s ago");
    expect(lastSentText("filtered", null, T)).toBe("no passing sent yet");
  });

  it("a replay's progress and its end, from the unit's answer", () => {
    expect(replayProgressText({ total: 5000, sent: 1234 })).toBe("Sent again 1,234 of 5,000");
    expect(replayDoneText({ passings: 1, programs: 2 })).toBe("Replay finished: 1 passing sent again");
    expect(replayDoneText({ passings: 0, programs: 0 })).toBe(
      "Replay finished: no program was on the filtered port, nothing was sent again",
    );
    expect(resultText({ result: "Timing started: passings go to timing_0004.csv" }, "x")).toBe(
      "Timing started: passings go to timing_0004.csv",
    );
    expect(resultText({ file: "timing_0004.csv" }, "Timing into timing_0004.csv")).toBe(
      "Timing into timing_0004.csv",
    );
  });
});
