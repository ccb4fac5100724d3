// MQTT test helpers: a subscriber that records what a broker delivers under trc/#, the brokers the tests run on
// (Aedes in-process, Debian's Mosquitto), and a unit pointed at a broker.
import { API } from "@trc/protocol";
import mqtt, { type IClientOptions, type MqttClient } from "mqtt";
import { type BrokerOptions, type RunningBroker, startBroker } from "../src/broker/embedded-broker.ts";
import { hasMosquitto, MOSQUITTO, startMosquitto } from "../src/broker/mosquitto.ts";
import { joinBroker } from "../src/event.ts";
import type { DeviceOptions } from "../src/options.ts";
import { startTestDevice, type TestDevice, waitFor } from "./helpers.ts";

export interface Received {
  topic: string;
  text: string;
  retain: boolean;
  qos: number;
  at: number;
}

export interface Watcher {
  client: MqttClient;
  messages: Received[];
  /** Messages on one topic, oldest first. */
  on(topic: string): Received[];
  /** The seqs of every read received on `topic`, in arrival order. */
  seqs(topic: string): number[];
  /** Waits until a message on `topic` passes `check` (default: any), received after index `from`. */
  next(topic: string, check?: (m: Received) => boolean, timeoutMs?: number, from?: number): Promise<Received>;
  close(): Promise<void>;
}

/** Subscribes to trc/# at QoS 1 and records every message. */
export async function watch(url: string, options: IClientOptions = {}): Promise<Watcher> {
  const client = await mqtt.connectAsync(url, { reconnectPeriod: 200, ...options });
  const messages: Received[] = [];
  client.on("message", (topic, payload, packet) => {
    messages.push({
      topic,
      text: payload.toString(),
      retain: packet.retain,
      qos: packet.qos,
      at: Date.now(),
    });
  });
  await client.subscribeAsync("trc/#", { qos: 1 });
  const on = (topic: string) => messages.filter((m) => m.topic === topic);
  return {
    client,
    messages,
    on,
    seqs: (topic) =>
      on(topic).flatMap((m) => (JSON.parse(m.text) as { reads: { seq: number }[] }).reads.map((r) => r.seq)),
    next: (topic, check = () => true, timeoutMs = 5000, from = 0) =>
      waitFor(async () => messages.slice(from).find((m) => m.topic === topic && check(m)), timeoutMs, 20),
    close: () => client.endAsync(true),
  };
}

export type BrokerKind = "Aedes" | "Mosquitto";

/** The brokers every MQTT test runs against; Mosquitto only when installed (scripts/ensure-mosquitto.mjs). */
export const BROKERS: {
  kind: BrokerKind;
  start: (o?: BrokerOptions) => Promise<RunningBroker>;
  missing: string;
}[] = [
  { kind: "Aedes", start: startBroker, missing: "" },
  {
    kind: "Mosquitto",
    start: startMosquitto,
    missing: hasMosquitto()
      ? ""
      : `${MOSQUITTO} is missing and could not be installed (node scripts/ensure-mosquitto.mjs)`,
  },
];

/** A unit publishing to `broker` as `clientId`. */
export async function unitOn(
  broker: RunningBroker,
  clientId: string,
  options: Partial<DeviceOptions> = {},
  dataDir?: string,
): Promise<TestDevice> {
  const unit = await startTestDevice({ mqttReadsTickMs: 50, mqttReconnectMs: 200, ...options }, dataDir);
  await joinBroker(unit, clientId, broker.server);
  return unit;
}

/** Passings as the unit answers them over HTTP. */
export async function passings(unit: TestDevice): Promise<{ seen: number; left: number }> {
  return (await unit.getJson(API.telemetry("passings"))).body;
}

/** MQTT_SET over the API with the seeded admin password (the command needs level 50). */
export function mqttSet(unit: TestDevice, server: string) {
  return unit.postJson(API.commandExecute, { cmd: "MQTT_SET", args: [server], auth_pw: "admin-pass" });
}
