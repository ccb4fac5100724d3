// Auto refresh intervals and captions (SPEC §4, §9), dataset states and errors, history series, antenna routes.
import { describe, expect, it } from "vitest";
import { DeviceError } from "../../api/errors.ts";
import { resetAllStores } from "../store/lazyStore.ts";
import { combinedState, datasetState, errorJson, issuesText, shouldRetry } from "./datasetState.ts";
import { autoCaption, intervalMs, randomMinutes, refreshMinutes } from "./refreshInterval.ts";
import { HISTORY_LIMIT, history, sparkPath, useTelemetryHistory } from "./telemetryHistory.ts";

describe("auto refresh", () => {
  it.each([
    [0, 0],
    [0.04, 0],
    [0.05, 1],
    [0.5, 10],
    [0.9999, 20],
  ])("random %d gives %d whole minutes (0..20)", (r, min) => {
    expect(randomMinutes(() => r)).toBe(min);
  });

  it.each([
    [0, "Auto: OFF (0 min)", false],
    [1, "Auto: ON (1 min)", 60_000],
    [20, "Auto: ON (20 min)", 1_200_000],
  ])("%d minutes: %s", (min, caption, ms) => {
    expect(autoCaption(min)).toBe(caption);
    expect(intervalMs(min)).toBe(ms);
  });

  it("is chosen once per page load for each dataset", () => {
    const first = refreshMinutes("passings", () => 0.5);
    expect(first).toBe(10);
    expect(refreshMinutes("passings", () => 0)).toBe(10);
    expect(refreshMinutes("storage", () => 0)).toBe(0);
    // A page load (resetAllStores in tests) chooses again.
    resetAllStores();
    expect(refreshMinutes("passings", () => 0)).toBe(0);
  });
});

describe("dataset state", () => {
  it.each([
    ["pending", false, "started"],
    ["pending", true, "queried"],
    ["success", true, "queried"],
    ["success", false, "loaded"],
    ["error", false, "errored"],
    ["error", true, "queried"],
  ] as const)("%s, fetching %s: %s", (status, fetching, state) => {
    expect(datasetState(status, fetching)).toBe(state);
  });

  it.each([
    [["loaded", "loaded"], "loaded"],
    [["loaded", "errored"], "errored"],
    [["started", "loaded"], "started"],
    [["queried", "started"], "queried"],
  ] as const)("%o combine to %s", (states, want) => {
    expect(combinedState(states)).toBe(want);
  });

  it("shows an error answer as JSON with the status and the device's body", () => {
    const err = DeviceError.http(500, { error: "Injected fault" });
    expect(errorJson(err)).toBe(
      '{"error":"HTTP 500: Injected fault","status":500,"body":{"error":"Injected fault"}}',
    );
    expect(errorJson(new DeviceError("network", "The device cannot be reached"))).toBe(
      '{"error":"The device cannot be reached"}',
    );
  });

  it("names the wrong fields", () => {
    expect(
      issuesText([
        { field: "percentage", message: "expected number, got string" },
        { field: "temps.1.temp", message: "expected number, got null" },
      ]),
    ).toBe("percentage (expected number, got string), temps.1.temp (expected number, got null)");
  });

  it.each([
    [0, new DeviceError("network", "x"), true],
    [0, new DeviceError("timeout", "x"), true],
    [1, new DeviceError("network", "x"), false],
    [0, DeviceError.http(500, null), false],
    [0, new Error("x"), false],
  ])("after %d failures, retry %o: %s", (n, err, want) => {
    expect(shouldRetry(n, err)).toBe(want);
  });
});

describe("history", () => {
  it("keeps finite points, up to the limit; reset forgets them", () => {
    const { record, reset } = useTelemetryHistory.getState();
    reset();
    record("", 0, { s: 1 });
    record("", 1, { s: Number.NaN });
    record("", 2, { s: undefined });
    expect(history("s")).toEqual([{ t: 0, v: 1 }]);
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) record("", i + 10, { s: i });
    expect(history("s")).toHaveLength(HISTORY_LIMIT);
    expect(history("s")[0]).toEqual({ t: 15, v: 5 });
    reset();
    expect(history("s")).toEqual([]);
  });

  it.each([
    [[{ t: 0, v: 1 }], ""],
    [
      [
        { t: 0, v: 0 },
        { t: 10, v: 10 },
      ],
      "0.0,23.0 120.0,1.0",
    ],
    [
      [
        { t: 0, v: 5 },
        { t: 5, v: 5 },
      ],
      "0.0,12.0 120.0,12.0",
    ],
  ])("%o draws %s", (points, path) => {
    expect(sparkPath(points, 120, 24)).toBe(path);
  });
});
