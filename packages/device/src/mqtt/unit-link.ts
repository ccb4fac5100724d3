// The unit as an MQTT client (D11, mqtt.js): connects to the server MQTT_SET names, publishes status with a will,
// identity, telemetry and its reads at QoS 1, and delivers the reads made while the broker was away when it is back.
import {
  type DeviceMode,
  MQTT_CONTRACT,
  MQTT_TELEMETRY_DATASETS,
  MQTT_TOPICS,
  type MqttIdentity,
  type MqttServer,
  parseMqttServer,
  UNIT_DATASET_SCHEMAS,
  type UnitDataset,
} from "@trc/protocol";
import mqtt, { type MqttClient } from "mqtt";
import type { Clock, ClockTimer } from "../clock/clock.ts";
import type { ResolvedOptions } from "../options.ts";
import type { TagReader } from "../sim/tag-reader.ts";
import type { ConfigStore } from "../state/config-store.ts";
import type { IdentityStore } from "../state/identity.ts";
import type { ReadsOutbox } from "./reads-outbox.ts";

/** What the link uses of the unit: its identity, configuration, host clock, mode, reader, log and datasets. */
export interface LinkUnit {
  readonly identity: Pick<IdentityStore, "value" | "update">;
  readonly config: Pick<ConfigStore, "get">;
  readonly hostClock: Clock;
  readonly mode: DeviceMode;
  readonly reader: Pick<TagReader, "advance" | "log">;
  readonly options: Pick<ResolvedOptions, "log">;
  /** A dataset as GET /api/telemetry/<dataset> answers it. */
  telemetry(dataset: UnitDataset): Promise<unknown>;
}

/** Batches handed to the client before the broker acknowledges them. */
const MAX_IN_FLIGHT = 4;
/**
 * passings and uhf/ports follow the reads: published when they change, at most this often (a reading unit changes them
 * every second: 500 units at 1 s kept a Fleet page busy a quarter of its time; 5 s is also a fifth of the cellular data).
 */
const COUNTS_EVERY_MS = 5000;

export interface LinkTimings {
  keepAliveS: number;
  publishMs: number;
  readsTickMs: number;
  reconnectMs: number;
}

const serverUrl = (s: MqttServer) => `mqtt://${s.host}:${s.port}`;

export class UnitLink {
  #client: MqttClient | null = null;
  #server: MqttServer | null = null;
  /** The publish intervals, on the unit's host clock (mqtt.js keeps its own keep-alive and reconnect timers). */
  #timers: ClockTimer[] = [];
  #address: string | null = null;
  #lastCounts = "";
  #countsAt = 0;
  #lastTelemetry = new Map<string, string>();
  #frozen = false;
  /**
   * The client's 'connect' came and no 'close' since: mqtt.js sets `connected` as the broker accepts, then first sends
   * again what it published and the broker did not acknowledge, and says 'connect' only once those are through. New
   * reads go out after them, so a batch left unacknowledged by an outage never arrives behind newer reads.
   */
  #resumed = false;

  constructor(
    private readonly device: LinkUnit,
    readonly outbox: ReadsOutbox,
    private readonly timings: LinkTimings,
  ) {}

  /** The broker the unit publishes to, or null. */
  get server(): MqttServer | null {
    return this.#server;
  }

  /** Whether the unit is connected to its broker now. */
  get connected(): boolean {
    return this.#client?.connected === true;
  }

  /** The client id of the connection: read from the configuration when connecting (a change applies next time). */
  #id = "";

  private get id(): string {
    return this.#id;
  }

  /** Power-on: connects to the stored server, if any. */
  start(): void {
    const parsed = parseMqttServer(this.device.identity.value.mqttServer);
    this.#server = parsed !== null && !("error" in parsed) ? parsed : null;
    if (this.#server) this.connect(this.#server);
  }

  /** Power-off: the connection drops without a goodbye (the broker sends the will), timers stop. */
  async powerOff(): Promise<void> {
    const client = this.#client;
    this.stopTimers();
    this.#client = null;
    if (client) {
      client.stream?.destroy();
      await client.endAsync(true).catch(() => {});
    }
    await this.outbox.save();
  }

  /** The unit's console address, for its identity (known once it listens). */
  setAddress(address: string | null): void {
    if (address === this.#address) return;
    this.#address = address;
    if (this.connected) this.publishIdentity();
  }

  /**
   * MQTT_SET: a new server (kept across reboots) connects to it; an empty one says `offline`, disconnects cleanly
   * and stops publishing. The argument is already checked (parseMqttServer).
   */
  async setServer(raw: string): Promise<MqttServer | null> {
    const parsed = parseMqttServer(raw);
    if (parsed !== null && "error" in parsed) throw new Error(parsed.error);
    await this.device.identity.update({ mqttServer: parsed ? raw.trim() : "" });
    await this.disconnect();
    this.#server = parsed;
    if (parsed) this.connect(parsed);
    else await this.outbox.forget();
    return parsed;
  }

  /** A clean goodbye: status `offline` (retained), then DISCONNECT (no will). */
  private async disconnect(): Promise<void> {
    const client = this.#client;
    this.stopTimers();
    this.#client = null;
    if (!client) return;
    if (client.connected) {
      await client
        .publishAsync(MQTT_TOPICS.status(this.id), MQTT_CONTRACT.statusOffline, { qos: 1, retain: true })
        .catch(() => {});
    }
    await client.endAsync(!client.connected).catch(() => {});
  }

  private connect(server: MqttServer): void {
    this.#id = String(this.device.config.get("mqtt_client_id", "ONET10001"));
    const id = this.#id;
    this.outbox.rewind();
    this.#resumed = false;
    const client = mqtt.connect(serverUrl(server), {
      protocolVersion: MQTT_CONTRACT.protocolVersion,
      clientId: id,
      keepalive: this.timings.keepAliveS,
      clean: false,
      reconnectPeriod: this.timings.reconnectMs,
      connectTimeout: 10_000,
      will: {
        topic: MQTT_TOPICS.status(id),
        payload: Buffer.from(MQTT_CONTRACT.statusOffline),
        qos: 1,
        retain: true,
      },
    });
    this.#client = client;
    // Errors are retried (reconnectPeriod); the unit notes only the first of a run.
    let reported = false;
    client.on("error", (err) => {
      if (!reported) this.device.options.log(`mqtt: ${server.host}:${server.port}: ${err.message}`);
      reported = true;
    });
    client.on("close", () => {
      if (this.#client === client) this.#resumed = false;
    });
    client.on("connect", () => {
      if (this.#client === client) this.#resumed = true;
      reported = false;
      this.#lastTelemetry.clear();
      client.publish(MQTT_TOPICS.status(id), MQTT_CONTRACT.statusOnline, { qos: 1, retain: true });
      this.publishIdentity();
      void this.publishTelemetry(true);
      this.pump();
    });
    const clock = this.device.hostClock;
    this.#timers.push(
      clock.setInterval(() => this.pump(), this.timings.readsTickMs),
      clock.setInterval(() => void this.publishTelemetry(true), this.timings.publishMs),
    );
    for (const t of this.#timers) t.unref();
  }

  private stopTimers(): void {
    for (const t of this.#timers) this.device.hostClock.clearInterval(t);
    this.#timers = [];
  }

  private publishIdentity(): void {
    const identity: MqttIdentity = {
      deviceName: this.device.identity.value.deviceName,
      mode: this.device.mode,
      address: this.#address,
    };
    this.#client?.publish(MQTT_TOPICS.identity(this.id), JSON.stringify(identity), { qos: 1, retain: true });
  }

  /** Publishes the reads not handed out yet, oldest first, while connected; the counts follow when they change. */
  private pump(): void {
    if (this.#frozen) return;
    // The unit reads tags whether or not the broker is there: the reads wait in the log (Passings "left").
    this.device.reader.advance();
    const client = this.#client;
    if (!client?.connected || !this.#resumed) return;
    while (this.outbox.inFlight < MAX_IN_FLIGHT) {
      const batch = this.outbox.next();
      const last = batch?.reads[batch.reads.length - 1];
      if (!batch || !last) break;
      client.publish(MQTT_TOPICS.reads(this.id), JSON.stringify(batch), { qos: 1 }, (err) => {
        if (!err) this.outbox.acknowledged(last.seq);
      });
    }
    const counts = `${this.device.reader.log.lastSeq}/${this.outbox.ackedSeq}`;
    const now = this.device.hostClock.now();
    if (counts !== this.#lastCounts && now - this.#countsAt >= COUNTS_EVERY_MS) {
      this.#lastCounts = counts;
      this.#countsAt = now;
      void this.publishTelemetry(false);
    }
  }

  /** Every dataset (`all`), or those that follow the reads (timing's programs and session too), as the HTTP answer gives them; QoS 0, retained. */
  private async publishTelemetry(all: boolean): Promise<void> {
    const datasets = all ? MQTT_TELEMETRY_DATASETS : (["passings", "uhf/ports", "timing"] as const);
    for (const dataset of datasets) {
      const client = this.#client;
      if (!client?.connected || this.#frozen) return;
      const value = await this.device.telemetry(dataset);
      if (!UNIT_DATASET_SCHEMAS[dataset].safeParse(value).success) continue;
      const payload = JSON.stringify(value);
      if (!all && this.#lastTelemetry.get(dataset) === payload) continue;
      this.#lastTelemetry.set(dataset, payload);
      client.publish(MQTT_TOPICS.telemetry(this.id, dataset), payload, { qos: 0, retain: true });
    }
  }

  /** Test: the unit's socket dies without a goodbye (the broker sends the will; the client reconnects). */
  dropSocket(): void {
    this.#client?.stream?.destroy();
  }

  /**
   * Test: the unit hangs with its connection open (no ping, nothing read or written) until `thaw()`: the broker
   * declares it gone after 1.5 × keep-alive and sends the will.
   */
  freeze(): void {
    const client = this.#client;
    if (!client) return;
    this.#frozen = true;
    client.keepaliveManager?.destroy();
    client.stream?.pause();
    client.stream?.cork();
  }
}
