// The fleet's history of each polled unit: derived from the poll's answers (the poll itself only fetches), fed by the
// answers the cache takes, forgotten with the poll's cache entry and by resetAllStores.
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetAllStores } from "../shared/store/lazyStore.ts";
import { nextReading, useFleetHistory } from "./fleetHistory.ts";
import { type FleetAnswer, fleetKeys, fleetQuery } from "./poll.ts";

const UNIT = "http://10.0.0.7";
const T = 1_700_000_000_000;
let seen = 600;

beforeEach(() => {
  seen = 600;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const answers: Record<string, unknown> = {
        "/api/config/deviceName": { deviceName: "DECODER-07", mode: "uhf" },
        "/api/telemetry/battery": { state: "CHARGING", percentage: 40 },
        "/api/telemetry/passings": { seen, filtered: 0, unique: 0, sent: 0, left: 0, delta: 0 },
        "/api/telemetry/uhf/ports": { channels: [{ id: 0, ant: true, reads: 5, loss: -17, pwr: 30 }] },
        "/api/telemetry/firmware": {
          version: "1.4.2",
          compileTime: "x",
          partition: 0,
          otaWatchDog: "INACTIVE",
        },
      };
      return new Response(JSON.stringify(answers[new URL(url).pathname] ?? {}), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetAllStores();
});

const answer = (patch: Partial<FleetAnswer> = {}): FleetAnswer => ({
  name: "DECODER-07",
  mode: "uhf",
  data: { passings: { seen: 100, left: 0 }, "uhf/ports": { channels: [{ id: 0, ant: true, reads: 5 }] } },
  errors: {},
  at: T,
  ...patch,
});

describe("nextReading", () => {
  it("counts polls, measures reads per minute, remembers antennas and extends the trail", () => {
    const first = nextReading(undefined, answer());
    expect(first).toMatchObject({ poll: 0, readsPerMin: null, memory: { hadAntenna: [0] } });
    const second = nextReading(first, answer({ data: { passings: { seen: 400, left: 0 } }, at: T + 15_000 }));
    expect(second).toMatchObject({ poll: 1, readsPerMin: 1200, memory: { hadAntenna: [0] } });
    expect(second.trail?.passings.map((p) => p.seen)).toEqual([100, 400]);
  });

  it("keeps a slow dataset between its reads; drops one that failed, and all of them when the mode changed", () => {
    const first = nextReading(
      undefined,
      answer({ data: { firmware: { version: "1.4.2" }, storage: { used: 1 } } }),
    );
    const second = nextReading(first, answer({ data: {}, errors: { storage: "HTTP 500" }, at: T + 15_000 }));
    expect(second.data).toEqual({ firmware: { version: "1.4.2" } });
    expect(nextReading(second, answer({ mode: "hf", data: {}, at: T + 30_000 })).data).toEqual({});
  });
});

describe("race control in the fleet's memory", () => {
  const session = { file: "timing_0001.csv", startedAt: T, passings: 0 };
  const timing = { mode: "timing" as const, session, programs: [], replay: null };
  const test = { mode: "test" as const, session: null, programs: [], replay: null };
  it("a unit that left timing mode raises Timing stopped, unless this console asked it to stop", () => {
    const first = nextReading(undefined, answer({ data: { timing } }));
    const second = answer({ data: { timing: test }, at: T + 5000 });
    expect(nextReading(first, second).memory.timing?.stopped).toBe(true);
    expect(nextReading(first, second, T + 2000).memory.timing?.stopped).toBe(false);
  });
});

describe("the poll's query", () => {
  it("its function only fetches: called twice it answers the same, whatever the history holds", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T);
    const client = new QueryClient();
    const { queryFn } = fleetQuery(client, UNIT);
    const signal = new AbortController().signal;
    const first = await queryFn({ signal });
    useFleetHistory.getState().record(UNIT, { ...first, at: T - 15_000 });
    useFleetHistory.getState().record(UNIT, first);
    const second = await queryFn({ signal });
    expect(second).toEqual(first);
    expect(Object.keys(first).sort()).toEqual(["at", "data", "errors", "mode", "name"]);
    expect(client.getQueryData(fleetKeys.poll(UNIT))).toBeUndefined();
  });

  it("its answers in the cache feed the history; its entry leaving the cache forgets the unit", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T);
    const client = new QueryClient();
    await client.fetchQuery(fleetQuery(client, UNIT));
    expect(useFleetHistory.getState().units[UNIT]).toMatchObject({ poll: 0, readsPerMin: null });
    vi.setSystemTime(T + 15_000);
    seen = 900;
    const last = useFleetHistory.getState().units[UNIT];
    await client.fetchQuery({ ...fleetQuery(client, UNIT, last), staleTime: 0 });
    expect(useFleetHistory.getState().units[UNIT]).toMatchObject({ poll: 1, readsPerMin: 1200 });
    expect(useFleetHistory.getState().units[UNIT]?.data.firmware?.version).toBe("1.4.2");
    // Data set by hand is no answer.
    client.setQueryData(fleetKeys.poll(UNIT), answer({ at: T + 20_000 }));
    expect(useFleetHistory.getState().units[UNIT]?.poll).toBe(1);
    client.removeQueries({ queryKey: fleetKeys.poll(UNIT) });
    expect(useFleetHistory.getState().units[UNIT]).toBeUndefined();
  });

  it("resetAllStores forgets every unit", () => {
    useFleetHistory.getState().record(UNIT, answer());
    resetAllStores();
    expect(useFleetHistory.getState().units).toEqual({});
  });
});
