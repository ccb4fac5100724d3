// Prose of the generated OpenAPI document: the intro, the level table and the built-in command and configuration tables.
import { BUILT_IN_COMMANDS, type CommandDefinition, TIMING_COMMANDS } from "./commands.ts";
import { BUILT_IN_CONFIG, type BuiltInConfigItem } from "./config.ts";
import { LEVELS, namedLevel } from "./levels.ts";

/** Who answers for the documents (the info.contact of the OpenAPI and AsyncAPI documents). */
export const API_CONTACT = { name: "Timing Reader Console maintainers" } as const;

const table = (head: readonly string[], rows: readonly (readonly string[])[]): string =>
  [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");

const code = (text: string) => `\`${text}\``;

/** SPEC §6: the named permission levels. */
export function levelsTable(): string {
  return table(
    ["Level", "Name", "Short"],
    LEVELS.map((l) => [String(l.level), l.name, l.short]),
  );
}

/** Commands with their levels and arguments: D4's built-in list by default. */
export function commandsTable(list: readonly CommandDefinition[] = BUILT_IN_COMMANDS): string {
  return table(
    ["Code", "Name", "Level", "Arguments (name: type, example)"],
    list.map((c) => [
      code(c.cmd),
      c.name,
      `${c.perm} (${namedLevel(c.perm).name})`,
      c.args.length ? c.args.map((a) => `${a.name}: ${a.type}, e.g. ${code(a.val)}`).join("; ") : "none",
    ]),
  );
}

function limits(item: BuiltInConfigItem): string {
  const parts: string[] = [];
  if (item.allowed) parts.push(`one of ${item.allowed.map((v) => code(String(v))).join(", ")}`);
  if (item.integer) parts.push("integer");
  if (item.min !== undefined) parts.push(`≥ ${item.min}`);
  if (item.max !== undefined) parts.push(`≤ ${item.max}`);
  if (item.format === "ipv4") parts.push("IPv4 address");
  if (item.rule === "http-url") parts.push("http:// or https:// URL or empty (D14)");
  if (item.maxLength !== undefined) parts.push(`at most ${item.maxLength} characters`);
  return parts.join(", ") || "any";
}

/** D5: every built-in configuration item with its type, default, limits and level. */
export function configTable(): string {
  return table(
    ["Key", "Category", "Type", "Default", "Allowed", "Level"],
    BUILT_IN_CONFIG.map((i) => [
      code(i.name_internal),
      i.category,
      i.type,
      code(JSON.stringify(i.value_default)),
      limits(i),
      String(i.perm),
    ]),
  );
}

export const INTRO = `The HTTP API of a sport-timing tag reader ("decoder"), as the Timing Reader Console uses it
(SPEC §7, DECISIONS D3-D6). Generated from the schemas of \`@trc/protocol\`; do not edit by hand.

Conventions:
- Bodies are JSON unless stated (the firmware chunk is multipart). Answers may carry fields beyond those listed;
  a console ignores them.
- Every 4xx/5xx answer of the reference unit (the emulator) is \`{ "error": reason }\`. A method a path does not
  accept is answered 405 with an \`Allow\` header; JSON bodies over 16 kB and firmware chunks over 64 kB 413.
- The console is served from elsewhere as often as from the unit: every answer carries
  \`Access-Control-Allow-Origin\` and preflights (OPTIONS) are answered.
- Calls carry no credentials unless stated. A request may add \`auth_pw\` (a password) or \`auth_key\` to its JSON
  body; without them it has level 10 (Default). A numeric level maps to the first named level at or above it:

${levelsTable()}

- Each source address gets 5 password tries in any rolling minute, counted when the request starts (a right
  password gives its try back; \`SET_PW\`'s check of a new password is a try too). Beyond that, calls carrying a
  password are answered 429 with \`Retry-After\` (seconds) and \`{ "error": "Too many wrong passwords: try again in
  N s" }\`; calls without one are never limited (hardening of the reference unit, docs/AUTH.md).`;

export const EXECUTE_TEXT = `Runs one command. Checks in this order: credentials (a wrong \`auth_pw\` is 401), the
command code (unknown: 404), the command's level against the caller's (too low: 401), the arguments (count and
format: 400). The built-in commands (D4) and their levels:

${commandsTable()}

\`OLD_BAD_CMD\` is a test entry: a unit answers 404.

Race control (D12): a unit with the timing port (\`GET /api/telemetry/timing\`) also accepts these, which are not in
its command list (the mapping calls list the built-in commands only). \`MARKER\` in test mode is answered 400.

${commandsTable(TIMING_COMMANDS)}

With race control, Replay all, Replay selected and Replay manual send the stored passings again (R = 1) to every
program on the filtered port, oldest first.

\`UHF_PORT\` (D13) answers 200 with the port's \`id\` (zero-based), \`enabled\` and \`pwr\`, kept across reboots; a
channel the unit does not have, \`enabled\` other than ON or OFF, or a power outside 10.0 to 31.5 in steps of 0.5 is
400 with the reason.`;

export const CONFIG_TEXT = `The built-in configuration (D5), every item level 10 (a unit may require a level to set
them). \`value\` keeps its type; a value outside the limits is answered 400, an unknown key 404:

${configTable()}`;

export const TELEMETRY_TEXT: Readonly<Record<string, string>> = {
  firmware:
    "Running firmware: version, compile time (as sent), partition (-1 factory, 0..3 OTA), OTA watchdog.",
  storage: "Storage used and total, in bytes.",
  passings:
    "Tag passing counters: seen ≥ filtered ≥ unique ≥ sent; left = not yet sent; delta = recent uniques.",
  "uhf/ports":
    "UHF antenna channels (id zero-based; loss and pwr in dB); D13 adds, optionally, each port's state, median RSSI and reads per passing of the last 60 s, and identifying.",
  "time/sources":
    "Clock sources: time in Unix epoch milliseconds (an ISO-8601 string is accepted too), accuracy in µs, utc_offset in seconds east of UTC (D3). Used for time sync; the source named rtc is preferred. D13 adds, optionally, each source's kind and which one the unit's clock follows (gps_correction: GPS while fixed, else NTP, else the RTC, whose accuracy then grows by 5 ppm of the time since the last fix).",
  "uhf/config":
    "UHF settings (D13): region, power (uhf_power), transmitter ON or OFF (UHF_TX), and each port's enabled and power (UHF_PORT).",
  gnss: "GPS receiver (D13): fix (none, 2d, 3d), satellites, PPS, the last fix's time by the unit's clock; 404 on a unit without GPS.",
  "networking/interfaces": "Network interfaces: connected and primary markers.",
  "hw/temp": "Temperature sensors in degrees Celsius.",
  cellular:
    "Cellular modem: power (ASLEEP, ON, OFF, ERROR), connection (CONNECTED, ON, SEARCH, ERROR, DENIED, OFF, PENDING), identifiers (empty while gathered).",
  "cellular/ant":
    "Cellular antennas: diversity swap, external antennas, RSSI in dBm, BER as a fraction (D3).",
  battery:
    "Battery: state (CHARGING, DISCHARGING, DISCONNECTED, RECOVERY, SUSTAIN or other), percentage (a fraction ≤ 1 or 0..100), capacity mAh, current mA (positive = charging), time_full and time_empty in minutes.",
};

export const UNUSED_TELEMETRY_TEXT = "Declared by the spec, unused by the console: any JSON object.";
