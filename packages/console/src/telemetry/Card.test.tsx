// The card frame: caption, 'Loading...', the error as raw JSON, wrong fields named, refresh of every dataset.

import { fireEvent, render, screen } from "@testing-library/react";
import type { TelemetryDataset } from "@trc/protocol";
import { describe, expect, it, vi } from "vitest";
import { DeviceError } from "../api/errors.ts";
import { Card } from "./Card.tsx";
import type { Dataset } from "./useDataset.ts";

function dataset(over: Partial<Dataset<TelemetryDataset>>): Dataset<TelemetryDataset> {
  return {
    dataset: "battery",
    minutes: 7,
    state: "loaded",
    data: {},
    issues: [],
    error: null,
    loading: false,
    refresh: vi.fn(),
    ...over,
  };
}

describe("Card", () => {
  it.each([
    [{ state: "started" as const }, "started", true],
    [{ state: "queried" as const, loading: true }, "queried", true],
    [{ state: "loaded" as const }, "loaded", false],
  ])("%o is data-state %s, shows Loading... %s", (over, state, loading) => {
    render(
      <Card title="Battery" testId="c" datasets={[dataset(over)]}>
        <p>body</p>
      </Card>,
    );
    expect(screen.getByTestId("c")).toHaveAttribute("data-state", state);
    expect(screen.queryAllByText("Loading...")).toHaveLength(loading ? 1 : 0);
    expect(screen.getByTestId("auto-caption").textContent).toBe("Auto: ON (7 min)");
  });

  it("shows an error answer as JSON and a wrong field by name", () => {
    render(
      <Card
        title="Cellular"
        testId="c"
        datasets={[
          dataset({ dataset: "cellular", state: "errored", error: DeviceError.http(500, { error: "boom" }) }),
          dataset({
            dataset: "cellular/ant",
            minutes: 0,
            issues: [{ field: "rssi", message: "expected number, got string" }],
          }),
        ]}
      >
        <p>body</p>
      </Card>,
    );
    expect(screen.getByTestId("c")).toHaveAttribute("data-state", "errored");
    expect(screen.getByTestId("card-error").textContent).toBe(
      '{"error":"HTTP 500: boom","status":500,"body":{"error":"boom"}}',
    );
    expect(screen.getByTestId("card-issues").textContent).toBe(
      "Wrong field: rssi (expected number, got string)",
    );
    expect(screen.getAllByTestId("auto-caption").map((c) => c.textContent)).toEqual([
      "cellular: Auto: ON (7 min)",
      "cellular/ant: Auto: OFF (0 min)",
    ]);
  });

  it("the refresh button refreshes every dataset of the card", () => {
    const a = dataset({ dataset: "cellular" });
    const b = dataset({ dataset: "cellular/ant" });
    render(
      <Card title="Cellular" testId="c" datasets={[a, b]}>
        <p>body</p>
      </Card>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Refresh Cellular" }));
    expect(a.refresh).toHaveBeenCalledTimes(1);
    expect(b.refresh).toHaveBeenCalledTimes(1);
  });
});
