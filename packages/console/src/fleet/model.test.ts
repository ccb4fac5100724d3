// Fleet rows from the unit's one record: Online/Offline by the 10 s rule, the figures shown, the alarm rules' texts,
// sorting and the summary.
import { describe, expect, it } from "vitest";
import { type UnitContext, unitState } from "../shared/unit/derive.ts";
import { antennaText, clockText } from "../shared/unit/figures.ts";
import { emptyRecord, foldEvents, type RecordData, type UnitEvent } from "../shared/unit/record.ts";
import { answerEvents } from "../shared/unit/recordEvents.ts";
import { type FleetRow, rowOf, sortRows, summaryText, worstLevel } from "./model.ts";

const T = 1_700_000_000_000;
const U = "http://10.0.0.2";

const DATA: RecordData = {
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
};

/** A unit's record after one poll's answer at `at` (its name, mode and `data`), then `more` events. */
function record(o: { mode?: string; data?: RecordData; at?: number } = {}, more: UnitEvent[] = []) {
  const at = o.at ?? T;
  return foldEvents(emptyRecord(U), [
    ...answerEvents({ name: "DECODER-01", mode: o.mode ?? "uhf", data: o.data ?? DATA, errors: {}, at }),
    { kind: "answered", at },
    ...more,
  ]);
}

const ctx = (now: number, noReadsMinutes = 10, o: Partial<UnitContext> = {}): UnitContext => ({
  now,
  noReadsMinutes,
  raceHours: 4,
  timingNotNeeded: false,
  ...o,
});
const clock = (offsetMs: number, errorBoundMs: number, at = T): UnitEvent => ({
  kind: "clock",
  offsetMs,
  errorBoundMs,
  oneWay: false,
  at,
});

describe("unitState", () => {
  it("checking before the first answer, online after one", () => {
    expect(unitState(undefined, T)).toBe("checking");
    expect(unitState(emptyRecord(U), T)).toBe("checking");
    expect(unitState(record(), T)).toBe("online");
    expect(rowOf(U, false, undefined, ctx(T))).toMatchObject({ state: "checking", level: "checking" });
  });
  it("offline when the last request failed and the last answer is 10 s or more older (as the alarm), or there was none", () => {
    const failed = (at: number) =>
      foldEvents(record(), [{ kind: "silent", reason: "The device cannot be reached", at }]);
    // Never answered: Offline at once.
    const never = foldEvents(emptyRecord(U), [{ kind: "silent", reason: "x", at: T }]);
    expect(unitState(never, T)).toBe("offline");
    expect(unitState(failed(T + 15_000), T + 15_000)).toBe("offline");
    expect(unitState(failed(T + 10_000), T + 10_000)).toBe("offline");
    expect(unitState(failed(T + 9_999), T + 9_999)).toBe("online");
    // The clock goes on: the same failure is Offline once the last answer is 10 s old.
    expect(unitState(failed(T + 5_000), T + 10_000)).toBe("offline");
    // An answer after the failure: online again.
    expect(
      unitState(foldEvents(failed(T + 15_000), [{ kind: "answered", at: T + 16_000 }]), T + 16_000),
    ).toBe("online");
  });
});

describe("rowOf", () => {
  it("shows name, mode, battery, passings, rate, antennas, clock, firmware; no alarms is 'ok'", () => {
    // Seen 1203 half a minute earlier: 31 reads in 30 s.
    const earlier = foldEvents(emptyRecord(U), [
      { kind: "reading", dataset: "passings", data: { ...DATA.passings, seen: 1203 }, at: T - 30_000 },
    ]);
    const r = foldEvents(earlier, [
      ...answerEvents({ name: "DECODER-01", mode: "uhf", data: DATA, errors: {}, at: T }),
      clock(3.4, 2.6),
    ]);
    const row = rowOf(U, false, r, ctx(T + 100));
    expect(row).toMatchObject({
      address: U,
      isThis: false,
      name: "DECODER-01",
      mode: "uhf",
      state: "online",
      lastAnswer: T,
      battery: "62 %",
      seen: "1234",
      readsPerMin: "62",
      antennas: "1 / 2",
      clock: "+3 ms ± 3 ms",
      firmware: "1.4.2",
      alarms: [],
      level: "ok",
      problem: null,
      source: "Polled",
      detail: U,
      opens: U,
      openWhy: null,
    });
  });

  it("reads per minute needs two readings of Seen at least 10 s apart", () => {
    expect(rowOf(U, false, record(), ctx(T)).readsPerMin).toBe("—");
    const close = foldEvents(
      record({ at: T - 9_000 }),
      answerEvents({
        name: "DECODER-01",
        mode: "uhf",
        data: { passings: { seen: 1300 } },
        errors: {},
        at: T,
      }),
    );
    expect(rowOf(U, false, close, ctx(T)).readsPerMin).toBe("—");
  });

  it("uses the alarm panel's rules and texts: a low battery, a clock 2 s off", () => {
    const low = record({ data: { battery: { state: "DISCHARGING", percentage: 0.09 } } }, [clock(2001, 3)]);
    const row = rowOf(U, false, low, ctx(T));
    expect(row.alarms).toEqual(["Battery low (9 %)", "Device clock off (+2.0 s)"]);
    expect(row.level).toBe("alarm");
    expect(row.battery).toBe("9 %");
  });

  it("an offline unit: its address as name until it answered, 'Unit offline', the reason of the failure", () => {
    const dead = foldEvents(emptyRecord("http://10.0.0.9"), [
      { kind: "silent", reason: "The device cannot be reached", at: T },
    ]);
    const row = rowOf("http://10.0.0.9", false, dead, ctx(T));
    expect(row).toMatchObject({
      name: "http://10.0.0.9",
      detail: "",
      state: "offline",
      lastAnswer: null,
      battery: "—",
      alarms: ["Unit offline"],
      level: "offline",
      problem: "The device cannot be reached",
      ready: "Not ready: Unit offline",
    });
  });

  it("a unit gone offline: 'Unit offline' only (its last readings are old), its last answer kept", () => {
    const gone = record({ data: { battery: { state: "DISCHARGING", percentage: 0.09 } } }, [
      { kind: "silent", reason: "The device cannot be reached", at: T + 15_000 },
    ]);
    expect(rowOf(U, false, gone, ctx(T + 15_000))).toMatchObject({
      name: "DECODER-01",
      state: "offline",
      lastAnswer: T,
      alarms: ["Unit offline"],
      level: "offline",
      problem: "The device cannot be reached",
      ready: "Not ready: Unit offline",
    });
    // A failure 5 s after the answer: still online, the reason shown.
    const once = record({}, [{ kind: "silent", reason: "Timed out", at: T + 5_000 }]);
    expect(rowOf(U, false, once, ctx(T + 5_000))).toMatchObject({ state: "online", problem: "Timed out" });
  });

  it("charging is said; an hf unit has no antennas; clock without a sync is a dash", () => {
    expect(
      rowOf("a", true, record({ data: { battery: { state: "CHARGING", percentage: 35 } } }), ctx(T, 0))
        .battery,
    ).toBe("35 % charging");
    expect(rowOf("a", true, record(), ctx(T, 0))).toMatchObject({ isThis: true, opens: "" });
    expect(antennaText(record({ mode: "hf" }))).toBe("—");
    expect(rowOf(U, false, record({ mode: "hf" }), ctx(T)).antennas).toBe("—");
    expect(clockText(undefined)).toBe("—");
    expect(rowOf(U, false, record(), ctx(T)).clock).toBe("—");
    expect(clockText({ offsetMs: -2000.4, errorBoundMs: 0.2, oneWay: false, at: T })).toBe("−2000 ms ± 1 ms");
    expect(clockText({ failed: true, at: T })).toBe("—");
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
  const figures = (timing: RecordData["timing"]) => {
    const {
      timing: mode,
      programs,
      programsSplit,
    } = rowOf("a", false, record({ data: timing === undefined ? {} : { timing } }), ctx(T, 0));
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
    const dead = foldEvents(emptyRecord("http://10.0.0.9"), [{ kind: "silent", reason: "x", at: T }]);
    const row = rowOf("http://10.0.0.9", false, dead, ctx(T, 0));
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
  const sent: UnitEvent[] = [10_000, 5000, 0].map((dt) => ({
    kind: "reading",
    dataset: "passings",
    data: { seen: 100, left: 0 },
    at: T - dt,
  }));
  const ready = (timing: RecordData["timing"], notNeeded = false) =>
    rowOf("a", false, record({ data: { timing } }, sent), ctx(T, 0, { timingNotNeeded: notNeeded })).ready;

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
  it("the alarms of the record's memory: the last program gone while timing, and timing stopped", () => {
    const timing = { mode: "timing" as const, session, programs: [filtered], replay: null };
    const steps = (list: RecordData["timing"][], stopAsked?: number) =>
      foldEvents(
        emptyRecord("a"),
        list.map((t, i) => ({ kind: "reading", dataset: "timing", data: t, at: T + i * 5000, stopAsked })),
      );
    const alarmsOf = (r: ReturnType<typeof steps>) => rowOf("a", false, r, ctx(T + 60_000, 0)).alarms;
    expect(alarmsOf(steps([timing, { ...timing, programs: [] }]))).toContain("Timing program disconnected");
    const stopped = { mode: "test" as const, session: null, programs: [], replay: null };
    expect(alarmsOf(steps([timing, stopped]))).toContain("Timing stopped");
    // A stop this console asked for raises nothing.
    expect(alarmsOf(steps([timing, stopped], T + 1000))).not.toContain("Timing stopped");
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
