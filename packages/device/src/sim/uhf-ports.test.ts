// One UHF port's rules (D13): which state wins, what its power does to its reads and their RSSI, identify's turns.
import { describe, expect, it } from "vitest";
import {
  IDENTIFY_MS,
  identifyingPort,
  type PortFacts,
  portState,
  powerReadFactor,
  powerRssiShift,
} from "./uhf-ports.ts";

const fine: PortFacts = { antenna: true, transmitter: true, enabled: true, settlingUntil: 1000 };

describe("portState", () => {
  it.each<[string, Partial<PortFacts>, number, string]>([
    ["ok once settled", {}, 1000, "ok"],
    ["settling after boot or a change", {}, 999, "settling"],
    ["off: the transmitter off", { transmitter: false }, 5000, "off"],
    ["off: the port switched off", { enabled: false }, 5000, "off"],
    ["off before absent", { enabled: false, antenna: false }, 5000, "off"],
    ["absent without antenna", { antenna: false }, 5000, "absent"],
    ["absent before settling", { antenna: false }, 0, "absent"],
    ["fault before all", { forced: "fault", transmitter: false }, 5000, "fault"],
    ["the scenario's noise", { forced: "noise" }, 5000, "noise"],
    ["the scenario's noise, even while settling", { forced: "noise" }, 0, "noise"],
    ["the scenario's ok ends settling", { forced: "ok" }, 0, "ok"],
    ["the scenario's settling", { forced: "settling" }, 5000, "settling"],
    ["the scenario's absent", { forced: "absent" }, 5000, "absent"],
    ["the scenario's off", { forced: "off" }, 5000, "off"],
    ["the scenario's noise, but switched off", { forced: "noise", enabled: false }, 5000, "off"],
  ])("%s", (_, facts, now, state) => {
    expect(portState({ ...fine, ...facts }, now)).toBe(state);
  });
});

describe("power", () => {
  it("full power (30 dB) is the living reader's own; less reads fewer and weaker, dB for dB", () => {
    expect(powerReadFactor(30)).toBe(1);
    expect(powerReadFactor(24)).toBeCloseTo(0.55);
    expect(powerReadFactor(10)).toBe(0.1);
    expect(powerReadFactor(31.5)).toBeCloseTo(1.1);
    expect([powerRssiShift(30), powerRssiShift(20), powerRssiShift(31.5)]).toEqual([0, -10, 1.5]);
  });
});

describe("identifyingPort", () => {
  it("points at each port of the order in turn, then at none", () => {
    const order = [0, 2];
    expect(identifyingPort(1000, order, 999)).toBeNull();
    expect(identifyingPort(1000, order, 1000)).toBe(0);
    expect(identifyingPort(1000, order, 1000 + IDENTIFY_MS - 1)).toBe(0);
    expect(identifyingPort(1000, order, 1000 + IDENTIFY_MS)).toBe(2);
    expect(identifyingPort(1000, order, 1000 + 2 * IDENTIFY_MS)).toBeNull();
    expect(identifyingPort(1000, [], 1000)).toBeNull();
  });
});
