// A sparkline of a record's series draws the chosen unit's readings only: after a switch, none of the unit just left.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { telemetryKey } from "../shared/readings/telemetryQueries.ts";
import { followUnits, recordOf } from "../shared/unit/records.ts";
import { selectUnit } from "../shared/unit/unit.ts";
import { Sparkline } from "./Sparkline.tsx";

const A = "http://10.0.0.1";
const T0 = 1_763_900_000_000;

afterEach(() => {
  selectUnit("");
  vi.useRealTimers();
});

/** `unit` answers a battery reading at `at` through the client's cache (the records' real feed). */
async function battery(client: QueryClient, unit: string, percentage: number, at: number) {
  vi.setSystemTime(at);
  await act(() =>
    client.fetchQuery({
      queryKey: telemetryKey(unit, "battery"),
      queryFn: () => ({ data: { percentage }, issues: [] }),
      staleTime: 0,
    }),
  );
}

describe("Sparkline", () => {
  it("draws the chosen unit's series, and nothing of unit A once unit B is chosen, A's late answers included", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const client = new QueryClient();
    followUnits(client);
    selectUnit(A);
    await battery(client, A, 40, T0);
    await battery(client, A, 39, T0 + 10_000);
    const view = (
      <QueryClientProvider client={client}>
        <Sparkline series="battery" label="Battery charge history" />
      </QueryClientProvider>
    );
    const { rerender } = render(view);
    expect(screen.getByRole("img")).toHaveAccessibleName(
      "Battery charge history: 2 readings since the page opened",
    );

    act(() => selectUnit("http://10.0.0.2"));
    expect(screen.queryByRole("img")).toBeNull();
    await battery(client, A, 38, T0 + 20_000);
    await battery(client, A, 37, T0 + 30_000);
    // They are A's: its record has them, B's sparkline none.
    expect(recordOf(A)?.series.battery?.map((p) => p.v)).toEqual([40, 39, 38, 37]);
    rerender(view);
    expect(screen.queryByRole("img")).toBeNull();
  });
});
