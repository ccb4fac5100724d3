// The console's MQTT client as the fleet sees it: login, messages, states; the client itself is a lazy chunk (mqttConnection.ts).

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
/** Retried this often after a failure. */
export const BROKER_RETRY_MS = 3000;
/** A broker that has not answered CONNECT in this time is taken as absent. */
export const BROKER_CONNECT_TIMEOUT_MS = 5000;

type ConnectionModule = typeof import("./mqttConnection.ts");

let loading: Promise<ConnectionModule> | undefined;
/** The connection with u8-mqtt's browser build: a chunk of its own, downloaded when a broker is first listened to. */
export function loadMqtt(): Promise<ConnectionModule> {
  loading ??= import("./mqttConnection.ts");
  return loading;
}

/**
 * Connects to a broker and subscribes to the fleet's topics (again after each reconnect: the broker then sends the
 * retained messages again). `onMessage` gets every message; `onState` every change of the connection's state.
 */
export async function connectBroker(
  login: BrokerLogin,
  onMessage: (message: BrokerMessage) => void,
  onState: (state: BrokerState, reason?: string) => void,
): Promise<BrokerConnection> {
  return (await loadMqtt()).connectBroker(login, onMessage, onState);
}
