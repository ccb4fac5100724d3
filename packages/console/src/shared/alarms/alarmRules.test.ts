// Every alarm rule, table-driven: what raises each alarm with its exact text, and the cases that must not fire (race
// control's two: alarmRules.timing.test.ts).
import { describe, expect, it } from "vitest";
import { type AlarmMemory, type AlarmReadings, alarmRules, EMPTY_MEMORY, remember } from "./alarmRules.ts";

const NOW = 1_000_000;
const texts = (r: Partial<AlarmReadings>, m: AlarmMemory = EMPTY_MEMORY) =>
  alarmRules({ now: NOW, ...r }, m).map((a) => a.text);

const cases: [string, Partial<AlarmReadings>, string[]][] = [
  // Unit offline: no answer for 10 s.
  [
    "no answer for 10 s",
    { connection: { online: false, lastAnswerAt: NOW - 10_000, since: 0 } },
    ["Unit offline"],
  ],
  [
    "never answered, 10 s since watching",
    { connection: { online: false, lastAnswerAt: null, since: NOW - 10_000 } },
    ["Unit offline"],
  ],
  [
    "no answer for 9.9 s: not yet",
    { connection: { online: false, lastAnswerAt: NOW - 9_900, since: 0 } },
    [],
  ],
  [
    "quiet but never failed: not offline",
    { connection: { online: true, lastAnswerAt: NOW - 60_000, since: 0 } },
    [],
  ],
  ["not asked yet", { connection: { online: null, lastAnswerAt: null, since: 0 } }, []],
  // Battery low: below 15 % and not charging.
  [
    "battery 14.9 % discharging",
    { battery: { state: "DISCHARGING", percentage: 14.9 } },
    ["Battery low (14 %)"],
  ],
  ["battery as a fraction", { battery: { state: "DISCONNECTED", percentage: 0.08 } }, ["Battery low (8 %)"]],
  ["battery at 15 %: not below", { battery: { state: "DISCHARGING", percentage: 15 } }, []],
  ["battery low but charging", { battery: { state: "CHARGING", percentage: 5 } }, []],
  ["battery without percentage", { battery: { state: "DISCHARGING" } }, []],
  // Storage nearly full: 90 % or more.
  ["storage exactly 90 %", { storage: { used: 900, total: 1000 } }, ["Storage nearly full (90 %)"]],
  ["storage 97.6 %", { storage: { used: 976, total: 1000 } }, ["Storage nearly full (97 %)"]],
  ["storage 89.9 %", { storage: { used: 899, total: 1000 } }, []],
  ["storage total 0", { storage: { used: 5, total: 0 } }, []],
  // Antenna poor: an antenna whose |return loss| is below 6 dB, signed or unsigned.
  ["poor, unsigned", { channels: [{ id: 1, ant: true, loss: 4.25 }] }, ["Antenna 2 poor (4.3 dB)"]],
  ["poor, signed", { channels: [{ id: 0, ant: true, loss: -3.1 }] }, ["Antenna 1 poor (3.1 dB)"]],
  ["loss 6 dB is fine", { channels: [{ id: 0, ant: true, loss: -6 }] }, []],
  ["no antenna: no poor alarm", { channels: [{ id: 3, ant: false, loss: 0.6 }] }, []],
  // Hot: 70 °C or more.
  [
    "cpu at 70 °C",
    {
      temps: [
        { name: "cpu", temp: 70 },
        { name: "board", temp: 35 },
      ],
    },
    ["Hot: cpu (70.0 °C)"],
  ],
  [
    "two hot sensors",
    {
      temps: [
        { name: "uhf", temp: 81.26 },
        { name: "cpu", temp: 72 },
      ],
    },
    ["Hot: uhf (81.3 °C)", "Hot: cpu (72.0 °C)"],
  ],
  ["69.9 °C", { temps: [{ name: "cpu", temp: 69.9 }] }, []],
  // Cellular: connection ERROR or DENIED, power ERROR.
  ["connection DENIED", { cellular: { power: "ON", connection: "DENIED" } }, ["Cellular DENIED"]],
  ["connection ERROR", { cellular: { power: "ON", connection: "ERROR" } }, ["Cellular ERROR"]],
  ["power ERROR", { cellular: { power: "ERROR", connection: "OFF" } }, ["Cellular ERROR"]],
  [
    "power and connection ERROR: one line",
    { cellular: { power: "ERROR", connection: "ERROR" } },
    ["Cellular ERROR"],
  ],
  [
    "power ERROR, connection DENIED",
    { cellular: { power: "ERROR", connection: "DENIED" } },
    ["Cellular ERROR", "Cellular DENIED"],
  ],
  ...["CONNECTED", "ON", "SEARCH", "OFF", "PENDING"].map((c): [string, Partial<AlarmReadings>, string[]] => [
    `connection ${c}`,
    { cellular: { power: "ON", connection: c } },
    [],
  ]),
  ["power ASLEEP", { cellular: { power: "ASLEEP", connection: "OFF" } }, []],
  // Device clock off: more than 1 s.
  ["clock 1.5 s ahead", { clockOffsetMs: 1500 }, ["Device clock off (+1.5 s)"]],
  ["clock an hour behind", { clockOffsetMs: -3_600_000 }, ["Device clock off (-1 h 0 min)"]],
  ["clock exactly 1 s off", { clockOffsetMs: -1000 }, []],
  ["no sync yet", { clockOffsetMs: null }, []],
  // Backlog growing: Left has grown for 2 minutes while reads came in; the text follows Left.
  [
    "backlog grown for 2 min",
    { backlog: { left: 57, growingForMs: 120_000 } },
    ["Backlog growing: 57 unsent"],
  ],
  ["backlog grown for 1 min 59 s: not yet", { backlog: { left: 57, growingForMs: 119_000 } }, []],
  ["backlog not growing", { backlog: { left: 900, growingForMs: 0 } }, []],
  ["no passings reading yet", { backlog: { left: null, growingForMs: 0 } }, []],
];

describe("alarmRules", () => {
  it.each(cases)("%s", (_name, readings, expected) => {
    expect(texts(readings)).toEqual(expected);
  });

  it("a healthy unit raises nothing", () => {
    const healthy: Partial<AlarmReadings> = {
      connection: { online: true, lastAnswerAt: NOW - 500, since: 0 },
      battery: { state: "DISCHARGING", percentage: 62 },
      storage: { used: 200_000, total: 16_777_216 },
      temps: [{ name: "cpu", temp: 47 }],
      cellular: { power: "ON", connection: "CONNECTED" },
      channels: [
        { id: 0, ant: true, loss: 17 },
        { id: 3, ant: false, loss: 0.6 },
      ],
      clockOffsetMs: 3,
      noReadsMinutes: 10,
      backlog: { left: 3, growingForMs: 30_000 },
    };
    const m = remember(EMPTY_MEMORY, { channels: healthy.channels, seen: 100, at: NOW - 60_000 });
    expect(alarmRules({ now: NOW, ...healthy }, remember(m, { seen: 150, at: NOW }))).toEqual([]);
  });
});

describe("Antenna N lost", () => {
  const had = remember(EMPTY_MEMORY, { channels: [{ id: 2, ant: true, loss: 17 }], at: 0 });

  it("a channel that had an antenna earlier in the session and has none now", () => {
    expect(texts({ channels: [{ id: 2, ant: false, loss: 0.5 }] }, had)).toEqual(["Antenna 3 lost"]);
  });

  it("a channel that never had one raises nothing", () => {
    expect(texts({ channels: [{ id: 3, ant: false, loss: 0.5 }] }, had)).toEqual([]);
    expect(texts({ channels: [{ id: 2, ant: false, loss: 0.5 }] })).toEqual([]);
  });

  it("the memory keeps every channel that ever had an antenna, and is unchanged by a repeat", () => {
    const m = remember(had, {
      channels: [
        { id: 0, ant: true },
        { id: 2, ant: false },
      ],
      at: 1,
    });
    expect(m.hadAntenna).toEqual([2, 0]);
    expect(remember(m, { channels: [{ id: 0, ant: true }], at: 2 })).toBe(m);
  });
});

describe("No reads for N min", () => {
  const MIN = 60_000;
  const series = (points: [number, number][]) =>
    points.reduce((m, [seen, at]) => remember(m, { seen, at }), EMPTY_MEMORY);

  it("seen has not grown for N minutes (readings N minutes apart prove it)", () => {
    const m = series([
      [500, 0],
      [500, 5 * MIN],
      [500, 10 * MIN],
    ]);
    expect(texts({ noReadsMinutes: 10 }, m)).toEqual(["No reads for 10 min"]);
  });

  it("grew within the N minutes: no alarm", () => {
    const m = series([
      [500, 0],
      [501, 1 * MIN],
      [501, 10 * MIN],
    ]);
    expect(texts({ noReadsMinutes: 10 }, m)).toEqual([]);
  });

  it("0 minutes is off", () => {
    const m = series([
      [500, 0],
      [500, 60 * MIN],
    ]);
    expect(texts({ noReadsMinutes: 0 }, m)).toEqual([]);
  });

  it("no second reading (the unit went away): no alarm from stale data", () => {
    expect(texts({ noReadsMinutes: 1, now: NOW + 60 * MIN }, series([[500, NOW]]))).toEqual([]);
  });

  it("a counter that went down (cleared, rebooted) starts again", () => {
    const m = series([
      [500, 0],
      [20, 9 * MIN],
      [20, 10 * MIN],
    ]);
    expect(texts({ noReadsMinutes: 10 }, m)).toEqual([]);
  });

  it("an older reading arriving late does not move the memory back", () => {
    const m = series([
      [500, 0],
      [500, 10 * MIN],
    ]);
    expect(remember(m, { seen: 400, at: 5 * MIN })).toBe(m);
  });
});
