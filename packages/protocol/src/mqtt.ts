// The unit on an MQTT broker (D11): its topics, payloads, QoS and retain flags, and the server MQTT_SET names.
import * as z from "zod/mini";
import { CONTROL_CHARS_REASON, hasControlChars } from "./control-chars.ts";
import { DEVICE_MODES } from "./enums.ts";
import { TIMING_DATASET, type UnitDataset } from "./timing.ts";

/** Every topic of a unit starts with `trc/{mqtt_client_id}/`. */
export const MQTT_ROOT = "trc";
export const MQTT_DEFAULT_PORT = 1883;

export const MQTT_TOPICS = {
  status: (id: string) => `${MQTT_ROOT}/${id}/status`,
  identity: (id: string) => `${MQTT_ROOT}/${id}/identity`,
  telemetry: (id: string, dataset: UnitDataset) => `${MQTT_ROOT}/${id}/telemetry/${dataset}`,
  reads: (id: string) => `${MQTT_ROOT}/${id}/reads`,
} as const;

/** What the unit promises on the broker (D11). */
export const MQTT_CONTRACT = {
  /** Seconds between the client's pings; the broker declares it gone after 1.5 times this. */
  keepAliveS: 15,
  /** Telemetry is published this often (and whenever a dataset changes). */
  telemetryEveryMs: 30_000,
  /** MQTT 3.1.1. */
  protocolVersion: 4,
  statusOnline: "online",
  statusOffline: "offline",
} as const;

/** The datasets every unit publishes (D11: at least these; timing is D12's). */
export const MQTT_TELEMETRY_DATASETS = [
  "firmware",
  "storage",
  "passings",
  "uhf/ports",
  "time/sources",
  "hw/temp",
  "cellular",
  "cellular/ant",
  "battery",
  TIMING_DATASET,
] as const satisfies readonly UnitDataset[];

/** `trc/{id}/status`: QoS 1, retained; `offline` is also the will. */
export const MqttStatus = z.enum(["online", "offline"]);
export type MqttStatus = z.infer<typeof MqttStatus>;

/** `trc/{id}/identity`: QoS 1, retained. */
export const MqttIdentity = z.object({
  deviceName: z.string(),
  mode: z.enum(DEVICE_MODES),
  /** The unit's console (http://host:port), or null when the unit does not know an address it can be reached at. */
  address: z.nullable(z.string().check(z.regex(/^https?:\/\//))),
});
export type MqttIdentity = z.infer<typeof MqttIdentity>;

/** A broker as MQTT_SET names it: host and port (1883 when left out). */
export interface MqttServer {
  host: string;
  port: number;
}

const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])$/;

/**
 * Reads MQTT_SET's argument: `host:port` or `host` (port 1883); IPv6 in brackets. Empty answers null (no broker:
 * disconnect). A malformed one answers the reason it is refused.
 */
export function parseMqttServer(raw: string): MqttServer | null | { error: string } {
  if (hasControlChars(raw)) return { error: CONTROL_CHARS_REASON };
  const value = raw.trim();
  if (value === "") return null;
  if (/\s/.test(value)) return { error: "Must not contain spaces" };
  const m = /^(.*?)(?::(\d*))?$/.exec(value);
  const host = m?.[1] ?? "";
  const portText = m?.[2];
  if (!HOST.test(host)) return { error: "Use host:port (letters, digits, dots and dashes; port 1 to 65535)" };
  if (portText === undefined) return { host, port: MQTT_DEFAULT_PORT };
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : 0;
  if (port < 1 || port > 65535) return { error: "The port must be 1 to 65535" };
  return { host, port };
}
