// A broker connection in the page's states: u8-mqtt's browser build (MQTT 3.1.1 over WebSocket), its own lazy chunk.
import mqtt, { type U8Client, type U8Publish } from "u8-mqtt/esm/web/basic-v4.js";
import {
  BROKER_CONNECT_TIMEOUT_MS,
  BROKER_RETRY_MS,
  type BrokerConnection,
  type BrokerLogin,
  type BrokerMessage,
  type BrokerState,
  FLEET_TOPICS,
} from "./broker.ts";

/** Seconds between PINGREQs; a connection that hears nothing (not even PINGRESP) for 1.5 times this is taken as lost. */
export const KEEP_ALIVE_S = 30;
/** CONNACK codes of MQTT 3.1.1 that refuse the login (4: bad user name or password, 5: not authorized). */
const REFUSED_LOGIN = new Set([4, 5]);

const decoder = new TextDecoder();

/**
 * Connects to a broker and subscribes to the fleet's topics at QoS 1 (again after each reconnect: the broker then
 * sends the retained messages again). Each try is a new WebSocket and a new u8-mqtt client (clean session, a random
 * client id): a try that closes, or has no CONNACK within BROKER_CONNECT_TIMEOUT_MS, is `unreachable` (never
 * connected) or `lost` (connected before) and tried again after BROKER_RETRY_MS; a refused login is not tried again.
 */
export function connectBroker(
  login: BrokerLogin,
  onMessage: (message: BrokerMessage) => void,
  onState: (state: BrokerState, reason?: string) => void,
): BrokerConnection {
  const clientId = `trc-console-${Math.random().toString(16).slice(2, 10)}`;
  let stopped = false;
  let everConnected = false;
  let state: BrokerState | undefined;
  /** Ends the current try (the socket closed, its timers cleared). */
  let endTry: (() => void) | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const tell = (next: BrokerState, reason?: string) => {
    if (stopped || next === state) return;
    state = next;
    onState(next, reason);
  };

  function attempt(): void {
    retry = undefined;
    let over = false;
    /** Packets heard on this try: the watchdog's proof of life. */
    let heard = 0;
    let watchdog: ReturnType<typeof setInterval> | undefined;
    const ws = new WebSocket(login.url, ["mqtt"]);
    const end = (refusal?: string) => {
      if (over) return;
      over = true;
      clearTimeout(deadline);
      clearInterval(watchdog);
      ws.close();
      if (stopped) return;
      if (refusal !== undefined) {
        tell("refused", refusal);
        stopped = true;
        return;
      }
      tell(everConnected ? "lost" : "unreachable");
      retry = setTimeout(attempt, BROKER_RETRY_MS);
    };
    endTry = end;
    const deadline = setTimeout(end, BROKER_CONNECT_TIMEOUT_MS);
    ws.addEventListener("close", () => end());

    const client: U8Client = mqtt({
      on_mqtt_type: {
        mqtt_publish(pkt: U8Publish) {
          heard++;
          if (pkt.qos > 0) void client.puback(pkt).catch(ignore);
          onMessage({
            topic: pkt.topic,
            payload: decoder.decode(pkt.payload),
            retained: pkt.retain,
            at: Date.now(),
          });
        },
        mqtt_pkt() {
          heard++;
        },
      },
      // The WebSocket is open: CONNECT.
      on_live() {
        client
          .connect({
            client_id: clientId,
            keep_alive: KEEP_ALIVE_S,
            flags: { clean_start: true },
            ...(login.username ? { username: login.username } : {}),
            ...(login.password ? { password: login.password } : {}),
          })
          .then(
            () => {
              if (over) return;
              clearTimeout(deadline);
              everConnected = true;
              tell("connected");
              void client.subscribe(FLEET_TOPICS, { qos: 1 }).catch(ignore);
              let seen = heard;
              watchdog = setInterval(() => {
                if (heard === seen) end();
                seen = heard;
              }, KEEP_ALIVE_S * 1500);
            },
            (err: { reason?: number & { reason?: string } }) => {
              const code = Number(err.reason);
              end(REFUSED_LOGIN.has(code) ? String(err.reason?.reason).replace(/^:\w+:/, "") : undefined);
            },
          );
      },
      log_conn: ignore,
    });
    client.with_websock(ws);
  }

  attempt();
  return {
    close() {
      stopped = true;
      clearTimeout(retry);
      endTry?.();
    },
  };
}

function ignore(): void {}
