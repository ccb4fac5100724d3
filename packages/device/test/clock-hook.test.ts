// The clock hook (/api/__test/clock): advancing the unit's host clock makes a minute of reads, battery and uptime
// happen at once, brings a scheduled reboot and frees a held upload; a bad body changes nothing.
import { API, makeTestImage, PassingsTelemetry, UPLOAD_LOCK_MS } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClockState, clockHooksClient } from "../src/clock-hooks-client.ts";
import { MAX_ADVANCE_MS } from "../src/routes/clock-hooks.ts";
import { type AnyJson, reachable, startTestDevice, type TestDevice, waitFor } from "./helpers.ts";

const CLOCK = "/api/__test/clock";
const MINUTE = 60_000;

const telemetry = async (dev: TestDevice, dataset: Parameters<typeof API.telemetry>[0]) =>
  (await dev.getJson(API.telemetry(dataset))).body;

describe("advancing the clock a minute", () => {
  let dev: TestDevice;
  beforeAll(async () => {
    dev = await startTestDevice({ testHooks: true });
  });
  afterAll(() => dev.dispose());

  it("GET answers the warp (0 at first) and the host time as the unit sees it", async () => {
    const before = Date.now();
    const state = await clockHooksClient(dev.url).clock();
    expect(state.warpMs).toBe(0);
    expect(state.now).toBeGreaterThanOrEqual(before);
    expect(state.now).toBeLessThanOrEqual(Date.now());
  });

  it("moves the passings counters, the battery, the uptime and the device clock as one minute would", async () => {
    const passings0 = PassingsTelemetry.parse(await telemetry(dev, "passings"));
    const battery0 = await telemetry(dev, "battery");
    const uptime0 = (await telemetry(dev, "os")).uptime_s;
    const started = Date.now();
    const moved = await clockHooksClient(dev.url).advanceClock(MINUTE);
    const answered = Date.now();
    expect(moved.warpMs).toBe(MINUTE);
    expect(moved.now).toBeGreaterThanOrEqual(started + MINUTE);
    expect(moved.now).toBeLessThanOrEqual(answered + MINUTE);
    const passings1 = PassingsTelemetry.parse(await telemetry(dev, "passings"));
    const battery1 = await telemetry(dev, "battery");
    const uptime1 = (await telemetry(dev, "os")).uptime_s;
    const realS = Math.ceil((Date.now() - started) / 1000);
    // Athletes come at 0.1 tags/s at the least, each tag read 11 times on average (7 to 15): a minute is at least 66
    // reads of at least 4 tags (the bounds allow for rounding).
    expect(passings1.seen - passings0.seen).toBeGreaterThanOrEqual(60);
    expect(passings1.unique - passings0.unique).toBeGreaterThanOrEqual(4);
    expect(passings1.delta).toBeGreaterThan(0);
    const ports = (await telemetry(dev, "uhf/ports")).channels as { reads: number }[];
    expect(ports.reduce((n, c) => n + c.reads, 0)).toBeGreaterThanOrEqual(passings1.seen);
    // 620 mA out of 5200 mAh is 0.2 % a minute (the percentage has one decimal).
    expect(battery0.state).toBe("DISCHARGING");
    expect(battery0.percentage - battery1.percentage).toBeGreaterThanOrEqual(0.1);
    expect(battery0.percentage - battery1.percentage).toBeLessThanOrEqual(0.3);
    expect(uptime1 - uptime0).toBeGreaterThanOrEqual(60);
    expect(uptime1 - uptime0).toBeLessThanOrEqual(60 + realS + 1);
    // The device clock is the host clock plus its offset: a minute ahead of real time now.
    const asked = Date.now();
    const rtc = (await telemetry(dev, "time/sources")).sources.find(
      (s: { name: string }) => s.name === "rtc",
    );
    expect(rtc.time).toBeGreaterThanOrEqual(asked + MINUTE);
    expect(rtc.time).toBeLessThanOrEqual(Date.now() + MINUTE);
  });

  it("a test tag read 20 times a second: a minute's 1200 reads come at once (real time could not make them)", async () => {
    const channel0 = async () => (await telemetry(dev, "uhf/ports")).channels[0].reads as number;
    const scenario = (testTag: object | null) => dev.postJson("/api/__test/scenario", { testTag });
    expect((await scenario({ tag: "T1", ant: 0, perSecond: 20 })).status).toBe(200);
    try {
      const before = await channel0();
      await clockHooksClient(dev.url).advanceClock(MINUTE);
      expect((await channel0()) - before).toBeGreaterThanOrEqual(1200);
    } finally {
      await scenario(null);
    }
  });

  it("adds up: the warp is the total advanced, and advancing 0 changes nothing", async () => {
    const hooks = clockHooksClient(dev.url);
    const before = (await hooks.clock()).warpMs;
    expect(before).toBe(2 * MINUTE);
    expect((await hooks.advanceClock(0)).warpMs).toBe(before);
    expect((await hooks.advanceClock(1500)).warpMs).toBe(before + 1500);
    expect((await hooks.clock()).warpMs).toBe(before + 1500);
  });
});

describe("bad clock hook bodies", () => {
  let dev: TestDevice;
  beforeAll(async () => {
    dev = await startTestDevice({ testHooks: true });
  });
  afterAll(() => dev.dispose());

  const range = `advanceMs must be a whole number of ms from 0 to ${MAX_ADVANCE_MS} (7 days)`;
  const post = (body: string) =>
    dev.call(CLOCK, { method: "POST", headers: { "Content-Type": "application/json" }, body });

  it.each([
    ["{}", "advanceMs is required"],
    [JSON.stringify({ advanceMs: -1 }), range],
    [JSON.stringify({ advanceMs: 1.5 }), range],
    [JSON.stringify({ advanceMs: "1000" }), range],
    [JSON.stringify({ advanceMs: null }), range],
    [JSON.stringify({ advanceMs: MAX_ADVANCE_MS + 1 }), range],
    ['{"advanceMs": 1e400}', range],
    [JSON.stringify({ advanceMs: 1000, extra: true }), "Unknown clock field: extra"],
    ["[1000]", "The body must be a JSON object"],
    ["1000", "The body must be a JSON object"],
    ["{advanceMs: 1000}", "The body is not valid JSON"],
  ])("%s: 400 with its reason, the clock unchanged", async (body, reason) => {
    const before = (await dev.getJson(CLOCK)).body as ClockState;
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: reason });
    const after = (await dev.getJson(CLOCK)).body as ClockState;
    expect(after.warpMs).toBe(before.warpMs);
    expect(after.now - Date.now()).toBeLessThanOrEqual(0);
  });

  it("the longest advance, 7 days, is taken", async () => {
    expect((await clockHooksClient(dev.url).advanceClock(MAX_ADVANCE_MS)).warpMs).toBe(MAX_ADVANCE_MS);
  });

  it("clockHooksClient throws with the status and reason of a refusal", async () => {
    await expect(clockHooksClient(dev.url).advanceClock(-5)).rejects.toThrow(
      /answered 400: .*advanceMs must be/,
    );
  });
});

describe("without test hooks", () => {
  it("there is no clock hook", async () => {
    const dev = await startTestDevice();
    try {
      expect((await dev.getJson(CLOCK)).status).toBe(404);
      expect((await dev.postJson(CLOCK, { advanceMs: 1000 })).status).toBe(404);
    } finally {
      await dev.dispose();
    }
  });
});

describe("what is due happens on an advance", () => {
  let dev: TestDevice;
  beforeAll(async () => {
    dev = await startTestDevice({ testHooks: true });
  });
  afterAll(() => dev.dispose());

  it("a reboot scheduled by REBOOT_DELAY happens once the clock passes it, after the hook has answered", async () => {
    const boots = dev.device.boots;
    const res = await dev.postJson(API.commandExecute, { cmd: "REBOOT_DELAY", args: ["10"] });
    expect(res.status).toBe(200);
    const at = Date.parse(res.body.rebootAt);
    const hooks = clockHooksClient(dev.url);
    // Nine minutes: not yet.
    await hooks.advanceClock(9 * MINUTE);
    expect(dev.device.power.scheduledAt).toBe(at);
    expect(await reachable(dev.url)).toBe(true);
    // Past the tenth: the hook answers, then the unit goes away and comes back (rebootMs on its clock too).
    const moved = await hooks.advanceClock(MINUTE + 1000);
    expect(moved.now).toBeGreaterThanOrEqual(at);
    expect(dev.device.power.scheduledAt).toBeNull();
    await waitFor(async () => (dev.device.boots === boots + 1 ? true : undefined), 5000, 20);
    await waitFor(async () => ((await reachable(dev.url)) ? true : undefined), 5000, 50);
    // The clock is not reset by a reboot: the unit's host time stays ahead.
    expect((await hooks.clock()).warpMs).toBe(10 * MINUTE + 1000);
  });

  it("an upload lock held by an abandoned upload runs out on the unit's clock", async () => {
    const CHUNK = 4096;
    const send = async (image: Uint8Array) => {
      const form = new FormData();
      form.append("flSize", String(image.length));
      form.append("offset", "0");
      form.append("chunk", new Blob([image.subarray(0, CHUNK) as Uint8Array<ArrayBuffer>]), "firmware.bin");
      const res = await dev.call(API.firmwareUpdate, { method: "POST", body: form });
      return { status: res.status, body: (await res.json()) as AnyJson };
    };
    const a = makeTestImage({ size: 12_288, version: "4.0.0-a", seed: 31 });
    const b = makeTestImage({ size: 12_288, version: "4.0.0-b", seed: 32 });
    expect((await send(a)).status).toBe(200);
    expect((await send(b)).status).toBe(409);
    await clockHooksClient(dev.url).advanceClock(UPLOAD_LOCK_MS);
    const started = await send(b);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ totalBytesReceived: CHUNK, expectedFileSize: b.length });
  });
});
