// One record per unit: the fold of every answer (whoever brought it), the query cache's answers as its events, and
// the one derivation every page reads (the issue's case: a low battery and a growing backlog named alike everywhere).
import { describe, expect, it } from "vitest";
import { unitAlarms, unitReady, unitState } from "./derive.ts";
import {
  emptyRecord,
  extendSeries,
  foldEvents,
  foldUnit,
  SERIES_KEEP_MS,
  SERIES_POINTS,
  SERIES_STEP_MS,
  type UnitEvent,
  type UnitRecord,
} from "./record.ts";
import { answerEvents, unitEventsOf } from "./recordEvents.ts";

const U = "http://10.0.0.21";
const T0 = 1_763_900_000_000;
const ctx = (now: number) => ({ now, noReadsMinutes: 0, raceHours: 4, timingNotNeeded: true });

/** A uhf unit answering every 30 s for `minutes`: Left grows by 20 and Seen by 30 each time; battery 10 %. */
function growingBacklog(minutes: number): UnitRecord {
  const events: UnitEvent[] = [{ kind: "identity", name: "FINISH-1", mode: "hf", at: T0 }];
  for (let i = 0; i <= minutes * 2; i++) {
    const at = T0 + i * 30_000;
    events.push(
      { kind: "answered", at },
      { kind: "reading", dataset: "passings", data: { seen: 100 + 30 * i, left: 20 * i }, at },
      { kind: "reading", dataset: "battery", data: { state: "DISCHARGING", percentage: 0.1 }, at },
    );
  }
  return foldEvents(emptyRecord(U), events);
}

describe("foldUnit", () => {
  it("keeps each dataset's latest answer, when it came, its series and the alarm memory", () => {
    const r = foldEvents(emptyRecord(U), [
      { kind: "identity", name: "FINISH-1", mode: "uhf", at: T0 },
      { kind: "reading", dataset: "passings", data: { seen: 5, left: 0 }, at: T0 },
      {
        kind: "reading",
        dataset: "uhf/ports",
        data: { channels: [{ id: 0, ant: true, reads: 3, loss: 20 }] },
        at: T0 + 10_000,
      },
    ]);
    expect(r).toMatchObject({ name: "FINISH-1", mode: "uhf", lastAnswerAt: T0 + 10_000 });
    expect(r.data.passings).toEqual({ seen: 5, left: 0 });
    expect(r.readAt).toEqual({ passings: T0, "uhf/ports": T0 + 10_000 });
    expect(r.series["passings:seen"]).toEqual([{ t: T0, v: 5 }]);
    expect(r.series["reads:0"]).toEqual([{ t: T0 + 10_000, v: 3 }]);
    expect(r.memory.hadAntenna).toEqual([0]);
    expect(r.memory.seen).toEqual({ count: 5, since: T0, last: T0 });
  });

  it("the same answer brought twice (the fleet reading through the dashboard's cache) or an older one changes nothing", () => {
    const data = { seen: 5, left: 0 };
    const r = foldUnit(emptyRecord(U), { kind: "reading", dataset: "passings", data, at: T0 });
    expect(foldUnit(r, { kind: "reading", dataset: "passings", data, at: T0 + 15_000 })).toBe(r);
    expect(foldUnit(r, { kind: "reading", dataset: "passings", data: { seen: 1 }, at: T0 - 1 })).toBe(r);
  });

  it("a failed read keeps the last answer, marked; the next answer clears the mark", () => {
    const read = foldUnit(emptyRecord(U), {
      kind: "reading",
      dataset: "battery",
      data: { percentage: 0.1 },
      at: T0,
    });
    const failed = foldUnit(read, { kind: "unread", dataset: "battery", reason: "500", at: T0 + 1 });
    expect(failed.data.battery).toEqual({ percentage: 0.1 });
    expect(failed.errors).toEqual({ battery: "500" });
    const again = foldUnit(failed, {
      kind: "reading",
      dataset: "battery",
      data: { percentage: 0.5 },
      at: T0 + 2,
    });
    expect(again.errors).toEqual({});
  });

  it("another mode is another reader: what was read of the old one does not carry over", () => {
    const uhf = foldEvents(emptyRecord(U), [
      { kind: "identity", name: "A", mode: "uhf", at: T0 },
      { kind: "reading", dataset: "uhf/ports", data: { channels: [{ id: 0, ant: true }] }, at: T0 },
    ]);
    const hf = foldUnit(uhf, { kind: "identity", name: "A", mode: "hf", at: T0 + 1 });
    expect(hf).toMatchObject({ mode: "hf", data: {}, series: {} });
    expect(hf.memory.hadAntenna).toEqual([]);
  });

  it("answers at a second's resolution; a failure, then an answer, each change the record", () => {
    const r = foldUnit(emptyRecord(U), { kind: "answered", at: T0 });
    expect(foldUnit(r, { kind: "answered", at: T0 + 500 })).toBe(r);
    const failed = foldUnit(r, { kind: "silent", reason: "timeout", at: T0 + 600 });
    expect(failed.lastFailure).toEqual({ at: T0 + 600, reason: "timeout" });
    expect(foldUnit(failed, { kind: "answered", at: T0 + 700 }).lastAnswerAt).toBe(T0 + 700);
  });

  it("a retained broker reading sets the figure but adds no point in time", () => {
    const r = foldUnit(emptyRecord("ws://b#u1"), {
      kind: "reading",
      dataset: "passings",
      data: { seen: 9, left: 0 },
      at: T0,
      retained: true,
    });
    expect(r.data.passings).toEqual({ seen: 9, left: 0 });
    expect(r.series).toEqual({});
    expect(r.memory.seen).toBeNull();
  });
});

describe("extendSeries", () => {
  it("points closer than SERIES_STEP_MS replace the last one; the first stays", () => {
    let s = {};
    for (let i = 0; i <= 12; i++) s = extendSeries(s, T0 + i * 1000, { x: i });
    const times = (s as { x: { t: number }[] }).x.map((p) => (p.t - T0) / 1000);
    expect(times[0]).toBe(0);
    for (let i = 2; i < times.length; i++)
      expect((times[i] as number) - (times[i - 2] as number)).toBeGreaterThanOrEqual(SERIES_STEP_MS / 1000);
    expect(times[times.length - 1]).toBe(12);
  });

  it("keeps SERIES_POINTS points, and every point of the last SERIES_KEEP_MS beyond them", () => {
    let s = {};
    const n = SERIES_POINTS + 50;
    for (let i = 0; i < n; i++) s = extendSeries(s, T0 + i * SERIES_STEP_MS, { x: i });
    expect((s as { x: unknown[] }).x).toHaveLength(
      Math.max(SERIES_POINTS, SERIES_KEEP_MS / SERIES_STEP_MS + 1),
    );
    expect(extendSeries(s, T0, { y: Number.NaN })).toBe(s);
  });
});

describe("unitEventsOf", () => {
  it("a card's or the watch's dataset answer, the header's timing, the identity, a sync and a fleet poll", () => {
    const k = (...parts: unknown[]) => ["device", U, ...parts];
    const ok = (data: unknown) => ({ ok: true as const, data, at: T0 });
    expect(unitEventsOf(k("telemetry", "battery"), ok({ data: { percentage: 0.5 }, issues: [] }))).toEqual({
      unit: U,
      events: [{ kind: "reading", dataset: "battery", data: { percentage: 0.5 }, at: T0 }],
    });
    expect(unitEventsOf(k("telemetry", "timing"), ok(null))?.events).toEqual([
      { kind: "reading", dataset: "timing", data: null, at: T0 },
    ]);
    expect(unitEventsOf(k("deviceName"), ok({ deviceName: "A", mode: "uhf" }))?.events).toEqual([
      { kind: "identity", name: "A", mode: "uhf", at: T0 },
    ]);
    expect(unitEventsOf(k("clock"), ok({ estimate: { offsetMs: 3, errorBoundMs: 2 } }))?.events).toEqual([
      { kind: "clock", offsetMs: 3, errorBoundMs: 2, oneWay: false, at: T0 },
    ]);
    expect(unitEventsOf(k("fleet", "clock"), { ok: false, error: new Error("x"), at: T0 })?.events).toEqual([
      { kind: "clock-failed", at: T0 },
    ]);
    const poll = {
      name: "A",
      mode: "hf",
      data: { battery: { percentage: 1 } },
      errors: { storage: "404" },
      at: T0,
    };
    expect(unitEventsOf(k("fleet", "poll"), ok(poll))?.events).toEqual(answerEvents(poll));
    expect(unitEventsOf(k("telemetry", "networking/interfaces"), ok({ data: {} }))).toBeNull();
    expect(unitEventsOf(["other", U], ok({}))).toBeNull();
  });

  it("a failed dataset read is that dataset unread, with the reason", () => {
    const found = unitEventsOf(["device", U, "telemetry", "storage"], {
      ok: false,
      error: new Error("Request timed out"),
      at: T0,
    });
    expect(found?.events).toEqual([
      { kind: "unread", dataset: "storage", reason: "Request timed out", at: T0 },
    ]);
  });
});

describe("the derivation", () => {
  it("a low battery and a growing backlog are both alarms, and both fail the Ready check (issue 40's case)", () => {
    const r = growingBacklog(3);
    const now = T0 + 6 * 30_000;
    expect(unitAlarms(r, ctx(now)).map((a) => a.text)).toEqual([
      "Battery low (10 %)",
      "Backlog growing: 120 unsent",
    ]);
    const failing = unitReady(r, ctx(now))
      .items.filter((i) => !i.ok)
      .map((i) => i.label);
    expect(failing).toEqual(["Device clock", "Battery", "Storage", "Backlog", "Alarms"]);
  });

  it("the panel's acknowledgements count in the Ready check where the console holds them", () => {
    const r = growingBacklog(3);
    const now = T0 + 6 * 30_000;
    const listed = unitAlarms(r, ctx(now)).map((a) => ({ text: a.text, acknowledged: true }));
    expect(unitReady(r, ctx(now), listed).items.find((i) => i.id === "alarms")?.ok).toBe(true);
  });

  it("states: checking before anything, online after an answer, offline 10 s after the last answer once failing", () => {
    expect(unitState(undefined, T0)).toBe("checking");
    const answered = foldUnit(emptyRecord(U), { kind: "answered", at: T0 });
    expect(unitState(answered, T0 + 60_000)).toBe("online");
    const failed = foldUnit(answered, { kind: "silent", reason: "timeout", at: T0 + 5000 });
    expect(unitState(failed, T0 + 9999)).toBe("online");
    expect(unitState(failed, T0 + 10_000)).toBe("offline");
    expect(unitAlarms(failed, ctx(T0 + 10_000))).toEqual([{ id: "offline", text: "Unit offline" }]);
    const never = foldUnit(emptyRecord(U), { kind: "silent", reason: "refused", at: T0 });
    expect(unitState(never, T0)).toBe("offline");
  });

  it("a broker unit: its own word, or a minute of silence", () => {
    const b = foldEvents(emptyRecord("ws://b#u1"), [
      { kind: "said", status: "online", at: T0 },
      { kind: "answered", at: T0 },
    ]);
    expect(unitState(b, T0 + 59_999)).toBe("online");
    expect(unitState(b, T0 + 60_000)).toBe("offline");
    expect(unitState(foldUnit(b, { kind: "said", status: "offline", at: T0 + 1 }), T0 + 1)).toBe("offline");
  });
});
