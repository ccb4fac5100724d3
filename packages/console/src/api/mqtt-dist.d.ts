// Types of the part of u8-mqtt's browser build the console uses (the package ships no types; see its code/*.jsy).
declare module "u8-mqtt/esm/web/basic-v4.js" {
  /** A PUBLISH as decoded: the payload's bytes as they came. */
  export interface U8Publish {
    topic: string;
    payload: Uint8Array;
    retain: boolean;
    qos: number;
    pkt_id?: number;
  }
  export interface U8Connect {
    client_id: string;
    keep_alive: number;
    flags: { clean_start: boolean };
    username?: string;
    password?: string;
  }
  export interface U8Options {
    /** Handlers by packet type (`mqtt_publish`...); `mqtt_pkt` gets the types without one (CONNACK, PINGRESP). */
    on_mqtt_type?: {
      mqtt_publish?(pkt: U8Publish): void;
      mqtt_pkt?(pkt: unknown): void;
    };
    /** The transport is open (CONNECT is for the caller to send). */
    on_live?(): void;
    log_conn?(): void;
  }
  export interface U8Client {
    with_websock(socket: WebSocket): U8Client;
    /** Resolves on CONNACK 0; rejects with an MQTTError whose `reason` is the CONNACK code otherwise. */
    connect(pkt: U8Connect): Promise<unknown>;
    subscribe(topics: readonly string[], ex: { qos: number }): Promise<unknown>;
    puback(pkt: { pkt_id?: number }): Promise<unknown>;
  }
  export default function mqtt(opt?: U8Options): U8Client;
}
