// The Fleet table's columns as stored (whatever wrote them) and a row's details, every figure in the table's words.
import { describe, expect, it } from "vitest";
import { readColumns, rowDetails } from "./columns.ts";
import type { FleetRow } from "./model.ts";

const ROW: FleetRow = {
  address: "broker#finish",
  isThis: false,
  name: "FINISH",
  mode: "uhf",
  timing: "Test",
  programs: "0",
  programsSplit: "",
  state: "online",
  lastAnswer: 1_700_000_000_000,
  battery: "62 % charging",
  seen: "1,234",
  readsPerMin: "40",
  antennas: "2 / 3",
  clock: "+5 ms one way",
  clockReading: { offsetMs: 5, errorBoundMs: 0, oneWay: true, at: 0 },
  firmware: "1.4.2",
  alarms: ["Battery low (10 %)", "Hot: cpu (71.0 °C)"],
  ready: "Not ready: Battery, Alarms",
  level: "alarm",
  problem: null,
  source: "Broker ws://10.0.0.7:9001",
  detail: "MQTT finish",
  opens: null,
  openWhy: "Its identity names no address",
};
const at = (t: number) => `t${t}`;
const labelled = (row: FleetRow) => Object.fromEntries(rowDetails(row, at).map((d) => [d.label, d.text]));

describe("readColumns", () => {
  it("keeps the known columns once each, in the table's order; anything else reads as none chosen", () => {
    expect(readColumns(["firmware", "battery", "firmware", "name", 3, null])).toEqual([
      "battery",
      "firmware",
    ]);
    expect(readColumns(["clock", "source", "reader"])).toEqual(["source", "reader", "clock"]);
    for (const junk of [null, undefined, "battery", { battery: true }, 1])
      expect(readColumns(junk)).toEqual([]);
  });
});

describe("rowDetails", () => {
  it("lists every figure of a broker row, its alarms one by one", () => {
    expect(labelled(ROW)).toEqual({
      State: "Online, last message t1700000000000",
      Source: "Broker ws://10.0.0.7:9001",
      Reader: "uhf",
      Mode: "Test",
      Programs: "0",
      Battery: "62 % charging",
      "Passings seen": "1,234",
      "Reads / min": "40",
      Antennas: "2 / 3",
      "Clock offset": "+5 ms one way",
      Firmware: "1.4.2",
      Alarms: ["Battery low (10 %)", "Hot: cpu (71.0 °C)"],
      Ready: "Not ready: Battery, Alarms",
    });
  });

  it("a polled unit's ports beside its programs, why its last request failed, None or — for no alarms", () => {
    const polled = {
      ...ROW,
      source: "Polled",
      programs: "2",
      programsSplit: "1 filtered · 1 raw",
      alarms: [],
    };
    expect(labelled(polled)).toMatchObject({
      State: "Online, last answer t1700000000000",
      Programs: "2 (1 filtered · 1 raw)",
      Alarms: "None",
    });
    const dead = {
      ...polled,
      state: "offline" as const,
      lastAnswer: null,
      problem: "The device cannot be reached",
    };
    expect(labelled(dead)).toMatchObject({
      State: "Offline, never answered",
      "Last request": "The device cannot be reached",
      Alarms: "—",
    });
    expect(labelled({ ...polled, state: "checking", lastAnswer: null, ready: undefined })).toMatchObject({
      State: "Checking...",
      Ready: "—",
    });
    expect(rowDetails(ROW, at).map((d) => d.label)).not.toContain("Last request");
  });
});
