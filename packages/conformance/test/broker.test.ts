// The kit's broker checks (--broker URL --unit ID): the emulator through Aedes passes them; a unit that breaks D11 (a
// status not retained, a reads batch with a skipped seq, reads at QoS 0) fails the right check; the command line.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { joinBroker, type RunningBroker, startBroker } from "@trc/device";
import { MQTT_TELEMETRY_DATASETS, MQTT_TOPICS } from "@trc/protocol";
import mqtt, { type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Report, runBrokerConformance } from "../src/index.ts";
import { startEmulator, type TestUnit } from "./units.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const TSX = join(ROOT, "node_modules/.bin/tsx");
const CLI = join(ROOT, "packages/conformance/src/cli.ts");

const outcome = (report: Report) => Object.fromEntries(report.checks.map((c) => [c.name, c.status]));
const failures = (report: Report) =>
  Object.fromEntries(report.checks.filter((c) => c.status === "fail").map((c) => [c.name, c.reason ?? ""]));

let broker: RunningBroker;
beforeAll(async () => {
  broker = await startBroker();
});
afterAll(() => broker.close());

describe("the emulator through Aedes", () => {
  let unit: TestUnit;
  beforeAll(async () => {
    unit = await startEmulator({ mqttReadsTickMs: 50 });
    await joinBroker(unit.device, "KIT-UNIT-1", broker.server);
    unit.device.device.reader.setTestTag({ tag: "000123", ant: 0, perSecond: 30 });
  });
  afterAll(() => unit.close());

  it("passes every broker check", async () => {
    const report = await runBrokerConformance({ broker: broker.url, unit: "KIT-UNIT-1", readsBatches: 5 });
    expect(outcome(report)).toEqual({
      "mqtt status": "ok",
      "mqtt identity": "ok",
      "mqtt telemetry": "ok",
      "mqtt reads": "ok",
    });
    expect([report.passed, report.failed]).toEqual([4, 0]);
  });

  it("the command line prints each check and exits 0", async () => {
    const run = await new Promise<{ code: number; stdout: string }>((done) => {
      execFile(
        TSX,
        [CLI, "--broker", broker.wsUrl, "--unit", "KIT-UNIT-1", "--reads-wait", "5000"],
        { cwd: ROOT, timeout: 60_000 },
        (err, stdout) => done({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout }),
      );
    });
    expect(run.stdout).toContain(`Checking unit KIT-UNIT-1 on ${broker.wsUrl}`);
    expect(run.stdout).toMatch(/^ok {3}mqtt status$/m);
    expect(run.stdout).toMatch(/^ok {3}mqtt reads$/m);
    expect(run.stdout).toContain("4 passed, 0 failed");
    expect(run.code).toBe(0);
  });
});

/** A fake unit that publishes what D11 asks, except what `breaks` changes. */
async function fakeUnit(
  id: string,
  breaks: { statusRetained?: boolean; skipSeq?: boolean; readsQos?: 0 | 1 },
) {
  const client: MqttClient = await mqtt.connectAsync(broker.url, { clientId: id });
  await client.publishAsync(MQTT_TOPICS.status(id), "online", {
    qos: 1,
    retain: breaks.statusRetained ?? true,
  });
  const identity = { deviceName: id, mode: "uhf", address: null };
  await client.publishAsync(MQTT_TOPICS.identity(id), JSON.stringify(identity), { qos: 1, retain: true });
  for (const dataset of MQTT_TELEMETRY_DATASETS) {
    const res = await fetch(`${emulator.device.url}/api/telemetry/${dataset}`);
    await client.publishAsync(MQTT_TOPICS.telemetry(id, dataset), await res.text(), { qos: 0, retain: true });
  }
  let seq = 1;
  let batches = 0;
  const timer = setInterval(() => {
    const reads = [0, 1].map(() => ({ seq: seq++, tag: "000999", ant: 0, rssi: -60, time: Date.now() }));
    // Every fourth batch, one seq is never sent.
    if (breaks.skipSeq && ++batches % 4 === 0) seq++;
    client.publish(MQTT_TOPICS.reads(id), JSON.stringify({ reads }), { qos: breaks.readsQos ?? 1 });
  }, 50);
  return {
    close: async () => {
      clearInterval(timer);
      await client.endAsync();
    },
  };
}

let emulator: TestUnit;
describe("units that break D11", () => {
  beforeAll(async () => {
    emulator = await startEmulator();
  });
  afterAll(() => emulator.close());

  it("a faithful fake passes (the breaks below are what fails)", async () => {
    const fake = await fakeUnit("FAKE-OK", {});
    try {
      const report = await runBrokerConformance({ broker: broker.url, unit: "FAKE-OK" });
      expect(failures(report)).toEqual({});
    } finally {
      await fake.close();
    }
  });

  it("status published without the retain flag: 'mqtt status' fails, nothing else", async () => {
    const fake = await fakeUnit("FAKE-STATUS", { statusRetained: false });
    try {
      const report = await runBrokerConformance({ broker: broker.url, unit: "FAKE-STATUS" });
      expect(failures(report)).toEqual({
        "mqtt status":
          "nothing retained on trc/FAKE-STATUS/status (never published, or published without the retain flag)",
      });
    } finally {
      await fake.close();
    }
  });

  it("a reads batch with a skipped seq, and reads at QoS 0: 'mqtt reads' fails and says why", async () => {
    const skipped = await fakeUnit("FAKE-SEQ", { skipSeq: true });
    const qos0 = await fakeUnit("FAKE-QOS", { readsQos: 0 });
    try {
      const seq = await runBrokerConformance({ broker: broker.url, unit: "FAKE-SEQ", readsBatches: 8 });
      expect(Object.keys(failures(seq))).toEqual(["mqtt reads"]);
      const [, after, before] = /^seq (\d+) follows (\d+)/.exec(failures(seq)["mqtt reads"] ?? "") ?? [];
      expect(Number(after) - Number(before)).toBe(2);
      const qos = await runBrokerConformance({ broker: broker.url, unit: "FAKE-QOS" });
      expect(failures(qos)).toEqual({
        "mqtt reads": "trc/FAKE-QOS/reads arrived at QoS 0 (subscribed at 1: the unit published at 0)",
      });
    } finally {
      await skipped.close();
      await qos0.close();
    }
  });
});
