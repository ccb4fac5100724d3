// The Ready check's Timing program item: every state of race control, with 0, 1 and 2 programs, and "not needed".
import { describe, expect, it } from "vitest";
import { at, healthy, MIN, NOW } from "../../../test/ready.fakes.ts";
import { type ReadyReadings, readyCheck, readySummary } from "./readyRules.ts";
import { type TimingReading, timingItem } from "./readyTiming.ts";

describe("timing program", () => {
  const session = { file: "timing_0004.csv", startedAt: NOW - 60 * MIN, passings: 1234 };
  const timing = (...ports: ("raw" | "filtered")[]): TimingReading => ({
    mode: "timing",
    session,
    programs: ports.map((port) => ({ port })),
  });
  const test: TimingReading = { mode: "test", session: null, programs: [{ port: "filtered" }] };
  type Case = [string, Partial<ReadyReadings>, [ok: boolean, value: string, reason: string, fix: string]];
  const PROGRAMS = "Programs on the Timing page";
  const cases: Case[] = [
    [
      "timing, a program on the filtered port, Left empty",
      { timing: timing("filtered") },
      [true, "1 program, every passing sent", "", PROGRAMS],
    ],
    [
      "two programs on the filtered port (and one on raw), Left draining",
      { timing: timing("filtered", "raw", "filtered"), backlog: { left: 400, trend: "draining" } },
      [true, "2 programs, 400 unsent, draining", "", PROGRAMS],
    ],
    [
      "Left 10 in flight, whatever its trend",
      { timing: timing("filtered"), backlog: { left: 10, trend: "growing" } },
      [true, "1 program, 10 unsent", "", PROGRAMS],
    ],
    [
      "Left growing past what is in flight",
      { timing: timing("filtered"), backlog: { left: 57, trend: "growing" } },
      [false, "1 program, 57 unsent", "57 unsent, growing, not draining", PROGRAMS],
    ],
    [
      "Left steady",
      { timing: timing("filtered"), backlog: { left: 57, trend: "steady" } },
      [false, "1 program, 57 unsent", "57 unsent, steady, not draining", PROGRAMS],
    ],
    [
      "Left of unknown trend",
      { timing: timing("filtered"), backlog: { left: 57, trend: "unknown" } },
      [false, "1 program, 57 unsent", "57 unsent, trend after the next reading", PROGRAMS],
    ],
    [
      "no passings reading yet",
      { timing: timing("filtered"), backlog: { left: null, trend: "unknown" } },
      [false, "1 program", "No passings reading yet", PROGRAMS],
    ],
    [
      "timing with no program connected",
      { timing: timing() },
      [false, "No program", "No timing program on the filtered port", PROGRAMS],
    ],
    [
      "timing with programs on the raw port only",
      { timing: timing("raw", "raw") },
      [
        false,
        "No program",
        "No timing program on the filtered port (2 programs on the raw port: reads, not passings)",
        PROGRAMS,
      ],
    ],
    [
      "test mode, even with a program connected",
      { timing: test },
      [false, "Test mode", "Test mode: passings are not stored or sent", "Start timing"],
    ],
    [
      "timing without a session reads as test mode",
      { timing: { ...timing("filtered"), session: null } },
      [false, "Test mode", "Test mode: passings are not stored or sent", "Start timing"],
    ],
    [
      "before the unit's first answer",
      { timing: "waiting" },
      [false, "—", "No timing reading yet", PROGRAMS],
    ],
    ...(
      [
        ["test mode", test],
        ["no program", timing()],
        ["before the first answer", "waiting"],
      ] as const
    ).map(
      ([name, t]): Case => [
        `marked not needed for this unit: holds (${name})`,
        { timing: t, timingNotNeeded: true, backlog: { left: 900, trend: "growing" } },
        [true, "Not needed for this unit", "", PROGRAMS],
      ],
    ),
  ];

  it.each(cases)("%s", (_name, patch, [ok, value, reason, fixText]) => {
    const i = timingItem(at(patch));
    expect(i && [i.label, i.ok, i.value, i.reason, i.fix.text, i.fix.href]).toEqual([
      "Timing program",
      ok,
      value,
      reason,
      fixText,
      "/timing",
    ]);
  });

  it("a unit without race control (null) or not read has no such item, marked or not", () => {
    expect(timingItem(at({ timing: null }))).toBeNull();
    expect(timingItem(at({ timing: null, timingNotNeeded: true }))).toBeNull();
    expect(timingItem(healthy)).toBeNull();
    expect(readyCheck(at({ timing: null })).items).toHaveLength(6);
  });

  it("is the seventh item, before Alarms; failing it makes the unit Not ready", () => {
    const ready = readyCheck(at({ timing: timing("filtered") }));
    expect(ready.items.map((i) => i.label)).toEqual([
      "Antennas",
      "Device clock",
      "Battery",
      "Storage",
      "Backlog",
      "Timing program",
      "Alarms",
    ]);
    expect(ready.verdict).toBe("Ready");
    const notReady = readyCheck(at({ timing: test }));
    expect(readySummary(notReady)).toBe("Not ready: Timing program");
    expect(readyCheck(at({ timing: test, timingNotNeeded: true })).verdict).toBe("Ready");
  });
});
