// The embedded broker and the event: a refused login over TCP and WebSocket, a packet per WebSocket frame, GET
// /api/event/broker only under an event, and an event's units publishing under their own client ids.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MQTT_TOPICS, MqttIdentity } from "@trc/protocol";
import mqtt from "mqtt";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startBroker } from "../src/broker/embedded-broker.ts";
import { startEvent } from "../src/event.ts";
import { startTestDevice, tempDir, waitFor } from "./helpers.ts";
import { BROKERS, watch } from "./mqtt-helpers.ts";

for (const { kind, start, missing } of BROKERS) {
  describe.skipIf(!!missing)(`${kind} with a login`, () => {
    it("refuses a wrong password (CONNACK 'Bad username or password' / 'Not authorized') and takes the right one", async () => {
      const broker = await start({ auth: { username: "race", password: "s3cret" } });
      try {
        for (const url of [broker.url, broker.wsUrl]) {
          const wrong = mqtt.connectAsync(url, { username: "race", password: "nope", reconnectPeriod: 0 });
          await expect(wrong).rejects.toThrow(/Bad username or password|Not authorized/);
          const right = await mqtt.connectAsync(url, {
            username: "race",
            password: "s3cret",
            reconnectPeriod: 0,
          });
          expect(right.connected).toBe(true);
          await right.endAsync();
        }
      } finally {
        await broker.close();
      }
    });
  });
}

/** A WebSocket client of `url` (mqtt.js over ws) that records the frames it receives and the packets they carry. */
async function frameCounter(url: string) {
  const frames: number[] = [];
  const packets: string[] = [];
  const messages: { topic: string; text: string; retain: boolean }[] = [];
  const client = mqtt.connect(url, {
    reconnectPeriod: 0,
    createWebsocket: (address: string, protocols: string[]) => {
      const socket = new WebSocket(address, protocols);
      socket.on("message", (data: Buffer) => frames.push(data.length));
      return socket;
    },
  } as mqtt.IClientOptions);
  client.on("packetreceive", (packet) => packets.push(packet.cmd));
  client.on("message", (topic, payload, packet) =>
    messages.push({ topic, text: payload.toString(), retain: packet.retain }),
  );
  await new Promise((resolve, reject) => {
    client.once("connect", resolve);
    client.once("error", reject);
  });
  return { client, frames, packets, messages };
}

describe("the embedded broker over WebSocket", () => {
  it("sends each packet as one frame: CONNACK, SUBACK, a retained message and a live one, 4 frames", async () => {
    const broker = await startBroker();
    const unit = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    try {
      await unit.publishAsync("trc/FRAMES-1/status", "online", { qos: 1, retain: true });
      const page = await frameCounter(broker.wsUrl);
      await page.client.subscribeAsync("trc/+/status", { qos: 1 });
      await waitFor(async () => page.messages[0]);
      await unit.publishAsync("trc/FRAMES-1/status", "offline", { qos: 1 });
      await waitFor(async () => page.messages[1]);
      expect(page.messages).toEqual([
        { topic: "trc/FRAMES-1/status", text: "online", retain: true },
        { topic: "trc/FRAMES-1/status", text: "offline", retain: false },
      ]);
      expect(page.packets).toEqual(["connack", "suback", "publish", "publish"]);
      expect(page.frames).toHaveLength(4);
      await page.client.endAsync(true);
    } finally {
      await unit.endAsync(true);
      await broker.close();
    }
  });

  it("delivers 1,000 retained messages whole and in order, in a few turns of the event loop (not 2 each)", async () => {
    const broker = await startBroker();
    const unit = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    try {
      const ids = Array.from({ length: 1000 }, (_, i) => `UNIT-${String(i + 1).padStart(4, "0")}`);
      for (const id of ids)
        await unit.publishAsync(`trc/${id}/identity`, JSON.stringify({ deviceName: id }), {
          qos: 1,
          retain: true,
        });
      const page = await frameCounter(broker.wsUrl);
      // Turns of this process's event loop (the broker's) while the retained messages go out, each made 1 ms long
      // as when 500 units share the loop: Aedes's own pace (2 turns a message) takes 2,000 of them.
      let turns = 0;
      let counting = true;
      const turn = () => {
        turns++;
        const end = performance.now() + 1;
        while (performance.now() < end);
        if (counting) setImmediate(turn);
      };
      turn();
      await page.client.subscribeAsync("trc/+/identity", { qos: 1 });
      await waitFor(async () => page.messages[999], 10_000, 5);
      counting = false;
      expect(page.messages.map((m) => [m.topic, JSON.parse(m.text).deviceName, m.retain])).toEqual(
        ids.map((id) => [`trc/${id}/identity`, id, true]),
      );
      expect(turns).toBeLessThan(200);
      expect(page.packets).toHaveLength(1002);
      expect(page.frames.length).toBeLessThanOrEqual(1002);
      await page.client.endAsync(true);
    } finally {
      await unit.endAsync(true);
      await broker.close();
    }
  });
});

describe("startEvent", () => {
  it("starts the broker and units publishing as DECODER-NN; GET /api/event/broker answers its WebSocket address", async () => {
    const event = await startEvent({
      units: 3,
      dataRoot: await mkdtemp(join(tmpdir(), "trc-event-")),
      shared: { log: () => {}, consoleDist: join(tmpdir(), "no-dist") },
    });
    try {
      const w = await watch(event.broker.wsUrl);
      for (const [i, unit] of event.units.entries()) {
        const id = `DECODER-0${i + 1}`;
        await w.next(MQTT_TOPICS.status(id), (m) => m.text === "online");
        const identity = await w.next(MQTT_TOPICS.identity(id));
        expect(MqttIdentity.parse(JSON.parse(identity.text))).toEqual({
          deviceName: id,
          mode: "uhf",
          address: unit.url,
        });
        const res = await fetch(`${unit.url}/api/event/broker`);
        expect([res.status, await res.json()]).toEqual([200, { ws: event.broker.wsUrl }]);
      }
      await w.close();
    } finally {
      await event.close();
    }
  });

  it("a unit outside an event answers 404 at /api/event/broker", async () => {
    const unit = await startTestDevice({}, join(await tempDir(), "data"));
    try {
      const res = await unit.getJson("/api/event/broker");
      expect(res).toEqual({ status: 404, body: { error: "No such API path: /api/event/broker" } });
    } finally {
      await unit.dispose();
    }
  });
});
