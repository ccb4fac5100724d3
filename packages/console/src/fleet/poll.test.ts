// Fleet polling: a dead unit costs one request, slow datasets every other poll, reads per minute, and the limits
// (2 in flight per unit, 6 over all units) with ten units polled at once.
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_IN_FLIGHT_IN_ALL } from "../api/client.ts";
import { timingQuery } from "../shared/race/timing.ts";
import { datasetQuery, telemetryKey } from "../shared/readings/telemetryQueries.ts";
import { apiBase, useDeviceSettings } from "../shared/unit/deviceSettings.ts";
import { selectUnit } from "../shared/unit/unit.ts";
import { nextReading, readsPerMinute } from "./fleetHistory.ts";
import { fleetDatasets, pollUnit } from "./poll.ts";

const answers: Record<string, unknown> = {
  "/api/config/deviceName": { deviceName: "DECODER-07", mode: "uhf" },
  "/api/telemetry/battery": { state: "CHARGING", percentage: 40, capacity: 5200, current: 1400 },
  "/api/telemetry/passings": { seen: 600, filtered: 300, unique: 100, sent: 90, left: 10, delta: 3 },
  "/api/telemetry/uhf/ports": { channels: [{ id: 0, ant: true, reads: 5, loss: -17, pwr: 30 }] },
  "/api/telemetry/firmware": { version: "1.4.2", compileTime: "x", partition: 0, otaWatchDog: "INACTIVE" },
  "/api/telemetry/storage": { used: 1, total: 10 },
  "/api/telemetry/hw/temp": { temps: [] },
  "/api/telemetry/cellular": { power: "ON", connection: "CONNECTED", imei: "", imsi: "", iccid: "" },
  "/api/telemetry/timing": { mode: "test", session: null, programs: [], replay: null },
};

const TEST_MODE = answers["/api/telemetry/timing"];
afterEach(() => {
  vi.unstubAllGlobals();
  answers["/api/telemetry/timing"] = TEST_MODE;
});

/** The console's query cache, as the fleet page's queries share it. */
const cache = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/**
 * A device stub: answers after `delayMs`; `dead` hosts refuse; `noTiming` hosts answer 404 for the timing dataset (no
 * race control); counts requests in flight per host and in all.
 */
function stubFleet(o: { delayMs?: number; dead?: string[]; noTiming?: string[] } = {}) {
  const log: string[] = [];
  const open = new Map<string, number>();
  const most = { all: 0, perUnit: 0 };
  let all = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const u = new URL(url);
      log.push(`${u.host}${u.pathname}`);
      if (o.dead?.includes(u.host)) throw new TypeError("Failed to fetch");
      all++;
      open.set(u.host, (open.get(u.host) ?? 0) + 1);
      most.all = Math.max(most.all, all);
      most.perUnit = Math.max(most.perUnit, open.get(u.host) ?? 0);
      await new Promise((r) => setTimeout(r, o.delayMs ?? 0));
      all--;
      open.set(u.host, (open.get(u.host) ?? 0) - 1);
      if (o.noTiming?.includes(u.host) && u.pathname.endsWith("/timing"))
        return new Response("", { status: 404 });
      return new Response(JSON.stringify(answers[u.pathname] ?? {}), { status: 200 });
    }),
  );
  return { log, most };
}

describe("pollUnit", () => {
  it("the console's own unit is read through the shared telemetry cache: data the dashboard or the watch just took is not asked again", async () => {
    const { log } = stubFleet();
    const own = apiBase();
    const client = cache();
    await client.fetchQuery(datasetQuery(client, own, "battery"));
    log.length = 0;
    const reading = await pollUnit(client, own);
    const host = new URL(own).host;
    expect(log.filter((p) => p === `${host}/api/telemetry/battery`)).toEqual([]);
    expect(log.filter((p) => p.startsWith(`${host}/api/telemetry/`))).toHaveLength(7);
    expect(reading.data.battery).toEqual(
      client.getQueryData<{ data: unknown }>(telemetryKey(own, "battery"))?.data,
    );
    expect(client.getQueryData(telemetryKey(own, "passings"))).toBeDefined();
  });

  it("reads the name first, then the datasets; the slow ones at every other poll, kept in between", async () => {
    const { log } = stubFleet();
    const client = cache();
    const first = nextReading(undefined, await pollUnit(client, "http://10.0.0.7"));
    expect(log[0]).toBe("10.0.0.7/api/config/deviceName");
    expect(log).toHaveLength(9);
    expect(first).toMatchObject({ name: "DECODER-07", mode: "uhf", poll: 0, readsPerMin: null, errors: {} });
    expect(first.data.firmware?.version).toBe("1.4.2");
    log.length = 0;
    const last = { ...first, at: first.at - 30_000 };
    const answer = await pollUnit(client, "http://10.0.0.7", last);
    expect(log.map((p) => p.replace("10.0.0.7/api/", ""))).toEqual([
      "config/deviceName",
      "telemetry/battery",
      "telemetry/passings",
      "telemetry/uhf/ports",
      "telemetry/timing",
    ]);
    // The poll answers what it read; the history keeps the slow ones in between.
    expect(answer.data.firmware).toBeUndefined();
    const second = nextReading(last, answer);
    expect(second.data.firmware?.version).toBe("1.4.2");
    expect(second.poll).toBe(1);
    expect(second.memory.hadAntenna).toEqual([0]);
  });

  it("reads race control at every poll: its dataset, null for a unit without it (404), why it failed otherwise", async () => {
    stubFleet({ noTiming: ["10.0.0.6"] });
    const client = cache();
    const timing = { mode: "timing", session: { file: "timing_0004.csv", startedAt: 1, passings: 1234 } };
    answers["/api/telemetry/timing"] = { ...timing, programs: [], replay: null };
    expect((await pollUnit(client, "http://10.0.0.7")).data.timing).toMatchObject(timing);
    const without = await pollUnit(client, "http://10.0.0.6");
    expect(without.data.timing).toBeNull();
    expect(without.errors).toEqual({});
    answers["/api/telemetry/timing"] = { mode: "racing" };
    const wrong = await pollUnit(client, "http://10.0.0.7");
    expect(wrong.data.timing).toBeUndefined();
    expect(wrong.errors.timing).toMatch(/mode/);
  });

  it("the console's own unit's race control is the header's query: a reading it just took is not asked again", async () => {
    const { log } = stubFleet();
    const own = apiBase();
    const client = cache();
    const header = await client.fetchQuery(timingQuery(own));
    log.length = 0;
    const reading = await pollUnit(client, own);
    expect(log).not.toContain(`${new URL(own).host}/api/telemetry/timing`);
    expect(reading.data.timing).toBe(header);
  });

  it("a dead unit costs one request and fails the poll", async () => {
    const { log } = stubFleet({ dead: ["10.0.0.8"] });
    await expect(pollUnit(cache(), "http://10.0.0.8")).rejects.toThrow("The device cannot be reached");
    expect(log).toEqual(["10.0.0.8/api/config/deviceName"]);
  });

  it(`eleven units at once: at most 2 requests in flight to a unit, ${MAX_IN_FLIGHT_IN_ALL} in all`, async () => {
    const { most } = stubFleet({ delayMs: 5 });
    const units = [apiBase(), ...Array.from({ length: 10 }, (_, i) => `http://10.0.1.${i + 1}`)];
    const client = cache();
    const readings = await Promise.all(units.map((u) => pollUnit(client, u)));
    expect(readings.every((r) => r.name === "DECODER-07")).toBe(true);
    expect(most.perUnit).toBe(2);
    expect(most.all).toBe(MAX_IN_FLIGHT_IN_ALL);
  });
});

describe("a polled unit opened from the fleet", () => {
  it("has its name and mode at once: the poll read them through the unit's identity query", async () => {
    stubFleet();
    const client = cache();
    await pollUnit(client, "http://10.0.0.7");
    selectUnit("http://10.0.0.9");
    selectUnit("http://10.0.0.7", client);
    expect(useDeviceSettings.getState()).toMatchObject({ deviceName: "DECODER-07", deviceMode: "uhf" });
    selectUnit("");
  });
});

describe("fleetDatasets and readsPerMinute", () => {
  it("no uhf/ports on an hf unit; a slow dataset never read is read now", () => {
    expect(fleetDatasets("hf", 1)).toEqual([
      "battery",
      "passings",
      "timing",
      "firmware",
      "storage",
      "hw/temp",
      "cellular",
    ]);
    expect(fleetDatasets("uhf", 1, { firmware: {}, storage: {}, "hw/temp": {}, cellular: {} })).toEqual([
      "battery",
      "passings",
      "uhf/ports",
      "timing",
    ]);
  });
  it("reads per minute between two readings; none after a counter reset or without two", () => {
    expect(readsPerMinute({ seen: 100, at: 0 }, { seen: 400, at: 15_000 })).toBe(1200);
    expect(readsPerMinute({ seen: 400, at: 0 }, { seen: 100, at: 15_000 })).toBeNull();
    expect(readsPerMinute(undefined, { seen: 100, at: 15_000 })).toBeNull();
  });
});
