// The Fleet page's Ready column: the Ready check over a polled unit's last reading, its trail and its clock sync.
import { describe, expect, it } from "vitest";
import { EMPTY_MEMORY } from "../shared/alarms/alarmRules.ts";
import type { ListedAlarm } from "../shared/alarms/alarmStore.ts";
import type { ClockEstimate } from "../shared/clock/timeSync.ts";
import { EMPTY_TRAIL, extendTrail } from "../shared/ready/readyRules.ts";
import { fleetReady, type QueryView, rowOf } from "./model.ts";
import type { FleetReading } from "./poll.ts";

const T = 1_700_000_000_000;
const channels = (reads: number) => [
  { id: 0, ant: true, reads, loss: -17 },
  { id: 1, ant: false, reads: 0, loss: -0.6 },
];
const passings = (seen: number) => ({ seen, filtered: 0, unique: 0, sent: 0, left: 0, delta: 0 });

function reading(reads: [number, number]): FleetReading {
  let trail = extendTrail(EMPTY_TRAIL, T - 15_000, passings(100), channels(reads[0]));
  trail = extendTrail(trail, T, passings(120), channels(reads[1]));
  return {
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
    readsPerMin: 80,
    memory: EMPTY_MEMORY,
    poll: 2,
    trail,
  };
}
const synced: QueryView<ClockEstimate> = {
  status: "success",
  data: { offsetMs: 4, errorBoundMs: 2, bestRttMs: 3, meanRttMs: 4, delayMs: 2 },
  dataUpdatedAt: T - 60_000,
  errorUpdatedAt: 0,
};

describe("fleetReady", () => {
  it("Ready when every item holds", () => {
    expect(fleetReady(reading([10, 14]), "online", synced, [], 4, T)).toBe("Ready");
  });

  it("names the failing items: no growth of Reads, no clock sync, an alarm", () => {
    expect(fleetReady(reading([10, 10]), "online", undefined, ["Hot: cpu (71.0 °C)"], 4, T)).toBe(
      "Not ready: Antennas, Device clock, Alarms",
    );
  });

  it("offline: not ready; still checking: no verdict yet", () => {
    expect(fleetReady(reading([10, 14]), "offline", synced, ["Unit offline"], 4, T)).toBe(
      "Not ready: Unit offline",
    );
    expect(fleetReady(undefined, "checking", undefined, [], 4, T)).toBe("—");
  });

  it("the trail keeps the last 11 minutes only", () => {
    let trail = extendTrail(EMPTY_TRAIL, T - 12 * 60_000, passings(1), channels(1));
    trail = extendTrail(trail, T, passings(2), channels(2));
    expect(trail.passings.map((p) => p.seen)).toEqual([2]);
    expect(trail.reads[0]?.map((p) => p.v)).toEqual([2]);
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
  const ok = (r: FleetReading): QueryView<FleetReading> => ({
    status: "success",
    data: r,
    dataUpdatedAt: T,
    errorUpdatedAt: 0,
  });

  it("an acknowledged alarm whose condition holds does not count; a cleared one not yet acknowledged does", () => {
    const hot = "Hot: cpu (71.0 °C)";
    expect(fleetReady(reading([10, 14]), "online", synced, [listed(hot, true, true)], 4, T)).toBe("Ready");
    expect(fleetReady(reading([10, 14]), "online", synced, [listed(hot, false, false)], 4, T)).toBe(
      "Not ready: Alarms",
    );
  });

  it("its row reads the panel's list; another unit's row, the conditions that hold now", () => {
    const row = (list: ListedAlarm[] | null) =>
      rowOf("http://10.0.0.9", false, ok(reading([10, 14])), synced, 10, T, 4, list);
    expect(row([listed("Battery low (12 %)", false, false)])).toMatchObject({
      alarms: [],
      ready: "Not ready: Alarms",
    });
    expect(row(null)).toMatchObject({ alarms: [], ready: "Ready" });
    expect(row([]).ready).toBe("Ready");
  });
});
