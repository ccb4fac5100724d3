// The unit on a broker (D11), against Aedes and Mosquitto: retained status, identity and telemetry, the will, reads at
// QoS 1 in seq order, a broker outage with no read lost, the server kept across a reboot, MQTT_SET's refusals.
import {
  MQTT_TELEMETRY_DATASETS,
  MQTT_TOPICS,
  MqttIdentity,
  ReadsBatch,
  UNIT_DATASET_SCHEMAS,
} from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningBroker } from "../src/broker/embedded-broker.ts";
import { startTestDevice, waitFor } from "./helpers.ts";
import { BROKERS, mqttSet, passings, unitOn, type Watcher, watch } from "./mqtt-helpers.ts";

/** Mosquitto 2.0 sweeps its clients' keep-alives once every 6 whole seconds (src/keepalive.c), counting whole seconds. */
const MOSQUITTO_KEEPALIVE_SWEEP_MS = 6000 + 1000;

for (const { kind, start, missing } of BROKERS) {
  if (missing) console.warn(`MQTT tests against ${kind} skipped: ${missing}`);
  describe.skipIf(!!missing)(`the unit on ${kind}`, () => {
    let broker: RunningBroker;
    beforeAll(async () => {
      broker = await start();
    });
    afterAll(() => broker?.close());

    it("publishes status online, its identity and every telemetry dataset, retained, for a late subscriber", async () => {
      const unit = await unitOn(broker, "RETAINED-1");
      try {
        const published = (w: Watcher) =>
          MQTT_TELEMETRY_DATASETS.every((d) => w.on(MQTT_TOPICS.telemetry("RETAINED-1", d)).length) &&
          w.on(MQTT_TOPICS.identity("RETAINED-1")).length > 0;
        const early = await watch(broker.url);
        await waitFor(async () => (published(early) ? true : undefined));
        await early.close();
        // Subscribed after the unit published: what arrives now is what the broker retained.
        const late = await watch(broker.url);
        await waitFor(async () => (published(late) ? true : undefined));
        const status = late.on(MQTT_TOPICS.status("RETAINED-1"));
        expect(status.map((m) => [m.text, m.retain, m.qos])).toEqual([["online", true, 1]]);
        const identity = late.on(MQTT_TOPICS.identity("RETAINED-1"))[0];
        expect(identity?.retain).toBe(true);
        expect(MqttIdentity.parse(JSON.parse(identity?.text ?? ""))).toEqual({
          deviceName: "DECODER-01",
          mode: "uhf",
          address: unit.url,
        });
        for (const dataset of MQTT_TELEMETRY_DATASETS) {
          const [first] = late.on(MQTT_TOPICS.telemetry("RETAINED-1", dataset));
          expect(first?.retain, dataset).toBe(true);
          expect(
            UNIT_DATASET_SCHEMAS[dataset].safeParse(JSON.parse(first?.text ?? "")).success,
            dataset,
          ).toBe(true);
        }
        await late.close();
      } finally {
        await unit.dispose();
      }
    });

    it("publishes reads at QoS 1, not retained, as D10 batches with seqs growing by 1", async () => {
      const w = await watch(broker.url);
      const unit = await unitOn(broker, "READS-1");
      try {
        unit.device.reader.setTestTag({ tag: "000777", ant: 0, perSecond: 40 });
        const topic = MQTT_TOPICS.reads("READS-1");
        await waitFor(async () => (w.seqs(topic).length >= 60 ? true : undefined));
        const batches = w.on(topic);
        for (const b of batches) {
          expect([b.qos, b.retain]).toEqual([1, false]);
          expect(ReadsBatch.safeParse(JSON.parse(b.text)).success).toBe(true);
        }
        const seqs = w.seqs(topic);
        expect(seqs).toEqual(seqs.map((_, i) => (seqs[0] ?? 0) + i));
      } finally {
        await w.close();
        await unit.dispose();
      }
    });

    it("a socket killed abruptly: the will says offline within 1.5 × keep-alive + 1 s, then online again", async () => {
      const w = await watch(broker.url);
      const unit = await unitOn(broker, "WILL-1", { mqttKeepAliveS: 2 });
      try {
        const topic = MQTT_TOPICS.status("WILL-1");
        await w.next(topic, (m) => m.text === "online");
        const from = w.messages.length;
        const killedAt = Date.now();
        unit.device.mqtt.dropSocket();
        const offline = await w.next(topic, (m) => m.text === "offline", 5000, from);
        expect(offline.at - killedAt).toBeLessThanOrEqual(1.5 * 2000 + 1000);
        await w.next(topic, (m) => m.text === "online", 5000, w.messages.indexOf(offline));
      } finally {
        await w.close();
        await unit.dispose();
      }
    });

    it("a unit that hangs with its connection open: offline within 1.5 × keep-alive + 1 s (+ Mosquitto 2.0's sweep)", async () => {
      const w = await watch(broker.url);
      const unit = await unitOn(broker, "HANG-1", { mqttKeepAliveS: 2 });
      try {
        const topic = MQTT_TOPICS.status("HANG-1");
        await w.next(topic, (m) => m.text === "online");
        const from = w.messages.length;
        const frozenAt = Date.now();
        unit.device.mqtt.freeze();
        const offline = await w.next(topic, (m) => m.text === "offline", 15_000, from);
        // 1.5 × keep-alive + 1 s as the issue asks, plus 250 ms for the broker's own timing. Mosquitto 2.0 looks at
        // keep-alives only once every 6 s (keepalive.c: `if(last_keepalive_check + 5 < db.now_s)`), in whole
        // seconds: its will may come up to that much later, whatever the unit does (docs/MQTT.md).
        const sweepMs = kind === "Mosquitto" ? MOSQUITTO_KEEPALIVE_SWEEP_MS : 0;
        expect(offline.at - frozenAt).toBeLessThanOrEqual(1.5 * 2000 + 1000 + 250 + sweepMs);
      } finally {
        await w.close();
        await unit.dispose();
      }
      // The bound is the assertion above; the test's own time also covers connecting on a loaded machine.
    }, 30_000);

    it("a broker outage: reads wait in Left, then every read arrives, in order (only an unacknowledged batch again)", async () => {
      const topic = MQTT_TOPICS.reads("OUTAGE-1");
      const w = await watch(broker.url, { clientId: `outage-watch-${kind}`, clean: false });
      const unit = await unitOn(broker, "OUTAGE-1");
      // The order in which the unit hands its reads to mqtt.js (which sends an unacknowledged batch again before them).
      const handed: number[] = [];
      const outbox = unit.device.mqtt.outbox;
      const next = outbox.next.bind(outbox);
      outbox.next = () => {
        const batch = next();
        for (const r of batch?.reads ?? []) handed.push(r.seq);
        return batch;
      };
      try {
        unit.device.reader.setTestTag({ tag: "000888", ant: 0, perSecond: 50 });
        await waitFor(async () => (w.seqs(topic).length >= 20 ? true : undefined));
        await broker.stop();
        const lastBefore = Math.max(...w.seqs(topic));
        // The last read made before the broker went: a batch up to it may still have been on its way (to the watcher,
        // or taken by the broker and not acknowledged) and come again; one made after it may not.
        const madeBefore = unit.device.reader.log.lastSeq;
        // Reads made while the broker is away count in Left.
        const during = await waitFor(async () => {
          const p = await passings(unit);
          return p.left >= 50 ? p : undefined;
        });
        expect(unit.device.mqtt.connected).toBe(false);
        expect(during.left).toBeGreaterThanOrEqual(unit.device.reader.log.lastSeq - lastBefore - 4 * 500);
        await broker.start();
        const target = unit.device.reader.log.lastSeq;
        await waitFor(async () => (Math.max(...w.seqs(topic)) >= target ? true : undefined), 15_000);
        unit.device.reader.setTestTag(null);
        await waitFor(async () => ((await passings(unit)).left === 0 ? true : undefined), 10_000);
        // The reader goes on making reads: everything up to the last seq at Left 0 arrived once, in order, no gap.
        const last = unit.device.reader.log.lastSeq;
        await waitFor(async () => (Math.max(...w.seqs(topic)) >= last ? true : undefined));
        const all = w.seqs(topic);
        // QoS 1 is at-least-once: a batch the broker took but could not acknowledge before it stopped comes again
        // after it (a subscriber drops it by seq). Nothing is missing.
        const repeated = all.filter((seq, i) => all.indexOf(seq) !== i);
        const once = all.filter((seq, i) => all.indexOf(seq) === i);
        const first = once[0] ?? 0;
        const inOrder = Array.from({ length: once.length }, (_, i) => first + i);
        // The unit hands every read out once, in order, the outage's too.
        expect(handed).toEqual(Array.from({ length: handed.length }, (_, i) => first + i));
        if (kind === "Mosquitto") {
          // Mosquitto sends a reconnecting persistent subscriber what it kept, then the live ones: nothing made during
          // the outage repeats, and the order holds.
          expect(repeated.filter((seq) => seq > madeBefore)).toEqual([]);
          expect(once).toEqual(inOrder);
        } else {
          // Aedes takes a persistent subscriber back for live messages before it has sent what it kept for it while
          // away (aedes/lib/handlers/connect.js: restoreSubs, registerClient, then emptyQueue). A batch the unit
          // publishes in that moment may reach the watcher ahead of the kept ones, and twice: Aedes keeps each batch
          // for it until acknowledged (client.js publish: outgoingEnqueue, then the live delivery), and emptyQueue's
          // stream of what is kept sends it again (ci36: 26..78 twice). Both are QoS 1's at-least-once; every read
          // arrives.
          expect([...once].sort((a, b) => a - b)).toEqual(inOrder);
        }
      } finally {
        await w.close();
        await unit.dispose();
      }
    });

    it("a new process on the same data folder connects by itself, its seqs going on from the last one", async () => {
      const topic = MQTT_TOPICS.reads("RESTART-1");
      const status = MQTT_TOPICS.status("RESTART-1");
      const w = await watch(broker.url);
      const first = await unitOn(broker, "RESTART-1");
      first.device.reader.setTestTag({ tag: "000555", ant: 0, perSecond: 40 });
      await waitFor(async () => (w.seqs(topic).length >= 10 ? true : undefined));
      await first.dispose();
      const lastSeq = first.device.reader.log.lastSeq;
      const from = w.messages.length;
      const again = await startTestDevice({ mqttReadsTickMs: 50, mqttReconnectMs: 200 }, first.dataDir);
      try {
        expect(again.device.identity.value.mqttServer).toBe(broker.server);
        await w.next(status, (m) => m.text === "online", 5000, from);
        again.device.reader.setTestTag({ tag: "000555", ant: 0, perSecond: 40 });
        await waitFor(async () => (Math.max(...w.seqs(topic)) > lastSeq + 5 ? true : undefined));
        const after = w.messages.slice(from).filter((m) => m.topic === topic);
        const seqs = after.flatMap((m) =>
          (JSON.parse(m.text) as { reads: { seq: number }[] }).reads.map((r) => r.seq),
        );
        expect(seqs[0]).toBeGreaterThan(lastSeq);
        expect(seqs).toEqual(seqs.map((_, i) => (seqs[0] ?? 0) + i));
      } finally {
        await w.close();
        await again.dispose();
      }
    });

    it("keeps its server across a reboot: offline (will), then online, reads continuing from where they were", async () => {
      const w = await watch(broker.url);
      const unit = await unitOn(broker, "REBOOT-1");
      try {
        const status = MQTT_TOPICS.status("REBOOT-1");
        await w.next(status, (m) => m.text === "online");
        unit.device.reader.setTestTag({ tag: "000999", ant: 0, perSecond: 30 });
        const from = w.messages.length;
        await unit.reboot();
        const offline = await w.next(status, (m) => m.text === "offline", 5000, from);
        await w.next(status, (m) => m.text === "online", 5000, w.messages.indexOf(offline));
        expect(unit.device.identity.value.mqttServer).toBe(broker.server);
        const reads = MQTT_TOPICS.reads("REBOOT-1");
        const target = unit.device.reader.log.lastSeq + 10;
        await waitFor(async () => (Math.max(...w.seqs(reads)) >= target ? true : undefined));
        const seqs = w.seqs(reads);
        expect(seqs).toEqual(seqs.map((_, i) => (seqs[0] ?? 0) + i));
      } finally {
        await w.close();
        await unit.dispose();
      }
    });

    it("MQTT_SET empty: offline, a clean disconnect (no will) and nothing more; a malformed server: 400, nothing changed", async () => {
      const w = await watch(broker.url);
      const unit = await unitOn(broker, "CLEAR-1");
      try {
        const status = MQTT_TOPICS.status("CLEAR-1");
        await w.next(status, (m) => m.text === "online");
        const bad = await mqttSet(unit, "bad host:1883");
        expect(bad).toEqual({ status: 400, body: { error: "server: Must not contain spaces" } });
        const range = await mqttSet(unit, "broker.local:65536");
        expect(range).toEqual({ status: 400, body: { error: "server: The port must be 1 to 65535" } });
        expect(unit.device.identity.value.mqttServer).toBe(broker.server);
        expect(unit.device.mqtt.connected).toBe(true);
        unit.device.reader.setTestTag({ tag: "000111", ant: 0, perSecond: 40 });
        const cleared = await mqttSet(unit, "");
        expect(cleared).toEqual({
          status: 200,
          body: { cmd: "MQTT_SET", result: "MQTT server cleared; the unit no longer publishes" },
        });
        await w.next(status, (m) => m.text === "offline");
        const after = w.messages.length;
        const seqAtClear = unit.device.reader.log.lastSeq;
        // The unit keeps reading; none of it reaches the broker.
        await waitFor(async () => {
          unit.device.reader.advance();
          return unit.device.reader.log.lastSeq >= seqAtClear + 40 ? true : undefined;
        });
        expect(w.messages.slice(after).filter((m) => m.topic.startsWith("trc/CLEAR-1/"))).toEqual([]);
        expect(unit.device.identity.value.mqttServer).toBe("");
        expect(unit.device.mqtt.connected).toBe(false);
        // What the broker keeps for a new subscriber: offline (the unit's last word, retained).
        const late = await watch(broker.url);
        const kept = await late.next(status);
        expect([kept.text, kept.retain]).toEqual(["offline", true]);
        await late.close();
      } finally {
        await w.close();
        await unit.dispose();
      }
    });
  });
}
