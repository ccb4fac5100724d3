// The embedded broker and the event: a refused login over TCP and WebSocket, GET /api/event/broker only under an
// event, and an event's units publishing under their own client ids.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MQTT_TOPICS, MqttIdentity } from "@trc/protocol";
import mqtt from "mqtt";
import { describe, expect, it } from "vitest";
import { startEvent } from "../src/event.ts";
import { startTestDevice, tempDir } from "./helpers.ts";
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
