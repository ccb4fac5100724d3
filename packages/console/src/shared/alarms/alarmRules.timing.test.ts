// The race control alarms (issue 31, D12), table-driven: Timing program disconnected while timing when the last program
// on the filtered port goes, Timing stopped when the unit leaves timing without this console asking; what the memory
// keeps from one timing reading to the next. The other alarm rules: alarmRules.test.ts.
import { describe, expect, it } from "vitest";
import {
  alarmRules,
  EMPTY_MEMORY,
  remember,
  TIMING_STOP_ASKED_GRACE_MS,
  type TimingAlarmReading,
} from "./alarmRules.ts";

describe("race control: Timing program disconnected, Timing stopped", () => {
  const S = 5_000;
  const timing = (...ports: ("raw" | "filtered")[]): TimingAlarmReading => ({
    mode: "timing",
    programs: ports.map((port) => ({ port })),
  });
  const test = (...ports: ("raw" | "filtered")[]): TimingAlarmReading => ({
    ...timing(...ports),
    mode: "test",
  });
  /** The alarms after each reading in turn (5 s apart); `stopAsked`: when this console asked to stop, if it did. */
  const after = (readings: TimingAlarmReading[], stopAsked?: number) => {
    let m = EMPTY_MEMORY;
    return readings.map((t, i) => {
      m = remember(m, { timing: t, at: (i + 1) * S, stopAsked });
      return alarmRules({ now: (i + 1) * S }, m).map((a) => a.text);
    });
  };

  const cases: [string, TimingAlarmReading[], string[][]][] = [
    [
      "the last program on the filtered port goes away while timing: raised, held until one is back",
      [timing("filtered"), timing(), timing("raw"), timing("filtered")],
      [[], ["Timing program disconnected"], ["Timing program disconnected"], []],
    ],
    [
      "one of two programs goes away: nothing (a program is still there)",
      [timing("filtered", "filtered"), timing("filtered")],
      [[], []],
    ],
    [
      "the lost program's alarm clears when timing stops",
      [timing("filtered"), timing(), test()],
      [[], ["Timing program disconnected"], ["Timing stopped"]],
    ],
    [
      "a raw-port program going away is not the timing program",
      [timing("filtered", "raw"), timing("filtered")],
      [[], []],
    ],
    ["timing with no program from the first reading: nothing went away", [timing(), timing()], [[], []]],
    ["a program leaving in test mode: nothing", [test("filtered"), test()], [[], []]],
    [
      "a program there in test mode, timing starts without it: nothing went away while timing",
      [test("filtered"), timing()],
      [[], []],
    ],
    [
      "timing, then test mode without this console asking (a reboot, a STOPREAD): held until timing again",
      [timing("filtered"), test("filtered"), test("filtered"), timing("filtered")],
      [[], ["Timing stopped"], ["Timing stopped"], []],
    ],
    ["test mode from the first reading: nothing stopped", [test(), test()], [[], []]],
  ];

  it.each(cases)("%s", (_name, readings, expected) => {
    expect(after(readings)).toEqual(expected);
  });

  it("a stop this console asked for raises nothing: asked after the previous reading, or while it was under way", () => {
    expect(after([timing("filtered"), test()], S + 1)).toEqual([[], []]);
    expect(after([timing("filtered"), test()], S - TIMING_STOP_ASKED_GRACE_MS)).toEqual([[], []]);
  });

  it("a stop asked long before the previous reading (an earlier session) does not cover this one", () => {
    expect(after([timing("filtered"), test()], S - TIMING_STOP_ASKED_GRACE_MS - 1)).toEqual([
      [],
      ["Timing stopped"],
    ]);
  });

  it("the same answer seen again, or an older one arriving late, changes nothing", () => {
    const m = remember(remember(EMPTY_MEMORY, { timing: timing("filtered"), at: 10 }), {
      timing: timing(),
      at: 20,
    });
    expect(remember(m, { timing: timing(), at: 20 })).toBe(m);
    expect(remember(m, { timing: timing("filtered"), at: 15 })).toBe(m);
    expect(alarmRules({ now: 30 }, m).map((a) => a.text)).toEqual(["Timing program disconnected"]);
  });

  it("a reading of other datasets keeps the timing memory", () => {
    const m = remember(remember(EMPTY_MEMORY, { timing: timing("filtered"), at: 10 }), {
      timing: test(),
      at: 20,
    });
    expect(remember(m, { seen: 5, at: 30 }).timing).toBe(m.timing);
  });
});
