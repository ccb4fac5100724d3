// A configuration value's types and its D5 limits beyond the type: ranges, formats and rules (Wi-Fi, masks, hosts, MQTT, D14's URL).
import { CONTROL_CHARS_REASON, hasControlChars } from "./control-chars.ts";
import { checkHttpUrl } from "./upload.ts";
import { utf8Length } from "./utf8.ts";

export const CONFIG_TYPES = ["boolean", "number", "string"] as const;
export type ConfigType = (typeof CONFIG_TYPES)[number];
export type ConfigValue = boolean | number | string;

/** Limits of D5 beyond the type. */
export interface ConfigLimits {
  readonly allowed?: readonly ConfigValue[];
  readonly min?: number;
  readonly max?: number;
  readonly integer?: boolean;
  readonly format?: "ipv4";
  /** A rule of its own (docs/CONFIGURATION.md, "Limits the unit checks"). */
  readonly rule?: ConfigRule;
  /** The longest text (characters) when not the 128 every text has (D14's http_url: 200). */
  readonly maxLength?: number;
}

/** Rules beyond type, range and format: Wi-Fi names and passphrases, masks, usable hosts, MQTT client ids. */
export type ConfigRule =
  | "ssid"
  | "wpa2"
  | "wpa2-or-open"
  | "netmask"
  | "host"
  | "mqtt-client-id"
  | "http-url";

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** The four bytes of a dotted IPv4 address as one unsigned number. */
function ipv4Number(text: string): number {
  return text.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

/** A subnet mask a LAN uses: contiguous ones, /1 to /30. */
function isNetmask(text: string): boolean {
  const n = ipv4Number(text);
  const hosts = (2 ** 32 - 1 - n) >>> 0;
  return n !== 0 && (hosts & (hosts + 1)) === 0 && hosts >= 3;
}

/** An address a host can have: not 0.x (this network), 127.x (loopback), 224.x and up (multicast, reserved, broadcast). */
function isUsableHost(text: string): boolean {
  const first = Number(text.split(".")[0]);
  return first !== 0 && first !== 127 && first < 224;
}

const RULE_REASONS: Readonly<Record<ConfigRule, string>> = {
  ssid: "Must be 1 to 32 bytes",
  wpa2: "WPA2 needs 8 to 63 printable ASCII characters",
  "wpa2-or-open": "WPA2 needs 8 to 63 printable ASCII characters (or empty for an open network)",
  netmask: "Must be a subnet mask like 255.255.255.0",
  host: "Must be a usable host address (not 0.x, loopback, multicast or broadcast)",
  "mqtt-client-id": "Must be 1 to 23 letters, digits, - or _ (what MQTT servers accept)",
  "http-url": "Must be an http:// or https:// address (empty: off)",
};

const WPA2 = /^[\x20-\x7e]{8,63}$/;

function passesRule(rule: ConfigRule, text: string): boolean {
  switch (rule) {
    case "ssid": {
      const bytes = utf8Length(text);
      return bytes >= 1 && bytes <= 32;
    }
    case "wpa2":
      return WPA2.test(text);
    case "wpa2-or-open":
      return text === "" || WPA2.test(text);
    case "netmask":
      return IPV4.test(text) && isNetmask(text);
    case "host":
      return IPV4.test(text) && isUsableHost(text);
    case "mqtt-client-id":
      return /^[A-Za-z0-9_-]{1,23}$/.test(text);
    case "http-url":
      return checkHttpUrl(text) === null;
  }
}

/** Checks a value against an item's type and D5 limits; returns the reason it is refused, or null. */
export function checkConfigValue(
  item: { readonly type: ConfigType } & ConfigLimits,
  value: unknown,
): string | null {
  if (item.type === "boolean") return typeof value === "boolean" ? null : "Must be true or false";
  if (item.type === "number") {
    if (typeof value !== "number" || !Number.isFinite(value)) return "Must be a number";
    if (item.integer && !Number.isInteger(value)) return "Must be a whole number";
  } else if (typeof value !== "string") {
    return "Must be text";
  } else if (hasControlChars(value)) {
    return CONTROL_CHARS_REASON;
  } else if (value.length > (item.maxLength ?? 128)) {
    return `At most ${item.maxLength ?? 128} characters`;
  }
  if (item.allowed && !item.allowed.includes(value as ConfigValue)) {
    return `Must be one of ${item.allowed.join(", ")}`;
  }
  if (typeof value === "number") {
    if (item.min !== undefined && value < item.min) return `Must be at least ${item.min}`;
    if (item.max !== undefined && value > item.max) return `Must be at most ${item.max}`;
  }
  if (item.format === "ipv4" && !IPV4.test(String(value))) return "Must be an IPv4 address like 192.168.1.50";
  // D14's URL says what is wrong with it in its own words.
  if (item.rule === "http-url") return checkHttpUrl(String(value));
  if (item.rule && !passesRule(item.rule, String(value))) return RULE_REASONS[item.rule];
  return null;
}
