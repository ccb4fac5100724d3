// A tile's words, table-driven: each D13 state and its colour, reads per minute, the medians, the quality band and its
// colour, return loss with its verdict, power; D13 or an older unit.
import { describe, expect, it } from "vitest";
import { hasPortStates, POWER_LIMITS, rateText, tileView } from "./antennaTile.ts";

const OK = { id: 1, ant: true, reads: 42, loss: 18, pwr: 30, state: "ok", rssi: -58.5, hits: 12 };

describe("tileView", () => {
  it.each([
    ["ok", "OK", "green"],
    ["noise", "Noise", "orange"],
    ["absent", "No antenna", "grey"],
    ["settling", "Settling", "yellow"],
    ["off", "Off", "grey"],
    ["fault", "Fault", "red"],
  ])("state %s reads %s (%s)", (state, words, colour) => {
    const v = tileView({ ...OK, state }, undefined);
    expect([v.stateWords, v.stateColour]).toEqual([words, colour]);
  });

  it("an older unit's channel: its state from `ant`", () => {
    expect(tileView({ id: 0, ant: false }, undefined).stateWords).toBe("No antenna");
    expect(tileView({ id: 0, ant: true }, undefined).stateWords).toBe("OK");
  });

  it("the lines of a reading antenna", () => {
    const series = [
      { t: 0, v: 0 },
      { t: 30_000, v: 20 },
      { t: 60_000, v: 42 },
    ];
    expect(tileView(OK, series)).toMatchObject({
      name: "Antenna 2",
      identifying: false,
      reads: "Reads 42 · 42/min",
      signal: "RSSI -58.5 dBm · 12 hits/passing",
      quality: { band: "good", text: "Good" },
      qualityColour: "green",
      loss: "Loss 18.0 dB (fine)",
      power: "Power 30.0 dB",
    });
  });

  it.each([
    [{ rssi: -58.5, hits: 12 }, "Good", "green"],
    [{ rssi: -67, hits: 12 }, "Fair: reads come, with little margin", "yellow"],
    [{ rssi: -71, hits: 12 }, "Weak: check the mat and the antenna's aim", "orange"],
    [{ rssi: -50, hits: 4 }, "Weak: check the mat and the antenna's aim", "orange"],
    [{ rssi: null, hits: null }, "No reads in the last minute", "grey"],
  ])("quality of %o: %s", (q, text, colour) => {
    const v = tileView({ ...OK, ...q }, undefined);
    expect([v.quality.text, v.qualityColour]).toEqual([text, colour]);
  });

  it("missing figures read —; a half median keeps its decimal; identifying", () => {
    const v = tileView({ id: 3, state: "ok", rssi: null, hits: 3.5, identifying: true }, undefined);
    expect(v.signal).toBe("RSSI — dBm · 3.5 hits/passing");
    expect(v.reads).toBe("Reads — · —/min");
    expect(v.loss).toBe("Loss — dB (no antenna)");
    expect(v.power).toBe("Power — dB");
    expect(v.identifying).toBe(true);
    expect(tileView(undefined, undefined).name).toBe("Antenna ?");
  });
});

describe("rateText", () => {
  it("per minute over the last minute, — until readings 10 s apart", () => {
    expect(rateText(undefined)).toBe("—/min");
    expect(rateText([{ t: 0, v: 5 }])).toBe("—/min");
    expect(
      rateText([
        { t: 0, v: 0 },
        { t: 20_000, v: 10 },
      ]),
    ).toBe("30/min");
  });
});

describe("hasPortStates", () => {
  it("a unit with D13's state on any channel has tiles; one without keeps the grid", () => {
    expect(hasPortStates([{ id: 0, ant: true }, OK])).toBe(true);
    expect(hasPortStates([{ id: 0, ant: true }, null, "x"])).toBe(false);
    expect(hasPortStates([])).toBe(false);
  });
});

it("the power's limits are D13's", () => {
  expect(POWER_LIMITS).toBe("10.0 to 31.5 dB in steps of 0.5");
});
