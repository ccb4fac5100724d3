// The unit's last reads reach the broker once its reader stops (D11): Passings `left` falls to 0, over HTTP and in the
// passings telemetry it publishes, and every seq up to the last is published, with and without a broker outage.
import { MQTT_TOPICS, type PassingsTelemetry } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningBroker } from "../src/broker/embedded-broker.ts";
import { type TestDevice, waitFor } from "./helpers.ts";
import { BROKERS, passings, unitOn, type Watcher, watch } from "./mqtt-helpers.ts";

/** The reader stopped (`true`) or reading again, as the browser tests do it: the scenario hook over HTTP. */
async function stopReads(unit: TestDevice, stopped: boolean): Promise<void> {
  const res = await unit.postJson("/api/__test/scenario", { readsStopped: stopped });
  expect(res.status).toBe(200);
}

/** Waits until Passings `left` is 0 over HTTP and in the last passings telemetry the unit published. */
async function drained(unit: TestDevice, w: Watcher, id: string): Promise<void> {
  await waitFor(async () => ((await passings(unit)).left === 0 ? true : undefined), 10_000);
  await waitFor(async () => {
    const last = w.on(MQTT_TOPICS.telemetry(id, "passings")).at(-1);
    return last && (JSON.parse(last.text) as PassingsTelemetry).left === 0 ? true : undefined;
  }, 10_000);
}

for (const { kind, start, missing } of BROKERS) {
  describe.skipIf(!!missing)(`the unit's last reads on ${kind}`, { timeout: 40_000 }, () => {
    let broker: RunningBroker;
    beforeAll(async () => {
      broker = await start();
    });
    afterAll(() => broker?.close());

    it("reads stopped: Left reaches 0 and every seq up to the last was published exactly once", async () => {
      const id = "DRAIN-1";
      const topic = MQTT_TOPICS.reads(id);
      const w = await watch(broker.url);
      const unit = await unitOn(broker, id, { testHooks: true, mqttPublishMs: 300 });
      try {
        unit.device.reader.setTestTag({ tag: "000321", ant: 0, perSecond: 37 });
        await waitFor(async () => (w.seqs(topic).length >= 30 ? true : undefined));
        await stopReads(unit, true);
        const last = unit.device.reader.log.lastSeq;
        await drained(unit, w, id);
        await waitFor(async () => (Math.max(...w.seqs(topic)) >= last ? true : undefined));
        const seqs = w.seqs(topic);
        const first = seqs[0] ?? 0;
        expect(seqs).toEqual(Array.from({ length: last - first + 1 }, (_, i) => first + i));
        expect(unit.device.reader.log.lastSeq).toBe(last);
      } finally {
        await stopReads(unit, false);
        await w.close();
        await unit.dispose();
      }
    });

    it("reads made during an outage, then stopped: after the broker returns Left reaches 0, no read missing", async () => {
      const id = "DRAIN-2";
      const topic = MQTT_TOPICS.reads(id);
      const w = await watch(broker.url, { clientId: `drain-watch-${kind}`, clean: false });
      const unit = await unitOn(broker, id, { testHooks: true, mqttPublishMs: 300 });
      try {
        unit.device.reader.setTestTag({ tag: "000654", ant: 0, perSecond: 23 });
        await waitFor(async () => (w.seqs(topic).length >= 10 ? true : undefined));
        await stopReads(unit, true);
        await drained(unit, w, id);
        const lastBefore = unit.device.reader.log.lastSeq;
        await broker.stop();
        await stopReads(unit, false);
        await waitFor(async () => ((await passings(unit)).left >= 20 ? true : undefined));
        await stopReads(unit, true);
        const last = unit.device.reader.log.lastSeq;
        expect(last).toBeGreaterThan(lastBefore);
        await broker.start();
        await drained(unit, w, id);
        await waitFor(async () => (Math.max(...w.seqs(topic)) >= last ? true : undefined));
        const all = w.seqs(topic);
        // QoS 1: only a batch sent before the outage may come twice; every seq up to the last is there, in order.
        expect(all.filter((seq, i) => all.indexOf(seq) !== i).every((seq) => seq <= lastBefore)).toBe(true);
        const once = all.filter((seq, i) => all.indexOf(seq) === i);
        const first = once[0] ?? 0;
        expect(once).toEqual(Array.from({ length: last - first + 1 }, (_, i) => first + i));
      } finally {
        await stopReads(unit, false);
        await w.close();
        await unit.dispose();
      }
    });
  });
}
