// Table-driven tests of the card formatting and verdict rules (SPEC §3, §8, §9).
import { describe, expect, it } from "vitest";
import {
  batteryBadge,
  batteryColour,
  batteryPercent,
  batteryTime,
  berPercent,
  cellularColour,
  cellularId,
  channelVerdict,
  hoursMinutes,
  keyed,
  PARTITION_SLOTS,
  partitionText,
  storageSize,
  usedPercent,
  watchdogText,
} from "./telemetryFormat.ts";

describe("battery", () => {
  it.each([
    [0, 0],
    [0.5, 50],
    [1, 100],
    [0.999, 99.9],
    [1.5, 1.5],
    [42, 42],
    [100, 100],
  ])("percentage %d is %d %% (1 or lower is a fraction)", (raw, pct) => {
    expect(batteryPercent(raw)).toBeCloseTo(pct, 6);
  });

  it.each([
    [100, "green"],
    [75.1, "green"],
    [75, "yellow"],
    [40.5, "yellow"],
    [40, "orange"],
    [10.01, "orange"],
    [10, "red"],
    [0, "red"],
  ])("%d %% is %s", (pct, colour) => {
    expect(batteryColour(pct)).toBe(colour);
  });

  it.each([
    ["CHARGING", "green", "⚡"],
    ["DISCHARGING", "yellow", "▼"],
    ["DISCONNECTED", "red", "✕"],
    ["RECOVERY", "orange", "↻"],
    ["SUSTAIN", "green", "■"],
    ["FROBNICATING", "grey", "?"],
  ])("state %s has its badge", (state, colour, icon) => {
    expect(batteryBadge(state)).toEqual({ text: state, colour, icon });
  });

  it("an empty state reads UNKNOWN", () => {
    expect(batteryBadge(undefined).text).toBe("UNKNOWN");
  });

  it.each([
    [0, "0 min"],
    [45, "45 min"],
    [60, "1 h 0 min"],
    [125, "2 h 5 min"],
    [-1, "—"],
    [Number.NaN, "—"],
  ])("%d minutes read %s", (min, text) => {
    expect(hoursMinutes(min)).toBe(text);
  });

  it.each([
    ["CHARGING", { label: "Time to full", text: "1 h 30 min" }],
    ["DISCHARGING", { label: "Time To Empty", text: "3 h 20 min" }],
    ["SUSTAIN", { label: "Time To Empty", text: "3 h 20 min" }],
  ])("%s shows %o", (state, want) => {
    expect(batteryTime(state, 90, 200)).toEqual(want);
  });
});

describe("storage", () => {
  it.each([
    [0, "0 B"],
    [999, "999 B"],
    [1000, "1.00 kB"],
    [1234, "1.23 kB"],
    [1_234_567, "1.23 MB"],
    [4_000_000_000, "4.00 GB"],
    [16_777_216, "16.78 MB"],
    [-5, "—"],
  ])("%d bytes read %s (base 1000, 2 decimals)", (bytes, text) => {
    expect(storageSize(bytes)).toBe(text);
  });

  it.each([
    [1, 4, 25],
    [1, 3, 33.3],
    [0, 10, 0],
    [5, 0, null],
  ])("%d of %d is %s %%", (used, total, pct) => {
    expect(usedPercent(used, total)).toBe(pct);
  });
});

describe("firmware", () => {
  it.each([
    [-1, "Factory"],
    [0, "OTA 0"],
    [2, "OTA 2"],
    [3, "Unknown state!"],
    [-2, "Unknown state!"],
    [0.5, "Unknown state!"],
    [undefined, "Unknown state!"],
  ])("partition %s reads %s", (p, text) => {
    expect(partitionText(p)).toBe(text);
  });

  it("draws the factory slot and OTA slots 0 to 2", () => {
    expect(PARTITION_SLOTS).toEqual([-1, 0, 1, 2]);
  });

  it.each([
    ["INACTIVE", "INACTIVE"],
    ["WATCHING", "WATCHING"],
    ["COMPLETE", "COMPLETE"],
    ["ROLLBACK", "Unknown state!"],
    [undefined, "Unknown state!"],
  ])("watchdog %s reads %s", (w, text) => {
    expect(watchdogText(w)).toBe(text);
  });
});

describe("cellular", () => {
  it.each([
    [0.012, "1.2 %"],
    [0, "0 %"],
    [1, "100 %"],
    [0.00123, "0.12 %"],
    [-0.1, "—"],
    [undefined, "—"],
  ])("BER %s is %s", (ber, text) => {
    expect(berPercent(ber)).toBe(text);
  });

  it.each([
    ["IMEI", "", "IMEI being gathered..."],
    ["IMSI", "  ", "IMSI being gathered..."],
    ["ICCID", undefined, "ICCID being gathered..."],
    ["IMEI", "356938035643809", "356938035643809"],
  ] as const)("%s of %o reads %s", (label, value, text) => {
    expect(cellularId(label, value)).toBe(text);
  });

  it.each([
    ["CONNECTED", "green"],
    ["ON", "green"],
    ["SEARCH", "yellow"],
    ["ASLEEP", "yellow"],
    ["DENIED", "red"],
    ["ERROR", "red"],
    ["OFF", "grey"],
  ])("%s is %s", (state, colour) => {
    expect(cellularColour(state)).toBe(colour);
  });
});

describe("UHF channel verdict from return loss", () => {
  it.each([
    [false, 20, "no antenna"],
    [true, 1.5, "no antenna"],
    [true, 5, "poor"],
    [true, -9.9, "poor"],
    [true, 10, "fine"],
    [true, -18, "fine"],
    [true, undefined, "poor"],
  ] as const)("ant %s, loss %s dB: %s", (ant, loss, verdict) => {
    expect(channelVerdict(ant, loss)).toBe(verdict);
  });
});

describe("keyed", () => {
  it.each([
    [
      ["a", "b"],
      ["a", "b"],
    ],
    [
      ["a", "a", "a"],
      ["a", "a#1", "a#2"],
    ],
    [
      [undefined, undefined],
      ["?", "?#1"],
    ],
  ])("%o get keys %o", (names, keys) => {
    expect(keyed(names, (n) => n).map(([k]) => k)).toEqual(keys);
  });
});
