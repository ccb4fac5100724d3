// The Ready check item by item: each threshold's edge, the reason shown when it fails, and the verdict over all of them.
import { describe, expect, it } from "vitest";
import { at, grewAgo, healthy, MIN, NOW } from "../../../test/ready.fakes.ts";
import { backlog } from "../readings/backlog.ts";
import {
  alarmsItem,
  antennasItem,
  backlogItem,
  batteryItem,
  clockItem,
  lastGrowthAt,
  readyCheck,
  readySummary,
  storageItem,
} from "./readyRules.ts";

describe("readyCheck", () => {
  it("Ready when every item holds, each with its value", () => {
    const c = readyCheck(healthy);
    expect(c.verdict).toBe("Ready");
    expect(c.items.map((i) => [i.label, i.ok, i.value])).toEqual([
      ["Antennas", true, "2 antennas read within 10 min"],
      ["Device clock", true, "+12 ms"],
      ["Battery", true, "5 h 0 min to empty"],
      ["Storage", true, "79 % used"],
      ["Backlog", true, "Empty"],
      ["Alarms", true, "None unacknowledged"],
    ]);
    expect(readySummary(c)).toBe("Ready");
  });

  it("one failing item makes it Not ready; the summary names the failing ones", () => {
    const c = readyCheck(
      at({ storage: { used: 80, total: 100 }, alarms: [{ text: "Hot", acknowledged: false }] }),
    );
    expect(c.verdict).toBe("Not ready");
    expect(readySummary(c)).toBe("Not ready: Storage, Alarms");
  });

  it("every item links to where it is fixed", () => {
    expect(readyCheck(healthy).items.map((i) => i.fix.href)).toEqual([
      "/live",
      "#card-time",
      "#card-battery",
      "/files",
      "#card-passings",
      "#unit-alarms",
    ]);
  });
});

describe("antennas", () => {
  it("a channel whose last read is more than 10 min old fails, with how long", () => {
    const i = antennasItem(at({ channelReads: { 0: grewAgo(1), 1: grewAgo(11) } }));
    expect(i.ok).toBe(false);
    expect(i.reason).toBe("Antenna 2: no read for 11 min");
  });

  it("exactly 10 min is still within", () => {
    expect(antennasItem(at({ channelReads: { 0: grewAgo(10), 1: grewAgo(1) } })).ok).toBe(true);
  });

  it("a channel never seen reading: 'no read seen yet', then 'no read for 10 min' once watched that long", () => {
    const flat = (minutes: number) => [
      { t: NOW - minutes * MIN, v: 4 },
      { t: NOW, v: 4 },
    ];
    expect(antennasItem(at({ channelReads: { 0: grewAgo(1), 1: flat(3) } })).reason).toBe(
      "Antenna 2: no read seen yet",
    );
    expect(antennasItem(at({ channelReads: { 0: grewAgo(1) } })).reason).toBe("Antenna 2: no read seen yet");
    expect(antennasItem(at({ channelReads: { 0: grewAgo(1), 1: flat(10) } })).reason).toBe(
      "Antenna 2: no read for 10 min",
    );
  });

  it("antennas with the same problem share one phrase, however many a unit has", () => {
    const four = [0, 1, 2, 3].map((id) => ({ id, ant: true, loss: -20 }));
    const flat = [
      { t: NOW - 3 * MIN, v: 4 },
      { t: NOW, v: 4 },
    ];
    expect(
      antennasItem(at({ channels: four, channelReads: { 0: flat, 1: flat, 2: flat, 3: flat } })).reason,
    ).toBe("Antennas 1, 2, 3, 4: no read seen yet");
    const mixed = antennasItem(
      at({
        channels: [
          ...four.slice(0, 3).map((c) => (c.id === 1 ? { ...c, loss: -3 } : c)),
          { id: 3, ant: false },
        ],
        channelReads: { 0: grewAgo(12), 1: grewAgo(1), 2: grewAgo(12) },
        hadAntenna: [3],
      }),
    );
    expect(mixed.reason).toBe(
      "Antennas 1, 3: no read for 12 min; Antenna 2: return loss 3.0 dB (below 6 dB); Antenna 4: lost",
    );
  });

  it("a poor return loss fails even with reads (below 6 dB, either sign)", () => {
    const i = antennasItem(
      at({
        channels: [
          { id: 0, ant: true, loss: -5.9 },
          { id: 1, ant: true, loss: 6 },
        ],
      }),
    );
    expect(i.reason).toBe("Antenna 1: return loss 5.9 dB (below 6 dB)");
  });

  it("a channel that had an antenna earlier in the session and has none now is lost", () => {
    const i = antennasItem(
      at({
        channels: [
          { id: 0, ant: true, loss: 17 },
          { id: 1, ant: false, loss: 0.6 },
        ],
        hadAntenna: [0, 1],
      }),
    );
    expect([i.ok, i.value, i.reason]).toEqual([false, "1 antenna", "Antenna 2: lost"]);
  });

  it("a channel that never had an antenna is not counted; a unit with none fitted is not ready", () => {
    const lost = antennasItem(
      at({
        channels: [
          { id: 0, ant: true, loss: 17 },
          { id: 1, ant: false, loss: 0.6 },
        ],
      }),
    );
    expect([lost.ok, lost.value]).toEqual([true, "1 antenna read within 10 min"]);
    const none = antennasItem(at({ channels: [{ id: 0, ant: false }] }));
    expect([none.ok, none.reason]).toEqual([false, "No antenna connected"]);
    expect(antennasItem(at({ channels: undefined })).reason).toBe("No antenna reading yet");
  });

  it("a unit without channels (hf): the reader as a whole, from Passings Seen", () => {
    expect(antennasItem(at({ mode: "hf", seen: grewAgo(2) })).ok).toBe(true);
    expect(antennasItem(at({ mode: "hf", seen: grewAgo(12) })).reason).toBe("Reader: no read for 12 min");
  });

  it("lastGrowthAt: the latest reading that showed the counter larger", () => {
    expect(lastGrowthAt(grewAgo(4))).toBe(NOW - 4 * MIN);
    expect(lastGrowthAt([{ t: 1, v: 3 }])).toBeNull();
    expect(lastGrowthAt(undefined)).toBeNull();
  });
});

describe("device clock", () => {
  it("within 100 ms (either way) by a sync at most 10 min old", () => {
    expect(clockItem(at({ clock: { offsetMs: -100, at: NOW - 10 * MIN } })).ok).toBe(true);
  });

  it("more than 100 ms off", () => {
    const i = clockItem(at({ clock: { offsetMs: 101, at: NOW } }));
    expect([i.ok, i.value, i.reason]).toEqual([
      false,
      "+101 ms",
      "+101 ms off the browser's clock (more than 100 ms)",
    ]);
  });

  it("a sync older than 10 min", () => {
    expect(clockItem(at({ clock: { offsetMs: 5, at: NOW - 10 * MIN - 1000 } })).reason).toBe(
      "Synced 11 min ago (more than 10 min): Requery",
    );
  });

  it("no sync yet, or a failed one", () => {
    expect(clockItem(at({ clock: null })).reason).toBe("Not synced yet");
    expect(clockItem(at({ clock: { failed: true } })).reason).toBe("The clock sync failed");
  });
});

describe("battery", () => {
  it("time to empty at least the race length plus 1 hour", () => {
    expect(batteryItem(at({ raceHours: 4, battery: { state: "DISCHARGING", time_empty: 300 } })).ok).toBe(
      true,
    );
    const short = batteryItem(at({ raceHours: 4, battery: { state: "DISCHARGING", time_empty: 299 } }));
    expect([short.ok, short.reason]).toEqual([
      false,
      "4 h 59 min to empty, needs 5 h 0 min (race 4 h 0 min + 1 h)",
    ]);
  });

  it("the race length changes what is needed (half hours too)", () => {
    const i = batteryItem(at({ raceHours: 1.5, battery: { state: "DISCONNECTED", time_empty: 40 } }));
    expect(i.reason).toBe("40 min to empty, needs 2 h 30 min (race 1 h 30 min + 1 h)");
  });

  it("charging is fine whatever the time to empty", () => {
    const i = batteryItem(at({ battery: { state: "CHARGING", time_empty: 0 } }));
    expect([i.ok, i.value]).toEqual([true, "Charging"]);
  });

  it("no reading, or no time to empty", () => {
    expect(batteryItem(at({ battery: undefined })).reason).toBe("No battery reading yet");
    expect(batteryItem(at({ battery: { state: "DISCHARGING" } })).reason).toBe(
      "Time to empty unknown, needs 5 h 0 min (race 4 h 0 min + 1 h)",
    );
  });
});

describe("storage", () => {
  it("below 80 % used", () => {
    expect(storageItem(at({ storage: { used: 7999, total: 10_000 } })).ok).toBe(true);
    const full = storageItem(at({ storage: { used: 8000, total: 10_000 } }));
    expect([full.ok, full.value, full.reason]).toEqual([false, "80 % used", "80 % used (80 % or more)"]);
  });

  it("no reading (or a total of 0) is not ready", () => {
    expect(storageItem(at({ storage: { used: 0, total: 0 } })).reason).toBe("No storage reading yet");
  });
});

describe("backlog", () => {
  it("empty, draining, or no more than 10 in flight is fine", () => {
    expect(backlogItem(at({ backlog: { left: 0, trend: "empty" } })).value).toBe("Empty");
    expect(backlogItem(at({ backlog: { left: 400, trend: "draining" } })).value).toBe("400 unsent, draining");
    expect(backlogItem(at({ backlog: { left: 10, trend: "growing" } })).ok).toBe(true);
  });

  it("more than 10 unsent and growing, steady or of unknown trend fails, saying which", () => {
    expect(backlogItem(at({ backlog: { left: 11, trend: "growing" } })).reason).toBe(
      "11 unsent, growing, not draining",
    );
    expect(backlogItem(at({ backlog: { left: 57, trend: "steady" } })).reason).toBe(
      "57 unsent, steady, not draining",
    );
    expect(backlogItem(at({ backlog: { left: 57, trend: "unknown" } })).reason).toBe(
      "57 unsent, trend after the next reading",
    );
    expect(backlogItem(at({ backlog: { left: null, trend: "unknown" } })).reason).toBe(
      "No passings reading yet",
    );
  });

  it("a link that came back is draining from its first falling readings, not growing for minutes", () => {
    // Left grows 60 a reading (every 30 s) to 480, then falls 50 a reading for 90 s.
    const points = [60, 120, 180, 240, 300, 360, 420, 480, 430, 380, 330].map((left, i) => ({
      t: NOW - (10 - i) * 30_000,
      left,
      seen: 100 * i,
    }));
    const item = backlogItem(at({ backlog: backlog(points, NOW) }));
    expect(item).toMatchObject({ ok: true, value: "330 unsent, draining", reason: "" });
  });
});

describe("alarms", () => {
  it("an acknowledged alarm does not count; an unacknowledged one (even cleared) does", () => {
    expect(alarmsItem(at({ alarms: [{ text: "Battery low (8 %)", acknowledged: true }] })).ok).toBe(true);
    const i = alarmsItem(
      at({
        alarms: [
          { text: "Battery low (8 %)", acknowledged: false },
          { text: "Antenna 1 lost", acknowledged: false },
        ],
      }),
    );
    expect([i.ok, i.value, i.reason]).toEqual([
      false,
      "2 unacknowledged",
      "2 unacknowledged: Battery low (8 %); Antenna 1 lost",
    ]);
  });
});
