// What each control sends and the words of its change, the outcome and the refusal, table-driven.
import { UHF_PORT_POWER_REASON } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { DeviceError } from "../api/errors.ts";
import {
  answerText,
  identifyCall,
  powerCall,
  questionLead,
  refusalText,
  switchCall,
  transmitterCall,
} from "./antennaCommands.ts";

describe("the calls", () => {
  it("Identify antennas: IDENT_ANT, no arguments", () => {
    expect(identifyCall()).toMatchObject({ cmd: "IDENT_ANT", args: [] });
  });

  it("switch: UHF_PORT with the channel as shown, ON or OFF, the power kept (empty)", () => {
    expect(switchCall(1, false)).toEqual({
      cmd: "UHF_PORT",
      args: ["2", "OFF", ""],
      what: "Switch off antenna 2: it makes no reads until it is switched on",
    });
    expect(switchCall(0, true)).toEqual({
      cmd: "UHF_PORT",
      args: ["1", "ON", ""],
      what: "Switch on antenna 1: it settles for up to 30 s, then reads",
    });
  });

  it.each([
    ["25.5", "25.5"],
    [" 12 ", "12.0"],
    ["31.5", "31.5"],
    ["10", "10.0"],
  ])("power %j is sent as %s, on or off as the port is", (text, sent) => {
    expect(powerCall(2, true, text, 30)).toMatchObject({ cmd: "UHF_PORT", args: ["3", "ON", sent] });
    expect(powerCall(2, false, text)).toMatchObject({ args: ["3", "OFF", sent] });
  });

  it("power names the change, from its power now when known", () => {
    expect(powerCall(0, true, "20", 30)).toMatchObject({
      what: "Antenna 1's power from 30.0 dB to 20.0 dB: its reads' RSSI and number follow it",
    });
    expect(powerCall(0, true, "20")).toMatchObject({
      what: "Antenna 1's power to 20.0 dB: its reads' RSSI and number follow it",
    });
  });

  it.each(["", "9.5", "32", "25.3", "abc", "-12"])("power %j is not sent: the limits' reason", (text) => {
    expect(powerCall(0, true, text)).toEqual({ reason: UHF_PORT_POWER_REASON });
  });

  it("the transmitter: UHF_TX ON or OFF", () => {
    expect(transmitterCall(false)).toEqual({
      cmd: "UHF_TX",
      args: ["OFF"],
      what: "Switch the UHF transmitter off: no antenna reads until it is switched on",
    });
    expect(transmitterCall(true)).toMatchObject({ cmd: "UHF_TX", args: ["ON"] });
  });
});

describe("the words", () => {
  it("the question's lead: timing, or may be", () => {
    expect(questionLead(true)).toBe("The unit is timing. This changes:");
    expect(questionLead(false)).toBe("The unit may be timing (its mode could not be read). This changes:");
  });

  it("the unit's answer: its result, else Done", () => {
    expect(answerText({ result: "Port 2 OFF at 30.0 dB" })).toBe("Port 2 OFF at 30.0 dB");
    expect(answerText({ result: 3 })).toBe("Done");
    expect(answerText(undefined)).toBe("Done");
  });

  it("a refusal: the unit's own reason, else what went wrong", () => {
    expect(refusalText(DeviceError.http(400, { error: "power: at most 30 dB" }))).toBe(
      "power: at most 30 dB",
    );
    expect(refusalText(DeviceError.http(500, ""))).toBe("HTTP 500");
    expect(refusalText(new DeviceError("network", "Failed to fetch"))).toBe("Failed to fetch");
  });
});
