// Each antenna's health (issue 41): every state in words, the quality bands, reads per minute, the Fleet's summary and
// an antenna silent while the others read.
import { describe, expect, it } from "vitest";
import { alarmRules } from "../alarms/alarmRules.ts";
import { antennasItem } from "../ready/readyRules.ts";
import {
  ANTENNA_STATES,
  antennaState,
  antennasSummary,
  type Counts,
  readQuality,
  readsPerMinute,
  STATE_WORDS,
  silentAntennas,
} from "./antennaHealth.ts";

const T0 = 1_763_900_000_000;
const MIN = 60_000;
/** A Reads series: one point every 30 s, growing by `step` each until `until` (minutes), then flat. */
function reads(minutes: number, step: number, until = minutes): Counts {
  const out = [];
  for (let i = 0; i <= minutes * 2; i++) out.push({ t: T0 + i * 30_000, v: step * Math.min(i, until * 2) });
  return out;
}

describe("antennaState", () => {
  it("D13's state when the unit sends one; an older unit's worked out from `ant`", () => {
    for (const s of ANTENNA_STATES) expect(antennaState({ id: 0, ant: true, state: s })).toBe(s);
    expect(Object.values(STATE_WORDS)).toEqual(["OK", "Noise", "No antenna", "Settling", "Off", "Fault"]);
    expect(antennaState({ id: 0, ant: false, reads: 0 })).toBe("absent");
    expect(antennaState({ id: 0, ant: true, reads: 0 })).toBe("ok");
    expect(antennaState({ id: 0, ant: true, state: "melted" })).toBe("ok");
    expect(antennaState(undefined)).toBe("ok");
  });
});

describe("readQuality", () => {
  it("Good, Fair, Weak with the reason, or no reads", () => {
    expect(readQuality({ rssi: -48, hits: 120 })).toEqual({ band: "good", text: "Good" });
    expect(readQuality({ rssi: -68, hits: 12 }).band).toBe("fair");
    expect(readQuality({ rssi: -60, hits: 7 }).band).toBe("fair");
    expect(readQuality({ rssi: -78, hits: 4 })).toEqual({
      band: "weak",
      text: "Weak: check the mat and the antenna's aim",
    });
    expect(readQuality({ rssi: -50, hits: 3 }).band).toBe("weak");
    expect(readQuality({ rssi: null, hits: null })).toEqual({
      band: "none",
      text: "No reads in the last minute",
    });
  });
});

describe("readsPerMinute", () => {
  it("over the last minute, from the readings closest to a minute apart; null without 10 s of readings or after a reset", () => {
    expect(readsPerMinute(reads(3, 10))).toBe(20);
    expect(readsPerMinute([{ t: T0, v: 5 }])).toBeNull();
    expect(
      readsPerMinute([
        { t: T0, v: 5 },
        { t: T0 + 5000, v: 9 },
      ]),
    ).toBeNull();
    expect(
      readsPerMinute([
        { t: T0, v: 50 },
        { t: T0 + 30_000, v: 9 },
      ]),
    ).toBeNull();
  });
});

describe("antennasSummary", () => {
  it("antennas reading over antennas fitted, then the other states' counts", () => {
    const ports = [
      { id: 0, ant: true, reads: 10, state: "ok" },
      { id: 1, ant: true, reads: 10, state: "noise" },
      { id: 2, ant: true, reads: 10, state: "noise" },
      { id: 3, ant: true, reads: 0, state: "off" },
      { id: 4, ant: false, reads: 0, state: "absent" },
    ];
    const series = (id: number) => (id === 3 ? reads(3, 0) : reads(3, 10));
    expect(antennasSummary(ports, series)).toBe("3 / 4: 2 Noise, 1 Off");
    expect(antennasSummary(ports.slice(0, 1), series)).toBe("1 / 1");
    // An older unit: what it has (an antenna, reads so far).
    expect(
      antennasSummary(
        [
          { id: 0, ant: true, reads: 4 },
          { id: 1, ant: true, reads: 0 },
        ],
        () => undefined,
      ),
    ).toBe("1 / 2");
    expect(antennasSummary(undefined, () => undefined)).toBeNull();
  });
});

describe("silentAntennas and its alarm", () => {
  const ports = [
    { id: 0, ant: true, state: "ok" },
    { id: 1, ant: true, state: "ok" },
  ];
  it("an antenna that read, then nothing for 2 min while another reads: raised, with its minutes", () => {
    const series = (id: number) => (id === 1 ? reads(6, 10, 3) : reads(6, 10));
    expect(silentAntennas(ports, series, T0 + 6 * MIN)).toEqual([{ id: 1, minutes: 3 }]);
    const alarms = alarmRules({ now: T0 + 6 * MIN, channels: ports, channelReads: series });
    expect(alarms.map((a) => a.text)).toEqual(["Antenna 2 silent: no reads for 3 min while others read"]);
  });

  it("not before 2 minutes, not when every antenna is silent, not for an antenna that never read or is off", () => {
    const series = (id: number) => (id === 1 ? reads(6, 10, 5) : reads(6, 10));
    expect(silentAntennas(ports, series, T0 + 6 * MIN)).toEqual([]);
    expect(silentAntennas(ports, () => reads(6, 10, 3), T0 + 6 * MIN)).toEqual([]);
    expect(silentAntennas(ports, (id) => (id === 1 ? reads(6, 0) : reads(6, 10)), T0 + 6 * MIN)).toEqual([]);
    const off = [ports[0], { id: 1, ant: true, state: "off" }];
    expect(silentAntennas(off, (id) => (id === 1 ? reads(6, 10, 3) : reads(6, 10)), T0 + 6 * MIN)).toEqual(
      [],
    );
  });

  it("noisy and faulty antennas are alarms in the panel's words", () => {
    const alarms = alarmRules({
      now: T0,
      channels: [
        { id: 0, ant: true, state: "noise" },
        { id: 2, ant: true, state: "fault" },
      ],
    });
    expect(alarms.map((a) => a.text)).toEqual(["Antenna 1 noisy", "Antenna 3 fault"]);
  });
});

describe("the Ready check's Antennas item", () => {
  it("names each antenna whose state is not OK, with its state", () => {
    const item = antennasItem({
      now: T0 + 6 * MIN,
      mode: "uhf",
      channels: [
        { id: 0, ant: true, state: "ok" },
        { id: 1, ant: true, state: "noise" },
        { id: 2, ant: true, state: "off" },
      ],
      channelReads: { 0: reads(6, 10), 1: reads(6, 10), 2: reads(6, 10) },
      raceHours: 1,
      alarms: [],
    });
    expect(item).toMatchObject({
      ok: false,
      value: "3 antennas",
      reason: "Antenna 2: Noise; Antenna 3: Off",
    });
  });
});
