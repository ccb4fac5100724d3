// Command definitions (SPEC §3), the built-in command list (D4) and race control's (D12, D13's UHF_PORT), their checks, order and argument formats.
import * as z from "zod/mini";

export { checkCommandArg } from "./command-args.ts";

/** Argument formats of D4; `type` on the wire. */
export const ARG_TYPES = [
  "minutes",
  "onoff",
  "replay-time",
  "manual-time",
  "file",
  "text",
  "host-port",
  "mqtt-server",
  "channel",
  "port-power",
  "passing",
] as const;
export type ArgType = (typeof ARG_TYPES)[number];

export const CommandArg = z.object({ name: z.string(), desc: z.string(), type: z.string(), val: z.string() });
export const CommandDefinition = z.object({
  name: z.string().check(z.minLength(1)),
  desc: z.string(),
  cmd: z.string().check(z.minLength(1)),
  perm: z.int().check(z.gte(0), z.lte(255)),
  args: z.array(CommandArg),
  /** A question the operator answers Yes to before the command is sent (SPEC §5: FS_CLEAR). */
  confirm: z.optional(z.string()),
});
export type CommandArg = z.infer<typeof CommandArg>;
export type CommandDefinition = z.infer<typeof CommandDefinition>;

const arg = (name: string, type: ArgType, val: string, desc: string): CommandArg => ({
  name,
  type,
  val,
  desc,
});

/** The local command list, in the order D4 gives it (use `sortCommands` for display order). */
export const BUILT_IN_COMMANDS: readonly CommandDefinition[] = [
  { name: "Reboot", cmd: "REBOOT", perm: 5, desc: "Restart the unit now.", args: [] },
  { name: "Power OFF", cmd: "POWER_OFF", perm: 5, desc: "Switch the unit off.", args: [] },
  {
    name: "Reboot after delay",
    cmd: "REBOOT_DELAY",
    perm: 5,
    desc: "Restart the unit after a delay.",
    args: [arg("delay", "minutes", "10", "Delay in minutes (default 10)")],
  },
  { name: "Replay all", cmd: "REPLAY_ALL", perm: 5, desc: "Send every stored passing again.", args: [] },
  {
    name: "Replay selected",
    cmd: "REPLAY_SELECTED",
    perm: 5,
    desc: "Send the passings of one timing file again.",
    args: [arg("file", "file", "timing_0001.csv", "Name of a timing file on the unit")],
  },
  {
    name: "Replay manual",
    cmd: "REPLAY_MANUAL",
    perm: 5,
    desc: "Send the passings from a given time again.",
    args: [arg("from", "replay-time", "26112209:30:00", "UTC YYMMDDHH:MM:SS, or HH:MM:SS for the same day")],
  },
  {
    name: "Identify antennas",
    cmd: "IDENT_ANT",
    perm: 5,
    desc: "Probe which antenna ports are connected.",
    args: [],
  },
  {
    name: "Clear History",
    cmd: "FS_CLEAR",
    perm: 5,
    desc: "Delete all timing and status data.",
    args: [],
    confirm: "All timing and status data will be deleted. Are you really sure?",
  },
  {
    name: "Enable/Disable UHF Transmitter",
    cmd: "UHF_TX",
    perm: 5,
    desc: "Switch the UHF transmitter on or off.",
    args: [arg("state", "onoff", "ON", "ON or OFF")],
  },
  {
    name: "Set time manually",
    cmd: "TIME_MANUAL",
    perm: 5,
    desc: "Set the unit's clock.",
    args: [arg("time", "manual-time", "261122093000000", "UTC time as YYMMDDHHMMSSmmm")],
  },
  {
    name: "Set Password",
    cmd: "SET_PW",
    perm: 20,
    desc: "Change the owner password.",
    args: [arg("password", "text", "new-password", "The new password")],
  },
  { name: "Get Password", cmd: "GET_PW", perm: 20, desc: "Show the owner password.", args: [] },
  {
    name: "Change MQTT",
    cmd: "MQTT_SET",
    perm: 50,
    desc: "Point the unit at another MQTT server.",
    args: [
      arg(
        "server",
        "mqtt-server",
        "mqtt.example.org:1883",
        "host:port (port 1883 when left out); empty disconnects",
      ),
    ],
  },
  {
    name: "Set Whitelabel",
    cmd: "WHITELABEL",
    perm: 80,
    desc: "Set the brand name the unit shows.",
    args: [arg("name", "text", "ACME Timing", "Brand name")],
  },
  { name: "Force reboot tasks", cmd: "FORCE_REBOOT_TASKS", perm: 100, desc: "Restart every task.", args: [] },
  {
    name: "Old Bad Cmd",
    cmd: "OLD_BAD_CMD",
    perm: 250,
    desc: "A test entry: the unit answers 404.",
    args: [],
  },
];

export const CMD_LIST_NON_UNIQUE = "CMD LIST: NON UNIQUE COMMANDS!";
export const CMD_LIST_PERM_OUT_OF_RANGE = "CMD LIST: PERM OUT OF RANGE!";

/** Load-time checks of SPEC §5: unique codes, every level within 0..255. Throws the spec's texts. */
export function checkCommandList(list: readonly CommandDefinition[]): void {
  const codes = new Set(list.map((c) => c.cmd));
  if (codes.size !== list.length) throw new Error(CMD_LIST_NON_UNIQUE);
  if (list.some((c) => !Number.isInteger(c.perm) || c.perm < 0 || c.perm > 255)) {
    throw new Error(CMD_LIST_PERM_OUT_OF_RANGE);
  }
}

/** Sorted by level, then name (SPEC §6). */
export function sortCommands<T extends Pick<CommandDefinition, "perm" | "name">>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => a.perm - b.perm || a.name.localeCompare(b.name));
}

checkCommandList(BUILT_IN_COMMANDS);

export function findCommand(code: string): CommandDefinition | undefined {
  return BUILT_IN_COMMANDS.find((c) => c.cmd === code);
}

/**
 * Race control (D12), level 5 like the Replay commands. A unit with the timing port accepts them at
 * POST /api/commands/execute; they are not in the built-in command list (D4) the console shows. D13's UHF_PORT too.
 */
export const TIMING_COMMANDS: readonly CommandDefinition[] = [
  {
    name: "Start timing",
    cmd: "TIMING_START",
    perm: 5,
    desc: "Leave test mode: open a new timing file and store and send every passing from now on.",
    args: [],
  },
  {
    name: "Stop timing",
    cmd: "TIMING_STOP",
    perm: 5,
    desc: "Close the timing file and go back to test mode (reads shown, no passing stored or sent).",
    args: [],
  },
  {
    name: "Marker",
    cmd: "MARKER",
    perm: 5,
    desc: "Store and send a passing with the tag MARKER at this moment (a gun start); timing only.",
    args: [],
  },
  {
    name: "Replay window",
    cmd: "REPLAY_WINDOW",
    perm: 5,
    desc: "Send the stored passings from one time to another again (both seconds included).",
    args: [
      arg("from", "text", "17-05-2026 09:00:00", "dd-MM-yyyy HH:mm:ss, the unit's local time"),
      arg("to", "text", "17-05-2026 10:00:00", "dd-MM-yyyy HH:mm:ss, the unit's local time"),
    ],
  },
  {
    name: "Upload from",
    cmd: "UPLOAD_FROM",
    perm: 5,
    desc: "Post a session's passings to the server (http_url) again, from passing number `from` on (D14).",
    args: [
      arg("session", "file", "timing_0007.csv", "Name of a timing file on the unit"),
      arg("from", "passing", "1", "The first passing to send again: its number in the session, from 1"),
    ],
  },
  {
    name: "UHF port",
    cmd: "UHF_PORT",
    perm: 5,
    desc: "Switch one antenna port on or off and set its power (D13); kept across reboots.",
    args: [
      arg("channel", "channel", "1", "The port as shown, 1-based"),
      arg("enabled", "onoff", "ON", "ON or OFF"),
      arg("power", "port-power", "30.0", "dB, 10.0 to 31.5 in steps of 0.5; empty keeps the port's power"),
    ],
  },
];

/** Every command a unit with race control accepts: the built-in list (D4), then race control's. */
export const UNIT_COMMANDS: readonly CommandDefinition[] = [...BUILT_IN_COMMANDS, ...TIMING_COMMANDS];

checkCommandList(UNIT_COMMANDS);

/** A command the unit accepts by its code (built-in or race control), or undefined. */
export function findUnitCommand(code: string): CommandDefinition | undefined {
  return UNIT_COMMANDS.find((c) => c.cmd === code);
}

/** The question to ask before sending `def`, or null: its own, else the built-in command's with the same code. */
export function askFirst(def: Pick<CommandDefinition, "cmd" | "confirm">): string | null {
  return def.confirm ?? findCommand(def.cmd)?.confirm ?? null;
}

export const ExecuteRequest = z.object({
  cmd: z.string().check(z.minLength(1), z.maxLength(64)),
  args: z.array(z.string().check(z.maxLength(256))).check(z.maxLength(16)),
  auth_pw: z.optional(z.string().check(z.maxLength(128))),
  auth_key: z.optional(z.string().check(z.maxLength(4096))),
});
export type ExecuteRequest = z.infer<typeof ExecuteRequest>;

/** The spec shows no fields; the emulator answers { cmd, result } and the console shows the body as JSON. */
export const ExecuteResponse = z.looseObject({});

export const AuthTestRequest = z.object({ auth_pw: z.optional(z.string().check(z.maxLength(128))) });
export const AuthTestResponse = z.object({ level: z.int().check(z.gte(0), z.lte(255)) });
export type AuthTestResponse = z.infer<typeof AuthTestResponse>;

export const AUTH_MESSAGES = {
  success: "Password test was successful, validated",
  incorrect: "Password was incorrect",
  missing: "ERROR: Query did not contain authentication",
  /** SET_PW with a password another level has (which level is not said: docs/AUTH.md). */
  unusable: "That password cannot be used",
} as const;
