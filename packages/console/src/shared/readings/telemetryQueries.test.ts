// Dataset queries: keyed by the unit, the first load is foreground and a refresh of data on screen is background; the
// query function only fetches, and the history is fed by the answers the cache takes.
import { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { history, useTelemetryHistory } from "./telemetryHistory.ts";

const request = vi.fn();
vi.mock("../../api/client.ts", () => ({ request: (...args: unknown[]) => request(...args) }));

const { datasetQuery, startDashboard, telemetryKey } = await import("./telemetryQueries.ts");

const UNIT = "http://127.0.0.1:8080";

beforeEach(() => {
  request.mockReset();
  request.mockResolvedValue({ data: { seen: 3 }, issues: [] });
  useTelemetryHistory.getState().reset();
});

const optionsOf = (call: number): { background?: boolean; base?: string } =>
  request.mock.calls[call]?.[2] ?? {};

describe("telemetry queries", () => {
  it("starts the dashboard's datasets in card order, once, on the unit's address", async () => {
    const client = new QueryClient();
    startDashboard(client, UNIT, "hf");
    startDashboard(client, UNIT, "hf");
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(9));
    expect(request.mock.calls.map((c) => c[0])).toEqual([
      "/api/telemetry/battery",
      "/api/telemetry/firmware",
      "/api/telemetry/storage",
      "/api/telemetry/hw/temp",
      "/api/telemetry/networking/interfaces",
      "/api/telemetry/time/sources",
      "/api/telemetry/passings",
      "/api/telemetry/cellular",
      "/api/telemetry/cellular/ant",
    ]);
    expect(request.mock.calls.every((_, i) => optionsOf(i).base === UNIT && !optionsOf(i).background)).toBe(
      true,
    );
    await vi.waitFor(() => expect(history("passings:seen").map((p) => p.v)).toEqual([3]));
  });

  it("a refresh of data already on screen is background traffic", async () => {
    const client = new QueryClient();
    await client.fetchQuery(datasetQuery(client, UNIT, "passings"));
    await client.fetchQuery({ ...datasetQuery(client, UNIT, "passings"), staleTime: 0 });
    expect([optionsOf(0).background, optionsOf(1).background]).toEqual([false, true]);
  });

  it("another unit has its own key and its own history", async () => {
    const client = new QueryClient();
    expect(telemetryKey(UNIT, "passings")).not.toEqual(telemetryKey("http://10.0.0.2", "passings"));
    await client.fetchQuery(datasetQuery(client, UNIT, "passings"));
    request.mockResolvedValue({ data: { seen: 70 }, issues: [] });
    await client.fetchQuery(datasetQuery(client, "http://10.0.0.2", "passings"));
    expect(history("passings:seen").map((p) => p.v)).toEqual([70]);
  });

  it("the query function returns what it fetched, the same whatever the history; the cache's answers feed the history", async () => {
    const client = new QueryClient();
    const { queryFn } = datasetQuery(client, UNIT, "passings");
    const signal = new AbortController().signal;
    const first = await queryFn({ signal });
    useTelemetryHistory.getState().record(UNIT, 1, { "passings:seen": 99 });
    const second = await queryFn({ signal });
    expect(second).toEqual(first);
    expect(first).toEqual({ data: { seen: 3 }, issues: [] });
    expect(history("passings:seen").map((p) => p.v)).toEqual([99]);

    useTelemetryHistory.getState().reset();
    await client.fetchQuery(datasetQuery(client, UNIT, "passings"));
    client.setQueryData(telemetryKey(UNIT, "passings"), { data: { seen: 5 }, issues: [] });
    expect(history("passings:seen", UNIT).map((p) => p.v)).toEqual([3]);
  });
});
