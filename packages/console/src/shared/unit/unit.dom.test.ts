// Choosing a unit: one canonical address, and another unit forgets what was known about the previous one.
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { gateOf } from "../../api/client.ts";
import { chooseUnit, currentUnit, originUnit, useConnection } from "../../api/connection.ts";
import { useAlarms } from "../alarms/alarmStore.ts";
import { history, useTelemetryHistory } from "../readings/telemetryHistory.ts";
import { deviceKey, readSettings, useDeviceSettings } from "./deviceSettings.ts";
import { identityQuery, selectUnit } from "./unit.ts";

const alarm = { id: "battery", text: "Battery low (12 %)" };

/** The console pointed at `unit`, which answered and raised an alarm. */
function knownUnit(unit: string) {
  selectUnit(unit);
  useConnection.getState().answered(1000);
  useAlarms.getState().update([alarm], 1000);
  useDeviceSettings.getState().update({ deviceName: "DECODER-01", deviceMode: "uhf" });
  useTelemetryHistory.getState().record(unit, 1000, { battery: 80 });
}

beforeEach(() => {
  localStorage.clear();
  useDeviceSettings.getState().reload();
  chooseUnit(originUnit());
});
afterEach(() => {
  useAlarms.getState().reset();
  selectUnit("");
  localStorage.clear();
});

describe("selectUnit", () => {
  it("stores the address in its canonical form and talks to that unit", () => {
    selectUnit("HTTP://Decoder.local/");
    expect(useDeviceSettings.getState().rootAPI).toBe("http://decoder.local");
    expect(JSON.parse(localStorage.getItem("generalSettings") ?? "{}").rootAPI).toBe("http://decoder.local");
    expect(currentUnit()).toBe("http://decoder.local");
    selectUnit("");
    expect(useDeviceSettings.getState().rootAPI).toBe("");
    expect(currentUnit()).toBe(originUnit());
  });

  it("another unit starts unknown: connection, alarms, sparklines, name and mode of the previous one are forgotten", () => {
    knownUnit("http://10.0.0.1");
    expect(useConnection.getState().online).toBe(true);
    selectUnit("http://10.0.0.2");
    expect(useConnection.getState()).toMatchObject({
      unit: "http://10.0.0.2",
      online: null,
      lastAnswerAt: null,
    });
    expect(useAlarms.getState().list).toEqual([]);
    expect(history("battery")).toEqual([]);
    expect(useDeviceSettings.getState()).toMatchObject({ deviceName: "", deviceMode: null });
  });

  it("another spelling of the same unit is that unit: nothing is forgotten, one gate", () => {
    knownUnit("http://decoder.local");
    selectUnit("HTTP://Decoder.local:80/");
    expect(useConnection.getState()).toMatchObject({ online: true, lastAnswerAt: 1000 });
    expect(useAlarms.getState().list).toHaveLength(1);
    expect(history("battery", "http://decoder.local")).toEqual([{ t: 1000, v: 80 }]);
    expect(useDeviceSettings.getState()).toMatchObject({ deviceName: "DECODER-01", deviceMode: "uhf" });
    expect(gateOf()).toBe(gateOf("HTTP://Decoder.local/"));
  });

  it("a unit whose identity is cached has its name and mode back at once (an hf unit is never taken for uhf)", () => {
    const client = new QueryClient();
    client.setQueryData(identityQuery("http://10.0.0.3").queryKey, { deviceName: "DECODER-03", mode: "hf" });
    knownUnit("http://10.0.0.1");
    selectUnit("http://10.0.0.3", client);
    expect(useDeviceSettings.getState()).toMatchObject({ deviceName: "DECODER-03", deviceMode: "hf" });
  });

  it("the first choice (the first load) keeps the stored name and mode: they are the stored unit's", () => {
    useConnection.setState({ unit: null });
    useDeviceSettings
      .getState()
      .update({ rootAPI: "http://10.0.0.4", deviceName: "DECODER-04", deviceMode: "hf" });
    selectUnit(useDeviceSettings.getState().rootAPI);
    expect(currentUnit()).toBe("http://10.0.0.4");
    expect(useDeviceSettings.getState()).toMatchObject({ deviceName: "DECODER-04", deviceMode: "hf" });
  });
});

describe("stored settings", () => {
  it.each([
    ["HTTP://Decoder.local/", "http://decoder.local"],
    ["192.168.4.1:80", "http://192.168.4.1"],
    ["http://10.0.0.2", "http://10.0.0.2"],
    ["ftp://10.0.0.2", ""],
    ["", ""],
  ])("an old rootAPI %j reads as %j", (stored, rootAPI) => {
    localStorage.setItem(
      "generalSettings",
      JSON.stringify({ rootAPI: stored, deviceName: "X", deviceMode: "hf" }),
    );
    useDeviceSettings.getState().reload();
    expect(useDeviceSettings.getState()).toMatchObject({ rootAPI, deviceName: "X", deviceMode: "hf" });
  });

  it("a wrong field reads as its default", () => {
    expect(readSettings({ rootAPI: 7, deviceName: null, deviceMode: "vhf" })).toEqual({
      rootAPI: "",
      deviceName: "",
      viteMode: "production",
      deviceMode: null,
    });
    expect(readSettings("{not an object")).toMatchObject({ rootAPI: "" });
  });

  it("query keys name the unit in its canonical form", () => {
    expect(deviceKey("HTTP://Decoder.local/", "deviceName")).toEqual(
      deviceKey("http://decoder.local", "deviceName"),
    );
  });
});
