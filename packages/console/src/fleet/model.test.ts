// Fleet rows: Online/Offline by the 10 s rule, the figures shown, the alarm rules' texts, sorting and the summary.
import { describe, expect, it } from "vitest";
import { EMPTY_MEMORY, remember } from "../shared/alarms/alarmRules.ts";
import type { ClockEstimate } from "../shared/clock/timeSync.ts";
import {
  antennaText,
  clockText,
  type FleetRow,
  type QueryView,
  rowOf,
  sortRows,
  summaryText,
  unitState,
  worstLevel,
} from "./model.ts";
import type { FleetReading } from "./poll.ts";

const T = 1_700_000_000_000;

function reading(patch: Partial<FleetReading> = {}): FleetReading {
  return {
    name: "DECODER-01",
    mode: "uhf",
    data: {
      battery: { state: "DISCHARGING", percentage: 62.4, capacity: 5200, current: -600 },
      passings: { seen: 1234, filtered: 500, unique: 200, sent: 190, left: 10, delta: 5 },
      "uhf/ports": {
        channels: [
          { id: 0, ant: true, reads: 10, loss: -17 },
          { id: 1, ant: true, reads: 0, loss: -16 },
          { id: 2, ant: false, reads: 0, loss: -0.6 },
        ],
      },
      firmware: { version: "1.4.2" },
    },
    errors: {},
    at: T,
    readsPerMin: 61.6,
    memory: EMPTY_MEMORY,
    poll: 1,
    ...patch,
  };
}

const ok = (data: FleetReading, at = T): QueryView<FleetReading> => ({
  status: "success",
  data,
  dataUpdatedAt: at,
  errorUpdatedAt: 0,
});

describe("unitState", () => {
  it("checking before the first answer, online after one", () => {
    expect(unitState({ status: "pending", dataUpdatedAt: 0, errorUpdatedAt: 0 })).toBe("checking");
    expect(unitState(ok(reading()))).toBe("online");
  });
  it("offline when the last poll failed and the last answer is 10 s or more older (as the alarm), or there was none", () => {
    expect(unitState({ status: "error", dataUpdatedAt: 0, errorUpdatedAt: T })).toBe("offline");
    expect(unitState({ status: "error", dataUpdatedAt: T, errorUpdatedAt: T + 15_000 })).toBe("offline");
    expect(unitState({ status: "error", dataUpdatedAt: T, errorUpdatedAt: T + 10_000 })).toBe("offline");
    expect(unitState({ status: "error", dataUpdatedAt: T, errorUpdatedAt: T + 9_999 })).toBe("online");
  });
});

describe("rowOf", () => {
  it("shows name, mode, battery, passings, rate, antennas, clock, firmware; no alarms is 'ok'", () => {
    const clock: QueryView<ClockEstimate> = {
      status: "success",
      data: { offsetMs: 3.4, errorBoundMs: 2.6, bestRttMs: 5, meanRttMs: 6, delayMs: 3 },
      dataUpdatedAt: T,
      errorUpdatedAt: 0,
    };
    const row = rowOf("http://10.0.0.2", false, ok(reading()), clock, 10, T + 100);
    expect(row).toMatchObject({
      name: "DECODER-01",
      mode: "uhf",
      state: "online",
      lastAnswer: T,
      battery: "62 %",
      seen: "1234",
      readsPerMin: "62",
      antennas: "2 / 1",
      clock: "+3 ms ± 3 ms",
      firmware: "1.4.2",
      alarms: [],
      level: "ok",
      problem: null,
    });
  });

  it("uses the alarm panel's rules and texts: a low battery, a clock 2 s off", () => {
    const low = reading({ data: { battery: { state: "DISCHARGING", percentage: 0.09 } } });
    const clock = {
      status: "success" as const,
      data: { offsetMs: 2001, errorBoundMs: 3, bestRttMs: 5, meanRttMs: 6, delayMs: 3 },
      dataUpdatedAt: T,
      errorUpdatedAt: 0,
    };
    const row = rowOf("http://10.0.0.2", false, ok(low), clock, 10, T);
    expect(row.alarms).toEqual(["Battery low (9 %)", "Device clock off (+2.0 s)"]);
    expect(row.level).toBe("alarm");
    expect(row.battery).toBe("9 %");
  });

  it("an offline unit: its address as name until it answered, 'Unit offline', the reason of the failure", () => {
    const row = rowOf(
      "http://10.0.0.9",
      false,
      {
        status: "error",
        dataUpdatedAt: 0,
        errorUpdatedAt: T,
        error: new Error("The device cannot be reached"),
      },
      undefined,
      10,
      T,
    );
    expect(row).toMatchObject({
      name: "http://10.0.0.9",
      state: "offline",
      lastAnswer: null,
      battery: "—",
      alarms: ["Unit offline"],
      level: "offline",
      problem: "The device cannot be reached",
    });
  });

  it("charging is said; an hf unit has no antennas; clock without a sync is a dash", () => {
    expect(
      rowOf(
        "a",
        true,
        ok(reading({ data: { battery: { state: "CHARGING", percentage: 35 } } })),
        undefined,
        0,
        T,
      ).battery,
    ).toBe("35 % charging");
    expect(antennaText(reading({ mode: "hf" }))).toBe("—");
    expect(clockText(undefined)).toBe("—");
    expect(
      clockText({ offsetMs: -2000.4, errorBoundMs: 0.2, bestRttMs: 1, meanRttMs: 1, delayMs: 0.5 }),
    ).toBe("−2000 ms ± 1 ms");
  });
});

describe("the Mode and Programs columns (race control)", () => {
  const program = (port: "raw" | "filtered") => ({
    port,
    address: "10.0.0.50:51234",
    connectedAt: T,
    sent: 3,
    lastSentAt: T,
  });
  const figures = (timing: FleetReading["data"]["timing"]) => {
    const {
      timing: mode,
      programs,
      programsSplit,
    } = rowOf("a", false, ok(reading({ data: { timing } })), undefined, 0, T);
    return [mode, programs, programsSplit];
  };

  it("test mode: Test, and the programs connected (none)", () => {
    expect(figures({ mode: "test", session: null, programs: [], replay: null })).toEqual(["Test", "0", ""]);
  });
  it("timing: the session's passings, the programs and their ports", () => {
    const session = { file: "timing_0004.csv", startedAt: T, passings: 1234 };
    const timing = {
      mode: "timing" as const,
      session,
      programs: [program("filtered"), program("raw")],
      replay: null,
    };
    expect(figures(timing)).toEqual(["Timing · 1,234 passings", "2", "1 filtered · 1 raw"]);
    expect(
      figures({ ...timing, session: { ...session, passings: 1 }, programs: [program("filtered")] }),
    ).toEqual(["Timing · 1 passing", "1", "1 filtered · 0 raw"]);
  });
  it("a unit without race control (null) or not read yet: a dash in both", () => {
    expect(figures(null)).toEqual(["—", "—", ""]);
    expect(figures(undefined)).toEqual(["—", "—", ""]);
  });
  it("a unit that never answered: a dash in both", () => {
    const row = rowOf(
      "http://10.0.0.9",
      false,
      { status: "error", dataUpdatedAt: 0, errorUpdatedAt: T },
      undefined,
      0,
      T,
    );
    expect([row.timing, row.programs]).toEqual(["—", "—"]);
  });
});

describe("race control in the Ready and Alarms columns", () => {
  const filtered = {
    port: "filtered" as const,
    address: "10.0.0.50:1",
    connectedAt: T,
    sent: 3,
    lastSentAt: T,
  };
  const session = { file: "timing_0001.csv", startedAt: T, passings: 3 };
  // Every passing sent (Left 0 at each reading): only the timing item can fail on its own account.
  const trail = { passings: [0, 5000, 10_000].map((dt) => ({ t: T - dt, left: 0, seen: 100 })), reads: {} };
  const ready = (timing: FleetReading["data"]["timing"], notNeeded = false) =>
    rowOf("a", false, ok(reading({ data: { timing }, trail })), undefined, 0, T, 4, null, notNeeded).ready;

  it("a unit in test mode is not ready for its timing program, unless the operator marked it not needed", () => {
    const test = { mode: "test" as const, session: null, programs: [], replay: null };
    expect(ready(test)).toContain("Timing program");
    expect(ready(test, true)).not.toContain("Timing program");
  });
  it("a unit timing into a program on its filtered port passes the item; one without race control has none", () => {
    expect(ready({ mode: "timing", session, programs: [filtered], replay: null })).not.toContain(
      "Timing program",
    );
    expect(ready(null)).not.toContain("Timing program");
  });
  it("the alarms of the fleet's memory: the last program gone while timing, and timing stopped", () => {
    const timing = { mode: "timing" as const, session, programs: [filtered], replay: null };
    const memory = (steps: FleetReading["data"]["timing"][], stopAsked?: number) =>
      steps.reduce(
        (m, t, i) => remember(m, { at: T + i * 5000, timing: t, stopAsked }),
        EMPTY_MEMORY as FleetReading["memory"],
      );
    const alarmsOf = (m: FleetReading["memory"]) =>
      rowOf("a", false, ok(reading({ memory: m })), undefined, 0, T + 60_000).alarms;
    expect(alarmsOf(memory([timing, { ...timing, programs: [] }]))).toContain("Timing program disconnected");
    const stopped = { mode: "test" as const, session: null, programs: [], replay: null };
    expect(alarmsOf(memory([timing, stopped]))).toContain("Timing stopped");
    // A stop this console asked for raises nothing.
    expect(alarmsOf(memory([timing, stopped], T + 1000))).not.toContain("Timing stopped");
  });
});

const row = (name: string, level: FleetRow["level"], state: FleetRow["state"] = "online") =>
  ({
    name,
    address: `http://${name}`,
    level,
    state,
    alarms: level === "alarm" ? ["x"] : [],
  }) as unknown as FleetRow;

describe("sorting and summary", () => {
  const rows = [
    row("FINISH", "ok"),
    row("SPLIT-10", "alarm"),
    row("SPLIT-2", "offline", "offline"),
    row("START", "ok"),
  ];
  it("list order, by name (numbers in order), by state (worst first), reversed", () => {
    expect(sortRows(rows, "list").map((r) => r.name)).toEqual(["FINISH", "SPLIT-10", "SPLIT-2", "START"]);
    expect(sortRows(rows, "name").map((r) => r.name)).toEqual(["FINISH", "SPLIT-2", "SPLIT-10", "START"]);
    expect(sortRows(rows, "state").map((r) => r.name)).toEqual(["SPLIT-2", "SPLIT-10", "FINISH", "START"]);
    expect(sortRows(rows, "state", true).map((r) => r.name)).toEqual([
      "START",
      "FINISH",
      "SPLIT-10",
      "SPLIT-2",
    ]);
  });
  it("counts online, offline and units with alarms; the worst level colours it", () => {
    expect(summaryText(rows)).toBe("4 units: 3 online, 1 offline, 1 with alarms");
    expect(summaryText([row("A", "checking", "checking")])).toBe(
      "1 unit: 0 online, 0 offline, 1 checking, 0 with alarms",
    );
    expect(worstLevel(rows)).toBe("offline");
    expect(worstLevel([row("A", "ok")])).toBe("ok");
  });
});
