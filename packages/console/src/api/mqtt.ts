// The console's MQTT client as the fleet sees it: login, messages, states; the client itself is a lazy chunk (mqttConnection.ts).

import type { BrokerConnection, BrokerLogin, BrokerMessage, BrokerState } from "./broker.ts";

export {
  BROKER_CONNECT_TIMEOUT_MS,
  BROKER_RETRY_MS,
  type BrokerConnection,
  type BrokerLogin,
  type BrokerMessage,
  type BrokerState,
  FLEET_TOPICS,
} from "./broker.ts";

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
