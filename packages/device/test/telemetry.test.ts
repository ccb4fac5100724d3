// Telemetry: every dataset answers and fits its protocol schema; the counters live and stay consistent.
import {
  API,
  FirmwareTelemetry,
  PassingsTelemetry,
  TELEMETRY_DATASETS,
  TELEMETRY_SCHEMAS,
  UhfPortsTelemetry,
} from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sleep, startTestDevice, type TestDevice } from "./helpers.ts";

let dev: TestDevice;
beforeAll(async () => {
  dev = await startTestDevice();
});
afterAll(() => dev.dispose());

describe("telemetry", () => {
  it.each(TELEMETRY_DATASETS)("%s parses with its schema", async (dataset) => {
    const { status, body } = await dev.getJson(API.telemetry(dataset));
    expect(status).toBe(200);
    const parsed = TELEMETRY_SCHEMAS[dataset].safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(Object.keys(body).length).toBeGreaterThan(0);
  });

  it("passings grow and stay consistent", async () => {
    const a = PassingsTelemetry.parse((await dev.getJson(API.telemetry("passings"))).body);
    await sleep(1200);
    const b = PassingsTelemetry.parse((await dev.getJson(API.telemetry("passings"))).body);
    expect(b.seen).toBeGreaterThan(a.seen);
    for (const p of [a, b]) {
      expect(p.seen).toBeGreaterThanOrEqual(p.filtered);
      expect(p.filtered).toBeGreaterThanOrEqual(p.unique);
      expect(p.sent).toBeLessThanOrEqual(p.unique);
      expect(p.left).toBe(p.unique - p.sent);
      expect(p.delta).toBeGreaterThanOrEqual(0);
    }
  });

  it("has 4 UHF channels, one without antenna and without reads", async () => {
    const { channels } = UhfPortsTelemetry.parse((await dev.getJson(API.telemetry("uhf/ports"))).body);
    expect(channels.map((c) => c.id)).toEqual([0, 1, 2, 3]);
    const bare = channels.filter((c) => !c.ant);
    expect(bare).toHaveLength(1);
    expect(bare[0]?.reads).toBe(0);
  });

  it("reports firmware 1.4.2 on partition 0 on a new unit", async () => {
    const fw = FirmwareTelemetry.parse((await dev.getJson(API.telemetry("firmware"))).body);
    expect(fw).toMatchObject({ version: "1.4.2", partition: 0, otaWatchDog: "INACTIVE" });
  });

  it("cellular identifiers are empty right after boot", async () => {
    const { body } = await dev.getJson(API.telemetry("cellular"));
    expect(body.imei).toBe("");
  });

  it("battery times agree with current and capacity", async () => {
    const { body } = await dev.getJson(API.telemetry("battery"));
    expect(body.percentage).toBeGreaterThanOrEqual(0);
    expect(body.percentage).toBeLessThanOrEqual(100);
    const charge = (body.percentage / 100) * body.capacity;
    if (body.state === "DISCHARGING") {
      expect(body.current).toBeLessThan(0);
      expect(Math.abs(body.time_empty - (charge / -body.current) * 60)).toBeLessThan(2);
    } else {
      expect(body.current).toBeGreaterThan(0);
      expect(Math.abs(body.time_full - ((body.capacity - charge) / body.current) * 60)).toBeLessThan(2);
    }
  });

  it("storage counts the data folder over a fixed total", async () => {
    const { body } = await dev.getJson(API.telemetry("storage"));
    expect(body.used).toBeGreaterThan(1000);
    expect(body.total).toBe(16 * 1024 * 1024);
  });

  it("time/sources has gps, rtc and ntp near the host clock, and utc_offset from the config", async () => {
    await dev.postJson(API.configSet, { key: "utc_offset", value: 36000, time: new Date().toISOString() });
    const { body } = await dev.getJson(API.telemetry("time/sources"));
    expect(body.sources.map((s: { name: string }) => s.name)).toEqual(["gps", "rtc", "ntp"]);
    expect(Math.abs(body.sources[1].time - Date.now())).toBeLessThan(1000);
    expect(body.utc_offset).toBe(36000);
  });
});

describe("telemetry in hf mode with a clock offset", () => {
  it("reports the mode, no UHF channels and the offset clock", async () => {
    const hf = await startTestDevice({ mode: "hf", clockOffsetMs: -3_600_000 });
    try {
      expect((await hf.getJson(API.deviceName)).body).toEqual({ deviceName: "DECODER-01", mode: "hf" });
      expect((await hf.getJson(API.telemetry("uhf/ports"))).body).toEqual({ channels: [] });
      const { body } = await hf.getJson(API.telemetry("time/sources"));
      expect(Math.abs(body.sources[1].time - (Date.now() - 3_600_000))).toBeLessThan(1000);
    } finally {
      await hf.dispose();
    }
  });
});

describe("time jitter for clock benchmarks", () => {
  it("waits before and after reading the clock", async () => {
    const slow = await startTestDevice({ timeJitterMs: [80, 80] });
    try {
      const sent = Date.now();
      const { body } = await slow.getJson(API.telemetry("time/sources"));
      const received = Date.now();
      expect(received - sent).toBeGreaterThanOrEqual(155);
      const rtc = body.sources[1].time;
      expect(rtc - sent).toBeGreaterThanOrEqual(75);
      expect(received - rtc).toBeGreaterThanOrEqual(75);
    } finally {
      await slow.dispose();
    }
  });
});
