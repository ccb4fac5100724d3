// The console's MQTT client: mqtt.js's browser build, downloaded only when a broker is added, reduced to what the fleet needs.
import type { IClientOptions, MqttClient } from "mqtt";

/** A broker's address and login: `ws://` or `wss://` (a browser speaks MQTT over WebSocket only). */
export interface BrokerLogin {
  url: string;
  username?: string;
  password?: string;
}

/** One message as received: `retained` when the broker sent it from its store (on subscribing), not live. */
export interface BrokerMessage {
  topic: string;
  payload: string;
  retained: boolean;
  /** When it arrived (epoch ms). */
  at: number;
}

/**
 * The connection's state, as the page says it: `connecting` (first try), `connected`, `refused` (the broker answered
 * and refused the login: no retry), `unreachable` (never connected: no broker answered; retried), `lost` (it was
 * connected; retried).
 */
export type BrokerState = "connecting" | "connected" | "refused" | "unreachable" | "lost";

export interface BrokerConnection {
  close(): void;
}

/** What the fleet subscribes to (D11): status, identity and telemetry of every unit; not the reads. */
export const FLEET_TOPICS = ["trc/+/status", "trc/+/identity", "trc/+/telemetry/#"];
/** Retried this often after a failure (mqtt.js reconnects by itself). */
export const BROKER_RETRY_MS = 3000;
/** A broker that has not answered CONNECT in this time is taken as absent. */
export const BROKER_CONNECT_TIMEOUT_MS = 5000;

/** CONNACK codes of MQTT 3.1.1 that refuse the login (4: bad user name or password, 5: not authorized). */
const REFUSED_LOGIN = new Set([4, 5, 134, 135]);

type MqttModule = { connect(url: string, opts: IClientOptions): MqttClient };

let loading: Promise<MqttModule> | undefined;
/** mqtt.js's browser build (a chunk of its own: the first route does not carry it). */
export function loadMqtt(): Promise<MqttModule> {
  loading ??= import("mqtt/dist/mqtt.esm").then((m) => {
    const mod = m as unknown as { default?: MqttModule } & Partial<MqttModule>;
    return (mod.connect ? mod : mod.default) as MqttModule;
  });
  return loading;
}

const decoder = new TextDecoder();

/**
 * Connects to a broker and subscribes to the fleet's topics (again after each reconnect: the broker then sends the
 * retained messages again). `onMessage` gets every message; `onState` every change of the connection's state.
 */
export async function connectBroker(
  login: BrokerLogin,
  onMessage: (message: BrokerMessage) => void,
  onState: (state: BrokerState, reason?: string) => void,
): Promise<BrokerConnection> {
  const { connect } = await loadMqtt();
  let everConnected = false;
  let refused = false;
  const client = connect(login.url, {
    protocolVersion: 4,
    clean: true,
    clientId: `trc-console-${Math.random().toString(16).slice(2, 10)}`,
    keepalive: 30,
    reconnectPeriod: BROKER_RETRY_MS,
    connectTimeout: BROKER_CONNECT_TIMEOUT_MS,
    resubscribe: false,
    ...(login.username ? { username: login.username } : {}),
    ...(login.password ? { password: login.password } : {}),
  });
  client.on("connect", () => {
    everConnected = true;
    onState("connected");
    client.subscribe(FLEET_TOPICS, { qos: 1 });
  });
  client.on("message", (topic, payload, packet) => {
    onMessage({ topic, payload: decoder.decode(payload), retained: packet.retain === true, at: Date.now() });
  });
  client.on("error", (err: Error & { code?: number }) => {
    if (typeof err.code === "number" && REFUSED_LOGIN.has(err.code)) {
      refused = true;
      onState("refused", err.message);
      client.end(true);
    }
  });
  client.on("close", () => {
    if (refused) return;
    onState(everConnected ? "lost" : "unreachable");
  });
  return { close: () => void client.end(true) };
}
