// The Fleet page's Ready column: the Ready check over a polled unit's record (its answers, its series, its clock
// sync), the same derivation as the unit's own dashboard.
import { describe, expect, it } from "vitest";
import type { ListedAlarm } from "../shared/alarms/alarmStore.ts";
import { readySummary } from "../shared/ready/readyRules.ts";
import { unitReady } from "../shared/unit/derive.ts";
import { emptyRecord, foldEvents, type UnitEvent, type UnitRecord } from "../shared/unit/record.ts";
import { answerEvents } from "../shared/unit/recordEvents.ts";
import { rowOf } from "./model.ts";

const T = 1_700_000_000_000;
const U = "http://10.0.0.9";
const channels = (reads: number) => [
  { id: 0, ant: true, reads, loss: -17 },
  { id: 1, ant: false, reads: 0, loss: -0.6 },
];
const passings = (seen: number) => ({ seen, filtered: 0, unique: 0, sent: 0, left: 0, delta: 0 });
const SYNCED: UnitEvent = { kind: "clock", offsetMs: 4, errorBoundMs: 2, oneWay: false, at: T - 60_000 };

/** Two polls 15 s apart (channel 0's Reads going from `reads[0]` to `reads[1]`), then `more` events. */
function record(reads: [number, number], more: UnitEvent[] = [SYNCED]): UnitRecord {
  const first = answerEvents({
    name: "DECODER-01",
    mode: "uhf",
    data: { passings: passings(100), "uhf/ports": { channels: channels(reads[0]) } },
    errors: {},
    at: T - 15_000,
  });
  const second = answerEvents({
    name: "DECODER-01",
    mode: "uhf",
    data: {
      battery: { state: "CHARGING", percentage: 62 },
      storage: { used: 10, total: 100 },
      passings: passings(120),
      "uhf/ports": { channels: channels(reads[1]) },
    },
    errors: {},
    at: T,
  });
  return foldEvents(emptyRecord(U), [...first, ...second, ...more]);
}
const ctx = (now = T) => ({ now, noReadsMinutes: 10, raceHours: 4, timingNotNeeded: true });
const hot: UnitEvent = {
  kind: "reading",
  dataset: "hw/temp",
  data: { temps: [{ name: "cpu", temp: 71 }] },
  at: T,
};

describe("the Ready column", () => {
  it("Ready when every item holds", () => {
    expect(readySummary(unitReady(record([10, 14]), ctx()))).toBe("Ready");
    expect(rowOf(U, false, record([10, 14]), ctx())).toMatchObject({ alarms: [], ready: "Ready" });
  });

  it("names the failing items: no growth of Reads, no clock sync, an alarm", () => {
    const r = record([10, 10], [hot]);
    expect(rowOf(U, false, r, ctx())).toMatchObject({
      alarms: ["Hot: cpu (71.0 °C)"],
      ready: "Not ready: Antennas, Device clock, Alarms",
    });
  });

  it("a failed clock sync fails the Device clock item", () => {
    expect(rowOf(U, false, record([10, 14], [{ kind: "clock-failed", at: T }]), ctx()).ready).toBe(
      "Not ready: Device clock",
    );
  });

  it("offline: not ready; still checking: no verdict yet", () => {
    const gone = record([10, 14], [SYNCED, { kind: "silent", reason: "Timed out", at: T + 10_000 }]);
    expect(rowOf(U, false, gone, ctx(T + 10_000))).toMatchObject({
      alarms: ["Unit offline"],
      ready: "Not ready: Unit offline",
    });
    expect(rowOf(U, false, undefined, ctx()).ready).toBe("—");
    expect(rowOf(U, false, emptyRecord(U), ctx()).ready).toBe("—");
  });

  it("the check counts the newest answer at once, before the next tick of the page's clock", () => {
    expect(rowOf(U, false, record([10, 14]), ctx(T - 4000)).ready).toBe("Ready");
  });
});

describe("the unit the console talks to: the alarm panel's list, as the dashboard's check", () => {
  const listed = (text: string, active: boolean, acknowledged: boolean): ListedAlarm => ({
    id: text,
    text,
    since: T - 60_000,
    active,
    acknowledged,
  });
  const hotText = "Hot: cpu (71.0 °C)";

  it("an acknowledged alarm whose condition holds does not count; a cleared one not yet acknowledged does", () => {
    const r = record([10, 14], [SYNCED, hot]);
    expect(readySummary(unitReady(r, ctx(), [listed(hotText, true, true)]))).toBe("Ready");
    expect(readySummary(unitReady(record([10, 14]), ctx(), [listed(hotText, false, false)]))).toBe(
      "Not ready: Alarms",
    );
    // Without the panel's list (another unit), the condition that holds counts.
    expect(readySummary(unitReady(r, ctx()))).toBe("Not ready: Alarms");
  });

  it("its row lists the panel's entries (acknowledged ones marked); another unit's row, the conditions that hold now", () => {
    const row = (list: ListedAlarm[] | null, r = record([10, 14])) => rowOf(U, false, r, ctx(), list);
    expect(row([listed("Battery low (12 %)", false, false)])).toMatchObject({
      alarms: ["Battery low (12 %)"],
      level: "alarm",
      ready: "Not ready: Alarms",
    });
    expect(row([listed(hotText, true, true)], record([10, 14], [SYNCED, hot]))).toMatchObject({
      alarms: [`${hotText} (acknowledged)`],
      ready: "Ready",
    });
    expect(row(null)).toMatchObject({ alarms: [], level: "ok", ready: "Ready" });
    expect(row(null, record([10, 14], [SYNCED, hot]))).toMatchObject({
      alarms: [hotText],
      ready: "Not ready: Alarms",
    });
    expect(row([])).toMatchObject({ alarms: [], ready: "Ready" });
  });
});
