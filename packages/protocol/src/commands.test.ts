// Unit tests of the built-in command list (D4), its load-time checks and order (SPEC §5, §6) and argument formats.
import { describe, expect, it } from "vitest";
import {
  askFirst,
  BUILT_IN_COMMANDS,
  CMD_LIST_NON_UNIQUE,
  CMD_LIST_PERM_OUT_OF_RANGE,
  type CommandDefinition,
  checkCommandArg,
  checkCommandList,
  findCommand,
  findUnitCommand,
  sortCommands,
  TIMING_COMMANDS,
  UNIT_COMMANDS,
} from "./commands.ts";

const cmd = (name: string, code: string, perm: number): CommandDefinition => ({
  name,
  cmd: code,
  perm,
  desc: "",
  args: [],
});

describe("BUILT_IN_COMMANDS matches D4", () => {
  // Name, code, level, argument names (in order).
  const D4: [string, string, number, string[]][] = [
    ["Reboot", "REBOOT", 5, []],
    ["Power OFF", "POWER_OFF", 5, []],
    ["Reboot after delay", "REBOOT_DELAY", 5, ["delay"]],
    ["Replay all", "REPLAY_ALL", 5, []],
    ["Replay selected", "REPLAY_SELECTED", 5, ["file"]],
    ["Replay manual", "REPLAY_MANUAL", 5, ["from"]],
    ["Identify antennas", "IDENT_ANT", 5, []],
    ["Clear History", "FS_CLEAR", 5, []],
    ["Enable/Disable UHF Transmitter", "UHF_TX", 5, ["state"]],
    ["Set time manually", "TIME_MANUAL", 5, ["time"]],
    ["Set Password", "SET_PW", 20, ["password"]],
    ["Get Password", "GET_PW", 20, []],
    ["Change MQTT", "MQTT_SET", 50, ["server"]],
    ["Set Whitelabel", "WHITELABEL", 80, ["name"]],
    ["Force reboot tasks", "FORCE_REBOOT_TASKS", 100, []],
    ["Old Bad Cmd", "OLD_BAD_CMD", 250, []],
  ];

  it("has D4's names, codes, levels and arguments, in D4's order", () => {
    expect(BUILT_IN_COMMANDS.map((c) => [c.name, c.cmd, c.perm, c.args.map((a) => a.name)])).toEqual(D4);
  });

  it("race control's commands (D12) are a list of their own, level 5, not in D4's", () => {
    expect(TIMING_COMMANDS.map((c) => [c.cmd, c.perm, c.args.length])).toEqual([
      ["TIMING_START", 5, 0],
      ["TIMING_STOP", 5, 0],
      ["MARKER", 5, 0],
      ["REPLAY_WINDOW", 5, 2],
      ["UPLOAD_FROM", 5, 2],
      ["UHF_PORT", 5, 3],
    ]);
    expect(BUILT_IN_COMMANDS).toHaveLength(D4.length);
    expect(findCommand("MARKER")).toBeUndefined();
    expect(findUnitCommand("MARKER")).toBe(TIMING_COMMANDS[2]);
    expect(findUnitCommand("REBOOT")).toBe(BUILT_IN_COMMANDS[0]);
    expect(() => checkCommandList(UNIT_COMMANDS)).not.toThrow();
  });

  it("uses the D4 and SPEC §9 example values", () => {
    expect(findCommand("REBOOT_DELAY")?.args[0]).toMatchObject({ type: "minutes", val: "10" });
    expect(findCommand("UHF_TX")?.args[0]).toMatchObject({ type: "onoff", val: "ON" });
    expect(findCommand("REPLAY_MANUAL")?.args[0]?.type).toBe("replay-time");
    expect(findCommand("TIME_MANUAL")?.args[0]?.type).toBe("manual-time");
    expect(findCommand("MQTT_SET")?.args[0]?.type).toBe("mqtt-server");
    expect(findCommand("REPLAY_SELECTED")?.args[0]?.type).toBe("file");
  });

  it.each(BUILT_IN_COMMANDS.flatMap((c) => c.args.map((a) => [c.cmd, a.name, a.type, a.val] as const)))(
    "%s %s: the example %s value %j passes its own check",
    (_cmd, _name, type, val) => {
      expect(checkCommandArg(type, val)).toBeNull();
    },
  );

  it("passes the load-time checks", () => {
    expect(() => checkCommandList(BUILT_IN_COMMANDS)).not.toThrow();
  });

  it("finds commands by code", () => {
    expect(findCommand("REBOOT")?.name).toBe("Reboot");
    expect(findCommand("NOPE")).toBeUndefined();
  });
});

describe("askFirst (SPEC §5)", () => {
  it("asks the FS_CLEAR question, also for a remote definition of FS_CLEAR without one", () => {
    const question = "All timing and status data will be deleted. Are you really sure?";
    expect(askFirst(findCommand("FS_CLEAR") as CommandDefinition)).toBe(question);
    expect(askFirst({ cmd: "FS_CLEAR" })).toBe(question);
  });

  it("asks nothing before any other built-in command", () => {
    expect(BUILT_IN_COMMANDS.filter((c) => askFirst(c) !== null).map((c) => c.cmd)).toEqual(["FS_CLEAR"]);
  });
});

describe("checkCommandList (SPEC §5)", () => {
  it("throws exactly the spec's text for a repeated code", () => {
    const list = [cmd("A", "X", 5), cmd("B", "X", 10)];
    expect(() => checkCommandList(list)).toThrow(new Error("CMD LIST: NON UNIQUE COMMANDS!"));
    expect(CMD_LIST_NON_UNIQUE).toBe("CMD LIST: NON UNIQUE COMMANDS!");
  });

  it.each([-1, 256, 1000, 10.5, Number.NaN])("throws exactly the spec's text for level %s", (perm) => {
    expect(() => checkCommandList([cmd("A", "A", 5), cmd("B", "B", perm)])).toThrow(
      new Error("CMD LIST: PERM OUT OF RANGE!"),
    );
    expect(CMD_LIST_PERM_OUT_OF_RANGE).toBe("CMD LIST: PERM OUT OF RANGE!");
  });

  it("accepts the bounds 0 and 255 and an empty list", () => {
    expect(() => checkCommandList([cmd("A", "A", 0), cmd("B", "B", 255)])).not.toThrow();
    expect(() => checkCommandList([])).not.toThrow();
  });
});

describe("sortCommands orders by level, then name", () => {
  it("sorts a mixed list without changing it", () => {
    const list = [
      cmd("b", "1", 20),
      cmd("a", "2", 20),
      cmd("z", "3", 5),
      cmd("c", "4", 250),
      cmd("a", "5", 5),
    ];
    const before = [...list];
    expect(sortCommands(list).map((c) => `${c.perm}:${c.name}`)).toEqual([
      "5:a",
      "5:z",
      "20:a",
      "20:b",
      "250:c",
    ]);
    expect(list).toEqual(before);
  });

  it("gives the built-in list's display order", () => {
    expect(sortCommands(BUILT_IN_COMMANDS).map((c) => c.cmd)).toEqual([
      "FS_CLEAR",
      "UHF_TX",
      "IDENT_ANT",
      "POWER_OFF",
      "REBOOT",
      "REBOOT_DELAY",
      "REPLAY_ALL",
      "REPLAY_MANUAL",
      "REPLAY_SELECTED",
      "TIME_MANUAL",
      "GET_PW",
      "SET_PW",
      "MQTT_SET",
      "WHITELABEL",
      "FORCE_REBOOT_TASKS",
      "OLD_BAD_CMD",
    ]);
  });
});

describe("checkCommandArg for every D4 format", () => {
  const cases: [type: string, valid: string[], invalid: string[]][] = [
    // REBOOT_DELAY: 1 to 1440 minutes (40000 minutes overflowed the unit's timer and rebooted it at once).
    [
      "minutes",
      ["1", "10", "1440", " 10 "],
      ["", "0", "1441", "40000", "99999", "-1", "1.5", "ten", "123456", "1e3"],
    ],
    ["onoff", ["ON", "OFF"], ["", "on", "Off", "1", "YES"]],
    [
      "replay-time",
      // Full form YYMMDDHH:MM:SS (2000 + YY, UTC) and the same-day form HH:MM:SS.
      [
        "26112209:30:00",
        "24022912:00:00",
        "00010100:00:00",
        "99123123:59:59",
        "09:30:00",
        "00:00:00",
        "23:59:59",
      ],
      [
        "",
        "26022912:00:00", // 2026-02-29 does not exist
        "26023012:00:00",
        "26043112:00:00", // 31 April
        "26133109:30:00", // month 13
        "26000109:30:00", // month 0
        "26110009:30:00", // day 0
        "26112224:00:00",
        "26112209:60:00",
        "26112209:30:60",
        "24:00:00",
        "9:30:00",
        "2611220930:00",
        "261122 09:30:00",
      ],
    ],
    [
      "manual-time",
      ["261122093000000", "240229235959999", "000101000000000"],
      [
        "",
        "260230120000000",
        "261322093000000",
        "261122250000000",
        "26112209300000",
        "2611220930000000",
        "abc",
      ],
    ],
    [
      "host-port",
      ["mqtt.example.org:1883", "10.0.0.1:1", "broker:65535", "my-host.local:8883"],
      ["", "mqtt.example.org", "host:0", "host:65536", "host:port", ":1883", "a b:1883", "host:123456"],
    ],
    [
      "mqtt-server",
      ["", "mqtt.example.org", "mqtt.example.org:1883", "10.0.0.1:1", "broker:65535", "[::1]:1883"],
      [
        "host:0",
        "host:65536",
        "host:port",
        ":1883",
        "a b:1883",
        "host:",
        "-bad:1883",
        "a\r\nb:1883",
        "a:b:1883",
      ],
    ],
    [
      "file",
      ["timing_0001.csv", "log.txt", "a.b.c"],
      ["", "   ", "../etc/passwd", "..", "a/b.csv", "/abs.csv", "a\\b.csv", "..\\x"],
    ],
    [
      "text",
      ["x", "new-password", "ACME Timing", "café"],
      ["", "   ", "a\u0000b", "ACME\r\nINFO x", "\u001b[31m", "x\n"],
    ],
  ];

  for (const [type, valid, invalid] of cases) {
    it.each(valid)(`${type}: %j is valid`, (value) => {
      expect(checkCommandArg(type, value)).toBeNull();
    });
    it.each(invalid)(`${type}: %j is invalid, with a reason`, (value) => {
      expect(checkCommandArg(type, value)).toEqual(expect.any(String));
    });
  }

  it("says why: the minutes' range, and control characters in any argument", () => {
    expect(checkCommandArg("minutes", "40000")).toBe("Enter a whole number of minutes from 1 to 1440");
    expect(checkCommandArg("file", "timing_0001.csv\n")).toBe("Must not contain control characters");
    expect(checkCommandArg("onoff", "ON\u0007")).toBe("Must not contain control characters");
  });

  it("treats an unknown type as required text", () => {
    expect(checkCommandArg("whatever", "x")).toBeNull();
    expect(checkCommandArg("whatever", "")).toEqual(expect.any(String));
  });
});
