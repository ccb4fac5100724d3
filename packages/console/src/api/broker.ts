// A broker connection's shapes and timings (D11), shared by the fleet's side (mqtt.ts) and the lazily loaded client
// (mqttConnection.ts), which then need not import each other.

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
