// Unit tests of command arguments: the D4 formats, drafts, the packet and its masked form.
import { BUILT_IN_COMMANDS, findCommand, parseManualTimeArg } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { buildPacket, checkArg, checkArgs, DATE_INVALID, initialDraft, maskedPacket } from "./args.ts";

const cmd = (code: string) => {
  const def = findCommand(code);
  if (!def) throw new Error(code);
  return def;
};

describe("argument formats (D4)", () => {
  it.each([
    ["minutes", "10", true],
    ["minutes", " 5 ", true],
    ["minutes", "1.5", false],
    ["minutes", "-3", false],
    ["minutes", "", false],
    ["onoff", "ON", true],
    ["onoff", "OFF", true],
    ["onoff", "on", false],
    ["onoff", "MAYBE", false],
    ["replay-time", "26112209:30:00", true],
    ["replay-time", "09:30:00", true],
    ["replay-time", "26023009:30:00", false],
    ["replay-time", "25:00:00", false],
    ["replay-time", "2611220930", false],
    ["file", "timing_0001.csv", true],
    ["file", "../etc/passwd", false],
    ["file", "", false],
    ["host-port", "mqtt.example.org:1883", true],
    ["host-port", "mqtt.example.org", false],
    ["host-port", "host:70000", false],
    ["text", "ACME", true],
    ["text", "   ", false],
  ])("%s %j valid=%s", (type, value, valid) => {
    expect(checkArg(type, value).reason === null).toBe(valid);
  });

  it("gives the reason under the input", () => {
    expect(checkArg("onoff", "x").reason).toBe("Enter ON or OFF");
    expect(checkArg("minutes", "x").reason).toBe("Enter a whole number of minutes from 1 to 1440");
    expect(checkArg("minutes", "40000").reason).toBe("Enter a whole number of minutes from 1 to 1440");
  });
});

describe("date-time argument", () => {
  it.each([
    "",
    "26-11-22",
    "26-13-01 10:00:00",
    "26-02-30 10:00:00",
    "26-11-22 24:00:00",
    "2026-11-22 10:00:00",
  ])("%j is 'Date input not valid.'", (text) => {
    expect(checkArg("manual-time", text).reason).toBe(DATE_INVALID);
  });

  it("turns the picker's local time into the same instant as YYMMDDHHMMSSmmm (UTC)", () => {
    const { value, reason } = checkArg("manual-time", "26-11-22 09:30:15");
    expect(reason).toBeNull();
    expect(value).toMatch(/^\d{15}$/);
    expect(parseManualTimeArg(value)).toBe(new Date(2026, 10, 22, 9, 30, 15).getTime());
  });

  it("reads the year as 2000 plus two digits", () => {
    const { value } = checkArg("manual-time", "05-01-02 03:04:05");
    expect(new Date(parseManualTimeArg(value) ?? 0).getFullYear()).toBe(2005);
  });
});

describe("drafts and packet", () => {
  it("starts with the spec's defaults (delay 10, transmitter ON) and empty elsewhere", () => {
    expect(initialDraft(cmd("REBOOT_DELAY"))).toEqual(["10"]);
    expect(initialDraft(cmd("UHF_TX"))).toEqual(["ON"]);
    expect(initialDraft(cmd("MQTT_SET"))).toEqual([""]);
    expect(initialDraft(cmd("REBOOT"))).toEqual([]);
  });

  it("a command without arguments is valid", () => {
    expect(checkArgs(cmd("REBOOT"), []).valid).toBe(true);
  });

  it("every built-in default draft of a defaulted command is valid", () => {
    for (const def of BUILT_IN_COMMANDS.filter((c) =>
      c.args.every((a) => ["minutes", "onoff"].includes(a.type)),
    )) {
      expect(checkArgs(def, initialDraft(def)).valid).toBe(true);
    }
  });

  it("builds cmd, args and the credential", () => {
    const checked = checkArgs(cmd("REBOOT_DELAY"), [" 15 "]);
    expect(buildPacket("REBOOT_DELAY", checked.values, { auth_pw: "owner-pass" })).toEqual({
      cmd: "REBOOT_DELAY",
      args: ["15"],
      auth_pw: "owner-pass",
    });
    expect(buildPacket("REBOOT", [], {})).toEqual({ cmd: "REBOOT", args: [] });
  });

  it("never keeps a password in the stored packet (D7)", () => {
    const packet = buildPacket("SET_PW", ["secret-new"], { auth_pw: "owner-pass" });
    const masked = JSON.stringify(maskedPacket(packet, cmd("SET_PW")));
    expect(masked).not.toContain("owner-pass");
    expect(masked).not.toContain("secret-new");
    expect(maskedPacket(buildPacket("UHF_TX", ["OFF"], {}), cmd("UHF_TX"))).toEqual({
      cmd: "UHF_TX",
      args: ["OFF"],
    });
  });
});
