// Configuration items (SPEC §3), the built-in configuration list (D5), its limits and the category tree.
import * as z from "zod/mini";
import { CONFIG_TYPES, type ConfigLimits, type ConfigValue } from "./config-limits.ts";

export const ConfigValueSchema = z.union([z.boolean(), z.number(), z.string()]);

export const ConfigItem = z.object({
  name_display: z.string(),
  name_internal: z.string().check(z.minLength(1)),
  category: z.string(),
  description: z.string(),
  type: z.enum(CONFIG_TYPES),
  perm: z.int().check(z.gte(0), z.lte(255)),
  value_default: ConfigValueSchema,
  value_current: z.optional(ConfigValueSchema),
});
export type ConfigItem = z.infer<typeof ConfigItem>;

export interface BuiltInConfigItem extends ConfigItem, ConfigLimits {
  readonly value_default: ConfigValue;
}

export const CONFIG_CATEGORY_LABELS: Readonly<Record<string, string>> = {
  wifi: "WIFI",
  wifi_sta: "STA (Who to connect to)",
  wifi_ap: "AP (Device's own Wifi)",
  net: "Networking",
  net_ip: "IP",
  net_ports: "Socket Ports",
  net_dhcp: "DHCP",
  profile: "Profile",
  reads: "Readings",
  servers: "Servers",
  servers_http: "HTTP Post",
  servers_mqtt: "MQTT",
  time: "Time & Position",
  uhf: "UHF",
};

type Def = Omit<BuiltInConfigItem, "perm" | "value_current" | "name_internal" | "category">;
const item = (name_internal: string, category: string, def: Def): BuiltInConfigItem => ({
  name_internal,
  category,
  perm: 10,
  ...def,
});
/** The longest tag timeout the unit takes (an hour). */
export const TAG_TIMEOUT_MAX_S = 3600;
const LEVELS3 = ["LOW", "MEDIUM", "HIGH"] as const;
const s = "string" as const;
const n = "number" as const;

export const BUILT_IN_CONFIG: readonly BuiltInConfigItem[] = [
  item("sta_ssid", "wifi_sta", {
    name_display: "Network name",
    description: "SSID of the Wi-Fi network to join",
    type: s,
    value_default: "TimingNet",
    rule: "ssid",
  }),
  item("sta_password", "wifi_sta", {
    name_display: "Network password",
    description: "Password of the Wi-Fi network to join",
    type: s,
    value_default: "changeme123",
    rule: "wpa2-or-open",
  }),
  item("ap_ssid", "wifi_ap", {
    name_display: "Access point name",
    description: "SSID of the unit's own Wi-Fi",
    type: s,
    value_default: "DECODER-AP",
    rule: "ssid",
  }),
  item("ap_password", "wifi_ap", {
    name_display: "Access point password",
    description: "Password of the unit's own Wi-Fi",
    type: s,
    value_default: "changeme123",
    rule: "wpa2",
  }),
  item("static_ip", "net_ip", {
    name_display: "Static IP",
    description: "IPv4 address of the unit, e.g. 192.168.1.50",
    type: s,
    value_default: "192.168.1.50",
    format: "ipv4",
    rule: "host",
  }),
  item("lan_subnet", "net_ip", {
    name_display: "Subnet mask",
    description: "IPv4 subnet mask, e.g. 255.255.255.0",
    type: s,
    value_default: "255.255.255.0",
    format: "ipv4",
    rule: "netmask",
  }),
  item("lan_gateway", "net_ip", {
    name_display: "Gateway",
    description: "IPv4 address of the gateway",
    type: s,
    value_default: "192.168.1.1",
    format: "ipv4",
    rule: "host",
  }),
  item("raw_port", "net_ports", {
    name_display: "Raw port",
    description: "TCP port for raw reads (1-65535)",
    type: n,
    value_default: 10000,
    integer: true,
    min: 1,
    max: 65535,
  }),
  item("filtered_port", "net_ports", {
    name_display: "Filtered port",
    description: "TCP port for filtered reads (1-65535)",
    type: n,
    value_default: 10001,
    integer: true,
    min: 1,
    max: 65535,
  }),
  item("dhcp_pool", "net_dhcp", {
    name_display: "DHCP pool start",
    description: "First IPv4 address the unit hands out",
    type: s,
    value_default: "192.168.4.100",
    format: "ipv4",
    rule: "host",
  }),
  item("company_num", "profile", {
    name_display: "Company number",
    description: "Company number, an integer from 0 to 65535",
    type: n,
    value_default: 5,
    integer: true,
    min: 0,
    max: 65535,
  }),
  item("buzzer_volume", "profile", {
    name_display: "Buzzer volume",
    description: "LOW, MEDIUM or HIGH",
    type: s,
    value_default: "MEDIUM",
    allowed: LEVELS3,
  }),
  item("reads_beep_behaviour", "reads", {
    name_display: "Beep behaviour",
    description: "BEEP_FS, BEEP_BS or BEEP_LS",
    type: s,
    value_default: "BEEP_FS",
    allowed: ["BEEP_FS", "BEEP_BS", "BEEP_LS"],
  }),
  item("reads_2b_sent", "reads", {
    name_display: "Reads to be sent",
    description: "FS, BS, LS, BS_LS, FS_LS or ALL",
    type: s,
    value_default: "FS_LS",
    allowed: ["FS", "BS", "LS", "BS_LS", "FS_LS", "ALL"],
  }),
  item("timings_string_format", "reads", {
    name_display: "Timings string format",
    description: "YES or NO",
    type: s,
    value_default: "YES",
    allowed: ["YES", "NO"],
  }),
  item("tag_timeout", "reads", {
    name_display: "Tag timeout",
    description: "Integer seconds, 0 to 3600",
    type: n,
    value_default: 5,
    integer: true,
    min: 0,
    max: TAG_TIMEOUT_MAX_S,
  }),
  // D14: where the unit posts its passings (beyond SPEC and D5: OPTIONAL_CONFIG).
  item("http_url", "servers_http", {
    name_display: "Server URL",
    description: "http:// or https:// address the passings are posted to, at most 200 characters; empty: off",
    type: s,
    value_default: "",
    rule: "http-url",
    maxLength: 200,
  }),
  item("force_http_log", "servers_http", {
    name_display: "Force HTTP log",
    description: "Seconds between posts to the server (D14), 0 to 86400; 0: as soon as passings wait",
    type: n,
    value_default: 0,
    integer: true,
    min: 0,
    max: 86400,
  }),
  item("http_pckt_format", "servers_http", {
    name_display: "HTTP packet format",
    description: "Body of the posts (D14): 1 JSON, 0 text",
    type: n,
    value_default: 1,
    allowed: [0, 1],
  }),
  item("mqtt_client_id", "servers_mqtt", {
    name_display: "MQTT client id",
    description: "Client id used with the MQTT server",
    type: s,
    value_default: "ONET10001",
    rule: "mqtt-client-id",
  }),
  item("utc_offset", "time", {
    name_display: "UTC offset",
    description: "Signed integer seconds",
    type: n,
    value_default: 0,
    integer: true,
    min: -43200,
    max: 50400,
  }),
  item("gps_correction", "time", {
    name_display: "GPS correction",
    description: "true or false",
    type: "boolean",
    value_default: false,
  }),
  item("uhf_region", "uhf", {
    name_display: "UHF region",
    description: "China, USA, Europe, Korea, Japan, Australia, New Zealand",
    type: s,
    value_default: "Australia",
    allowed: ["China", "USA", "Europe", "Korea", "Japan", "Australia", "New Zealand"],
  }),
  item("uhf_power", "uhf", {
    name_display: "UHF power",
    description: "LOW, MEDIUM or HIGH",
    type: s,
    value_default: "HIGH",
    allowed: LEVELS3,
  }),
];

/** Items beyond SPEC and D5 that an older unit lacks: the conformance kit and the OpenAPI document do not require them. */
export const OPTIONAL_CONFIG: readonly string[] = ["http_url"];

export function findConfigItem(name: string): BuiltInConfigItem | undefined {
  return BUILT_IN_CONFIG.find((c) => c.name_internal === name);
}

export const ConfigSetRequest = z.object({
  key: z.string().check(z.minLength(1), z.maxLength(64)),
  value: ConfigValueSchema,
  time: z.string().check(z.maxLength(40)),
  auth_pw: z.optional(z.string().check(z.maxLength(128))),
  auth_key: z.optional(z.string().check(z.maxLength(4096))),
});
export type ConfigSetRequest = z.infer<typeof ConfigSetRequest>;

/** The emulator answers { key, value, time }; the console shows whatever object arrives as JSON. */
export const ConfigSetResponse = z.looseObject({});
export const ConfigGetResponse = z.record(z.string(), ConfigValueSchema);
export type ConfigGetResponse = z.infer<typeof ConfigGetResponse>;

/** SPEC §8: the save result text by status code. */
export function configSaveText(code: number): string {
  switch (code) {
    case 404:
      return "Config not found";
    case 400:
      return "Bad packet";
    case 401:
      return "Unauthorized";
    default:
      return "Success";
  }
}
