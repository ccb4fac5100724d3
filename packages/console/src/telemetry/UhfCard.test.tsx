// The UHF Antennas card as an operator reads it, against a scripted unit (test/uhfUnit.fakes.tsx) on a fake clock:
// a tile per antenna with each D13 state in words, reads per minute from the unit's record, the quality bands with
// their reasons, return loss and power; uhf/config on the card (nothing of it on a unit that answers 404); an older
// unit's grid with the state worked out from what it sends. The controls: UhfControls.test.tsx.
import { fireEvent, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  card,
  earlierReadings,
  openCard,
  scriptUhfUnit,
  settle,
  T0,
  tile,
  unit,
} from "../../test/uhfUnit.fakes.tsx";

scriptUhfUnit();

const text = (el: HTMLElement, id: string) => within(el).getByTestId(id).textContent;

describe("a tile per antenna (D13)", () => {
  it("each state in words, and 'Identifying' on the tile Identify points at", async () => {
    const states = ["ok", "noise", "absent", "settling", "off", "fault"];
    unit.ports = states.map((state, id) => ({
      id,
      ant: state !== "absent",
      reads: 0,
      loss: 18,
      pwr: 30,
      state,
      rssi: null,
      hits: null,
      identifying: id === 0,
    }));
    await openCard();
    const tiles = within(card()).getAllByTestId("uhf-channel");
    expect(tiles.map((t) => within(t).getByRole("heading").textContent)).toEqual([
      "Antenna 1",
      "Antenna 2",
      "Antenna 3",
      "Antenna 4",
      "Antenna 5",
      "Antenna 6",
    ]);
    expect(tiles.map((t) => text(t, "antenna-state"))).toEqual([
      "OK",
      "Noise",
      "No antenna",
      "Settling",
      "Off",
      "Fault",
    ]);
    expect(tiles.map((t) => t.dataset.state)).toEqual(states);
    expect(within(tile(1)).getByTestId("antenna-identifying")).toHaveTextContent("Identifying");
    expect(tiles.filter((t) => within(t).queryByTestId("antenna-identifying"))).toHaveLength(1);
  });

  it("reads per minute over the last minute from the unit's record, medians, return loss and power", async () => {
    // The record's earlier readings: 0, 20, then 42 reads a minute after the first (antenna 1), 0 → 30 (antenna 2).
    earlierReadings([
      { at: T0 - 60_000, reads: [0, 0, 0, 0] },
      { at: T0 - 30_000, reads: [20, 15, 0, 0] },
    ]);
    unit.ports[1] = { ...unit.ports[1], reads: 30, rssi: -62.4, hits: 3.5, loss: 8.2, pwr: 27.5 };
    unit.ports[2] = { ...unit.ports[2], reads: 0 };
    await openCard();
    expect(text(tile(1), "antenna-reads")).toBe("Reads 42 · 42/min");
    expect(text(tile(1), "antenna-signal")).toBe("RSSI -58.5 dBm · 12 hits/passing");
    expect(text(tile(1), "antenna-loss")).toBe("Loss 18.0 dB (fine)");
    expect(text(tile(1), "antenna-power")).toBe("Power 30.0 dB");
    expect(text(tile(2), "antenna-reads")).toBe("Reads 30 · 30/min");
    expect(text(tile(2), "antenna-signal")).toBe("RSSI -62.4 dBm · 3.5 hits/passing");
    expect(text(tile(2), "antenna-loss")).toBe("Loss 8.2 dB (poor)");
    expect(text(tile(2), "antenna-power")).toBe("Power 27.5 dB");
    expect(text(tile(3), "antenna-reads")).toBe("Reads 0 · 0/min");
    expect(text(tile(4), "antenna-signal")).toBe("RSSI — dBm · — hits/passing");
    expect(text(tile(4), "antenna-loss")).toBe("Loss 0.7 dB (no antenna)");
  });

  it("reads per minute reads '—' until the record holds readings 10 s apart", async () => {
    await openCard();
    expect(text(tile(1), "antenna-reads")).toBe("Reads 42 · —/min");
  });

  it("the quality bands with their reasons, from median RSSI and hits per passing", async () => {
    const quality = [
      { rssi: -58.5, hits: 12 },
      { rssi: -68, hits: 12 },
      { rssi: -74, hits: 20 },
      { rssi: -55, hits: 3 },
      { rssi: null, hits: null },
    ];
    unit.ports = quality.map((q, id) => ({ id, ant: true, reads: 1, loss: 18, pwr: 30, state: "ok", ...q }));
    await openCard();
    const shown = within(card())
      .getAllByTestId("antenna-quality")
      .map((q) => [q.textContent, q.dataset.colour]);
    expect(shown).toEqual([
      ["Good", "green"],
      ["Fair: reads come, with little margin", "yellow"],
      ["Weak: check the mat and the antenna's aim", "orange"],
      ["Weak: check the mat and the antenna's aim", "orange"],
      ["No reads in the last minute", "grey"],
    ]);
  });
});

describe("uhf/config on the card", () => {
  it("region, uhf_power, each port on or off with its power, and the transmitter", async () => {
    unit.config = {
      region: "Europe",
      power: "MEDIUM",
      transmitter: "ON",
      ports: [
        { id: 0, enabled: true, pwr: 27 },
        { id: 1, enabled: false, pwr: 25.5 },
      ],
    };
    await openCard();
    const config = within(card()).getByTestId("uhf-config");
    expect(config).toHaveTextContent("RegionEurope");
    expect(config).toHaveTextContent("Power (uhf_power)MEDIUM");
    expect(
      within(config)
        .getAllByTestId("uhf-config-port")
        .map((p) => p.textContent),
    ).toEqual(["Port 1: On, 27.0 dB", "Port 2: Off, 25.5 dB"]);
    expect(within(card()).getByTestId("uhf-transmitter")).toHaveTextContent("UHF transmitter: On");
    // A port switched off offers Switch on; its power is the input's placeholder.
    expect(within(tile(2)).getByRole("button", { name: "Switch on antenna 2" })).toBeVisible();
    expect(within(tile(2)).getByLabelText("Power (dB) of antenna 2")).toHaveAttribute("placeholder", "25.5");
    expect(within(tile(1)).getByRole("button", { name: "Switch off antenna 1" })).toBeVisible();
  });

  it("the transmitter off says what it means", async () => {
    unit.config = { ...(unit.config as object), transmitter: "OFF" };
    await openCard();
    expect(within(card()).getByTestId("uhf-transmitter")).toHaveTextContent(
      "UHF transmitter: Off: no antenna reads",
    );
    expect(within(card()).getByRole("button", { name: "Switch transmitter on" })).toBeVisible();
    expect(within(card()).queryByRole("button", { name: "Switch transmitter off" })).toBeNull();
  });

  it("a unit without uhf/config (404): nothing of it, no error", async () => {
    unit.config = null;
    await openCard();
    expect(unit.asked["/api/telemetry/uhf/config"]).toBeGreaterThan(0);
    expect(within(card()).queryByTestId("uhf-config")).toBeNull();
    expect(within(card()).queryByTestId("card-error")).toBeNull();
    expect(card()).toHaveAttribute("data-state", "loaded");
    expect(within(card()).getByTestId("uhf-transmitter")).toHaveTextContent("UHF transmitter: not reported");
  });

  it("the card's refresh reads uhf/config again with the ports", async () => {
    await openCard();
    const before = { ...unit.asked };
    fireEvent.click(within(card()).getByRole("button", { name: "Refresh UHF Antennas" }));
    await settle();
    for (const path of ["/api/telemetry/uhf/ports", "/api/telemetry/uhf/config"])
      expect(unit.asked[path], path).toBe((before[path] ?? 0) + 1);
  });
});

describe("an older unit (no D13 fields)", () => {
  it("keeps the grid, with the state worked out from `ant` and the reads per minute", async () => {
    unit.ports = [
      { id: 0, ant: true, reads: 42, loss: 18, pwr: 30 },
      { id: 1, ant: false, reads: 0, loss: 1.2, pwr: 0 },
    ];
    unit.config = null;
    earlierReadings([
      { at: T0 - 60_000, reads: [12, 0] },
      { at: T0 - 30_000, reads: [20, 0] },
    ]);
    await openCard();
    expect(within(card()).queryAllByRole("heading", { level: 3 })).toHaveLength(0);
    const grid = within(card()).getAllByTestId("uhf-channel");
    expect(grid.map((c) => c.textContent)).toEqual([
      "Ch 1OKReads 4230/minLoss 18.0 dBPower 30.0 dBfine",
      "Ch 2No antennaReads 00/minLoss 1.2 dBPower 0.0 dBno antenna",
    ]);
    // No port controls (UHF_PORT is D13's): the unit's Identify antennas and transmitter, both ways (not reported).
    expect(within(card()).queryByLabelText(/^Power \(dB\)/)).toBeNull();
    expect(within(card()).getByRole("button", { name: "Identify antennas" })).toBeVisible();
    expect(within(card()).getByRole("button", { name: "Switch transmitter on" })).toBeVisible();
    expect(within(card()).getByRole("button", { name: "Switch transmitter off" })).toBeVisible();
  });

  it("reads 'No channels' with none", async () => {
    unit.ports = [];
    await openCard();
    expect(within(card()).getByText("No channels")).toBeVisible();
  });
});
