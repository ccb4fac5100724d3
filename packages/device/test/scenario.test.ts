// Scenario hooks (test hooks only): each alarm's condition appears in the telemetry, the clock moves, DELETE restores.
import { API, PassingsTelemetry } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sleep, startTestDevice, type TestDevice } from "./helpers.ts";

const SCENARIO = "/api/__test/scenario";
let dev: TestDevice;
beforeAll(async () => {
  dev = await startTestDevice({ testHooks: true, clockOffsetMs: 5000 });
});
afterAll(() => dev.dispose());

const read = async (dataset: Parameters<typeof API.telemetry>[0]) =>
  (await dev.getJson(API.telemetry(dataset))).body;

describe("scenario hooks", () => {
  it("lays each override over the living telemetry, and DELETE takes them all back", async () => {
    const set = await dev.postJson(SCENARIO, {
      batteryPercent: 8,
      storagePercent: 95,
      antennaLost: [0],
      returnLoss: { "1": -4.2 },
      temps: { cpu: 78.5 },
      cellular: { connection: "DENIED" },
    });
    expect(set.status).toBe(200);
    const battery = await read("battery");
    expect(battery).toMatchObject({ state: "DISCHARGING", percentage: 8, time_full: 0 });
    // 8 % of the capacity at the current drawn.
    expect(battery.time_empty).toBe(Math.round(((battery.capacity * 0.08) / -battery.current) * 60));
    const storage = await read("storage");
    expect(storage.used / storage.total).toBeCloseTo(0.95, 3);
    const ch = (await read("uhf/ports")).channels;
    expect(ch[0]).toMatchObject({ id: 0, ant: false });
    expect(ch[1]).toMatchObject({ id: 1, ant: true, loss: -4.2 });
    expect(ch[2].loss).toBeGreaterThan(10);
    expect((await read("hw/temp")).temps.find((t: { name: string }) => t.name === "cpu").temp).toBe(78.5);
    expect(await read("cellular")).toMatchObject({ power: "ON", connection: "DENIED" });
    // A null field clears that override only.
    await dev.postJson(SCENARIO, { batteryPercent: null });
    expect((await read("battery")).percentage).toBeGreaterThan(20);
    expect(await read("cellular")).toMatchObject({ connection: "DENIED" });
    const cleared = await dev.call(SCENARIO, { method: "DELETE" });
    const back = (await cleared.json()) as { scenario: object; clockOffsetMs: number };
    expect(back.scenario).toEqual({});
    expect(Math.abs(back.clockOffsetMs - 5000)).toBeLessThanOrEqual(2);
    expect((await read("uhf/ports")).channels[0].ant).toBe(true);
    expect((await read("cellular")).connection).not.toBe("DENIED");
  });

  it("reads stop: the passings counters stay where they are until cleared", async () => {
    await dev.postJson(SCENARIO, { readsStopped: true });
    const a = PassingsTelemetry.parse(await read("passings"));
    // "Stays where it is" needs time to pass: 1.5 s, in which a living unit reads tags.
    await sleep(1500);
    expect(PassingsTelemetry.parse(await read("passings")).seen).toBe(a.seen);
    await dev.postJson(SCENARIO, { readsStopped: null });
    await vi.waitFor(
      async () => expect(PassingsTelemetry.parse(await read("passings")).seen).toBeGreaterThan(a.seen),
      {
        timeout: 10_000,
        interval: 200,
      },
    );
  });

  it("link to the server down: Sent stops and Left grows with the reads; held up: everything goes out at once", async () => {
    await dev.postJson(SCENARIO, { serverDown: true, massStart: { tags: 200, seconds: 4 } });
    const a = PassingsTelemetry.parse(await read("passings"));
    await vi.waitFor(
      async () => {
        const b = PassingsTelemetry.parse(await read("passings"));
        expect(b.sent).toBe(a.sent);
        expect(b.seen).toBeGreaterThan(a.seen);
        expect(b.left).toBeGreaterThan(a.left);
      },
      { timeout: 10_000, interval: 200 },
    );
    await dev.postJson(SCENARIO, { serverDown: false });
    // Held up: the queue goes out at once.
    const c = PassingsTelemetry.parse(await read("passings"));
    expect(c.left).toBe(0);
    expect(c.sent).toBeGreaterThan(a.sent);
    expect((await dev.postJson(SCENARIO, { serverDown: "yes" })).status).toBe(400);
    await dev.call(SCENARIO, { method: "DELETE" });
  });

  it("the link back with drainPerMinute: Left falls over time at that rate, to 0; a bad rate is refused", async () => {
    const rate = 6000;
    await dev.postJson(SCENARIO, {
      serverDown: true,
      massStart: { tags: 300, seconds: 2, readsPerTag: [1, 2], antennas: [1, 1] },
    });
    await vi.waitFor(
      async () => expect(PassingsTelemetry.parse(await read("passings")).left).toBeGreaterThan(300),
      {
        timeout: 10_000,
        interval: 200,
      },
    );
    const down = PassingsTelemetry.parse(await read("passings"));
    for (const bad of [0, -5, "fast", 2_000_000])
      expect(await dev.postJson(SCENARIO, { drainPerMinute: bad })).toEqual({
        status: 400,
        body: { error: "Bad value for drainPerMinute" },
      });
    expect((await dev.getJson(SCENARIO)).body.scenario).not.toHaveProperty("drainPerMinute");
    const back = Date.now();
    const set = await dev.postJson(SCENARIO, { serverDown: false, drainPerMinute: rate });
    expect(set.body.scenario).toMatchObject({ serverDown: false, drainPerMinute: rate });
    // Not at once: the first reading still has most of the backlog; each one has sent no more than the rate allows.
    const first = PassingsTelemetry.parse(await read("passings"));
    expect(first.left).toBeGreaterThan(down.left / 2);
    const lefts = [first.left];
    await vi.waitFor(
      async () => {
        const p = PassingsTelemetry.parse(await read("passings"));
        expect(p.sent - down.sent).toBeLessThanOrEqual(Math.floor((rate * (Date.now() - back)) / 60_000) + 1);
        lefts.push(p.left);
        expect(p.left).toBe(0);
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(lefts.some((l) => l > 0 && l < first.left)).toBe(true);
    await dev.call(SCENARIO, { method: "DELETE" });
  }, 40_000);

  it("sets and steps the device clock and reports its true offset", async () => {
    const set = (await dev.postJson(SCENARIO, { clockOffsetMs: 3_600_000 })).body;
    expect(set.clockOffsetMs).toBe(3_600_000);
    // A jump is a step of exactly its size, however busy the machine.
    const jumped = (await dev.postJson(SCENARIO, { clockJumpMs: -2000 })).body;
    expect(jumped.clockOffsetMs).toBe(3_598_000);
    const rtc = (await read("time/sources")).sources.find((s: { name: string }) => s.name === "rtc");
    expect(rtc.time - Date.now()).toBeGreaterThan(3_597_000);
    await dev.call(SCENARIO, { method: "DELETE" });
  });

  it("refuses unknown fields and bad values, changing nothing", async () => {
    for (const body of [
      { nope: 1 },
      { batteryPercent: "low" },
      { antennaLost: [0.5] },
      { clockOffsetMs: null },
      [1],
    ]) {
      const r = await dev.postJson(SCENARIO, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const now = (await dev.getJson(SCENARIO)).body;
    expect(now.scenario).toEqual({});
    expect(Math.abs(now.clockOffsetMs - 5000)).toBeLessThanOrEqual(2);
  });

  it("is absent without test hooks", async () => {
    const plain = await startTestDevice();
    try {
      expect((await plain.getJson(SCENARIO)).status).toBe(404);
    } finally {
      await plain.dispose();
    }
  });
});
