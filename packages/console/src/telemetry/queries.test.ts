// Foreground or background: the page's first load and a manual refresh are foreground, an auto refresh background.
import { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { clearHistory, history } from "./history.ts";

const request = vi.fn();
vi.mock("../api/client.ts", () => ({ request: (...args: unknown[]) => request(...args) }));

const { datasetQuery, foreground, startDatasets } = await import("./queries.ts");

beforeEach(() => {
  request.mockReset();
  request.mockResolvedValue({ data: { seen: 3 }, issues: [] });
  foreground.clear();
  clearHistory();
});

const backgroundOf = (call: number): unknown => request.mock.calls[call]?.[2]?.background;

describe("telemetry queries", () => {
  it("starts the page's datasets in card order, in the foreground, once", async () => {
    const client = new QueryClient();
    startDatasets(client, ["battery", "passings"]);
    startDatasets(client, ["battery", "passings"]);
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    expect(request.mock.calls.map((c) => c[0])).toEqual([
      "/api/telemetry/battery",
      "/api/telemetry/passings",
    ]);
    expect([backgroundOf(0), backgroundOf(1)]).toEqual([false, false]);
    expect(history("passings:seen").map((p) => p.v)).toEqual([3]);
  });

  it.each([
    ["an auto refresh (data already there, no flag)", false, true],
    ["a manual refresh (flagged)", true, false],
  ])("%s is background: %s", async (_, flagged, background) => {
    const client = new QueryClient();
    await client.fetchQuery(datasetQuery(client, "passings"));
    if (flagged) foreground.add("passings");
    await client.fetchQuery({ ...datasetQuery(client, "passings"), staleTime: 0 });
    expect(request).toHaveBeenCalledTimes(2);
    expect(backgroundOf(0)).toBe(false);
    expect(backgroundOf(1)).toBe(background);
  });
});
