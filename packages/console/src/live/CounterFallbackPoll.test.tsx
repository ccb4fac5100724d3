// The Live page's fallback for a unit without the read stream (live/CounterFallback.tsx) on a fake clock: both counters
// (passings and uhf/ports) are read once on opening and then every 2 s, never sooner; each rate is taken between two
// answers of its own counter. The browser test (e2e/live-stream.spec.ts) checks that they are read again over the real
// network and that the stream is never asked for.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useDeviceSettings } from "../shared/unit/deviceSettings.ts";
import { CounterFallback } from "./CounterFallback.tsx";

const UNIT = "http://10.9.1.1";

const answers: Record<string, unknown> = {
  "/api/telemetry/passings": { seen: 100, filtered: 100, unique: 10, sent: 100, left: 0, delta: 0 },
  "/api/telemetry/uhf/ports": {
    channels: [
      { id: 0, ant: true, reads: 40, loss: -17, pwr: 30 },
      { id: 1, ant: true, reads: 60, loss: -17, pwr: 30 },
    ],
  },
  "/api/config/deviceName": { deviceName: "DECODER-01", mode: "uhf" },
};

/** The unit: answers at once; every path asked, in order. */
function stubUnit() {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = new URL(url).pathname;
      asked.push(path);
      return new Response(JSON.stringify(answers[path] ?? {}), { status: 200 });
    }),
  );
  return asked;
}

/** The fallback for UNIT in a query client of its own (no retries). */
function renderFallback() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CounterFallback base={UNIT} />
    </QueryClientProvider>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  useDeviceSettings.setState({ rootAPI: UNIT, deviceName: "DECODER-01", deviceMode: "uhf" });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useDeviceSettings.setState({ rootAPI: "", deviceMode: null });
});

describe("the counters' fallback", () => {
  it("takes each rate between two answers of its own counter, though the two answer moments apart", async () => {
    // 20 reads/s: in each 2 s, seen grows by 40 and antennas 1 and 2 by 10 and 30; ports answers 5 ms after passings.
    let polls = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const path = new URL(url).pathname;
        if (path === "/api/telemetry/passings") polls += 1;
        const n = polls;
        if (path === "/api/telemetry/uhf/ports") await new Promise((r) => setTimeout(r, 5));
        const body =
          path === "/api/telemetry/passings"
            ? { seen: 40 * n, filtered: 0, unique: 1, sent: 0, left: 0, delta: 0 }
            : path === "/api/telemetry/uhf/ports"
              ? {
                  channels: [
                    { id: 0, ant: true, reads: 10 * n, loss: -17, pwr: 30 },
                    { id: 1, ant: true, reads: 30 * n, loss: -17, pwr: 30 },
                  ],
                }
              : answers[path];
        return new Response(JSON.stringify(body ?? {}), { status: 200 });
      }),
    );
    renderFallback();
    await advance(10);
    expect(screen.getByTestId("counter-total").textContent).toBe("All antennas: —");
    await advance(2_050);
    expect(screen.getByTestId("counter-total").textContent).toBe("All antennas: 20.0 reads/s");
    expect(screen.getAllByTestId("counter-rate").map((r) => r.textContent)).toEqual([
      "Antenna 15.0 reads/s",
      "Antenna 215.0 reads/s",
    ]);
  });

  it("reads both counters on opening, then every 2 s (not at 1.999 s), and never the read stream", async () => {
    const asked = stubUnit();
    const count = (path: string) => asked.filter((p) => p === path).length;
    renderFallback();
    await advance(0);
    expect(screen.getByRole("heading", { name: "Reads per second from the counters" })).toBeVisible();
    const paths = ["/api/telemetry/passings", "/api/telemetry/uhf/ports"];
    // Read on opening (StrictMode's second mount may read once more at the same instant).
    const opened = paths.map(count);
    for (const n of opened) expect(n).toBeGreaterThanOrEqual(1);
    await advance(1_999);
    expect(paths.map(count)).toEqual(opened);
    await advance(1);
    expect(paths.map(count)).toEqual(opened.map((n) => n + 1));
    await advance(1_999);
    expect(paths.map(count)).toEqual(opened.map((n) => n + 1));
    await advance(1);
    expect(paths.map(count)).toEqual(opened.map((n) => n + 2));
    expect(asked).not.toContain("/api/passings/stream");
  });
});
