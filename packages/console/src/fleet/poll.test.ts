// Fleet polling: a dead unit costs one request, slow datasets when the unit's record has none recent, reads per minute
// from the record's series, and the limits (2 in flight per unit, 6 over all units) with ten units polled at once.
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_IN_FLIGHT_IN_ALL } from "../api/client.ts";
import { timingQuery } from "../shared/race/timing.ts";
import { datasetQuery, telemetryKey } from "../shared/readings/telemetryQueries.ts";
import { resetAllStores } from "../shared/store/lazyStore.ts";
import { apiBase, useDeviceSettings } from "../shared/unit/deviceSettings.ts";
import { readsPerMinute } from "../shared/unit/figures.ts";
import { emptyRecord, foldEvents, foldUnit, type UnitRecord } from "../shared/unit/record.ts";
import { answerEvents } from "../shared/unit/recordEvents.ts";
import { followUnits, recordOf, unfollowReports, useUnitRecords } from "../shared/unit/records.ts";
import { selectUnit } from "../shared/unit/unit.ts";
import { FLEET_POLL_MS, fleetDatasets, fleetKeys, fleetQuery, pollUnit } from "./poll.ts";

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
  unfollowReports();
  resetAllStores();
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
    expect(log.filter((p) => p.startsWith(`${host}/api/telemetry/`))).toHaveLength(8);
    expect(reading.data.battery).toEqual(
      client.getQueryData<{ data: unknown }>(telemetryKey(own, "battery"))?.data,
    );
    expect(client.getQueryData(telemetryKey(own, "passings"))).toBeDefined();
  });

  it("reads the name first, then the datasets; the slow ones when the record has none recent, kept in between", async () => {
    const { log } = stubFleet();
    const client = cache();
    const base = "http://10.0.0.7";
    const answer = await pollUnit(client, base);
    expect(log[0]).toBe("10.0.0.7/api/config/deviceName");
    expect(log).toHaveLength(10);
    expect(answer).toMatchObject({ name: "DECODER-07", mode: "uhf", errors: {} });
    expect(answer.data.firmware?.version).toBe("1.4.2");
    // The answer is folded into the unit's record (as the cache's event does), the slow ones with it.
    useUnitRecords.getState().fold(base, answerEvents(answer));
    const first = recordOf(base) as UnitRecord;
    expect(first).toMatchObject({ name: "DECODER-07", mode: "uhf", errors: {} });
    expect(readsPerMinute(first.series["passings:seen"])).toBeNull();
    log.length = 0;
    const next = await pollUnit(client, base);
    expect(log.map((p) => p.replace("10.0.0.7/api/", ""))).toEqual([
      "config/deviceName",
      "telemetry/battery",
      "telemetry/passings",
      "telemetry/uhf/ports",
      "telemetry/timing",
    ]);
    // The poll answers what it read; the record keeps the slow ones in between.
    expect(next.data.firmware).toBeUndefined();
    const second = foldEvents(first, answerEvents(next));
    expect(second.data.firmware?.version).toBe("1.4.2");
    expect(second.memory.hadAntenna).toEqual([0]);
    // Read a poll period and more ago: due again.
    useUnitRecords.getState().put({
      [first.unit]: { ...second, readAt: { ...second.readAt, firmware: Date.now() - 2 * FLEET_POLL_MS } },
    });
    log.length = 0;
    const third = await pollUnit(client, base);
    expect(log).toContain("10.0.0.7/api/telemetry/firmware");
    expect(log).not.toContain("10.0.0.7/api/telemetry/storage");
    expect(third.data.firmware?.version).toBe("1.4.2");
  });

  it("its query's answers feed the unit's record; a dead unit's failure makes it Offline", async () => {
    stubFleet({ dead: ["10.0.0.8"] });
    const client = cache();
    followUnits(client);
    await client.fetchQuery(fleetQuery(client, "http://10.0.0.7"));
    expect(recordOf("http://10.0.0.7")).toMatchObject({ name: "DECODER-07", mode: "uhf" });
    expect(recordOf("http://10.0.0.7")?.data.battery).toMatchObject({ percentage: 40 });
    await expect(client.fetchQuery(fleetQuery(client, "http://10.0.0.8"))).rejects.toThrow();
    expect(client.getQueryState(fleetKeys.poll("http://10.0.0.8"))?.status).toBe("error");
    expect(recordOf("http://10.0.0.8")).toMatchObject({
      lastAnswerAt: null,
      lastFailure: { reason: "The device cannot be reached" },
    });
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

describe("fleetDatasets, the record's fold and readsPerMinute", () => {
  const T = 1_700_000_000_000;
  const SLOW = { firmware: {}, storage: {}, "hw/temp": {}, cellular: {}, "time/sources": {} };
  const read = (mode: string, at: number) =>
    foldEvents(emptyRecord("http://10.0.0.7"), answerEvents({ name: "X", mode, data: SLOW, errors: {}, at }));

  it("no uhf/ports on an hf unit; a slow dataset never read is read now", () => {
    const all = [
      "battery",
      "passings",
      "timing",
      "firmware",
      "storage",
      "hw/temp",
      "cellular",
      "time/sources",
    ];
    expect(fleetDatasets("hf", undefined, T)).toEqual(all);
    expect(fleetDatasets("uhf", read("uhf", T), T + 1)).toEqual([
      "battery",
      "passings",
      "uhf/ports",
      "timing",
    ]);
  });
  it("a slow dataset is due again a poll period after it was read; a unit of another mode reads them at once", () => {
    expect(fleetDatasets("uhf", read("uhf", T), T + 2 * FLEET_POLL_MS - 1001)).toEqual([
      "battery",
      "passings",
      "uhf/ports",
      "timing",
    ]);
    expect(fleetDatasets("uhf", read("uhf", T), T + 2 * FLEET_POLL_MS - 1000)).toEqual([
      "battery",
      "passings",
      "uhf/ports",
      "timing",
      "firmware",
      "storage",
      "hw/temp",
      "cellular",
      "time/sources",
    ]);
    expect(fleetDatasets("uhf", read("hf", T), T + 1)).toHaveLength(9);
  });
  it("the fold keeps each poll's Seen as a point of its series (5 s apart at least: a closer one replaces the last)", () => {
    const poll = (seen: number, at: number) => ({
      kind: "reading" as const,
      dataset: "passings" as const,
      data: { seen },
      at,
    });
    let r = foldUnit(emptyRecord("http://10.0.0.7"), poll(100, T));
    r = foldUnit(r, poll(110, T + 15_000));
    r = foldUnit(r, poll(120, T + 17_000));
    r = foldUnit(r, poll(130, T + 19_000));
    expect(r.series["passings:seen"]).toEqual([
      { t: T, v: 100 },
      { t: T + 15_000, v: 110 },
      { t: T + 19_000, v: 130 },
    ]);
  });
  it("reads per minute between two readings 10 s apart or more; none after a counter reset or without two", () => {
    expect(
      readsPerMinute([
        { t: 0, v: 100 },
        { t: 15_000, v: 400 },
      ]),
    ).toBe(1200);
    expect(
      readsPerMinute([
        { t: 0, v: 400 },
        { t: 15_000, v: 100 },
      ]),
    ).toBeNull();
    expect(readsPerMinute([{ t: 15_000, v: 100 }])).toBeNull();
    expect(readsPerMinute(undefined)).toBeNull();
    expect(
      readsPerMinute([
        { t: 0, v: 100 },
        { t: 9_999, v: 400 },
      ]),
    ).toBeNull();
    // The newest reading against the latest one at least 10 s before it.
    expect(
      readsPerMinute([
        { t: 0, v: 100 },
        { t: 5_000, v: 200 },
        { t: 20_000, v: 500 },
      ]),
    ).toBe(1200);
  });
});
