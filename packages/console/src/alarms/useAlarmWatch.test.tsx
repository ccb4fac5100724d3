// The alarm watch reading race control (issue 31) on a fake clock: the timing dataset as the header reads it (every
// 5 s), `Timing program disconnected` when the filtered port's last program goes, `Timing stopped` when the unit leaves
// timing mode unasked (not when this console asked), nothing for a unit without race control.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import type { TimingTelemetry } from "@trc/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAlarms } from "../shared/alarms/alarmStore.ts";
import { TIMING_REFRESH_MS, useTimingIntent } from "../shared/race/timing.ts";
import { apiBase, useDeviceSettings } from "../shared/unit/deviceSettings.ts";
import { selectUnit } from "../shared/unit/unit.ts";
import { AlarmPanel } from "./AlarmPanel.tsx";
import { useAlarmWatch } from "./useAlarmWatch.ts";

const UNIT = "http://10.9.3.1";
const SESSION = { file: "timing_0004.csv", startedAt: 1, passings: 12 };
const program = (port: "raw" | "filtered") => ({
  port,
  address: "10.9.3.50:51000",
  connectedAt: 1,
  sent: 12,
  lastSentAt: 2,
});

/** What the unit answers to GET /api/telemetry/timing now (null: 404, a unit without race control). */
let timing: TimingTelemetry | null = null;

function stubUnit() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = new URL(url).pathname;
      if (path === "/api/telemetry/timing")
        return timing
          ? new Response(JSON.stringify(timing), { status: 200 })
          : new Response("not found", { status: 404 });
      if (path === "/api/config/deviceName")
        return new Response(JSON.stringify({ deviceName: "DECODER-01", mode: "uhf" }), { status: 200 });
      return new Response("{}", { status: 200 });
    }),
  );
}

function Shell() {
  useAlarmWatch();
  return <AlarmPanel />;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** The alarms listed: text and whether its condition holds. */
const listed = () =>
  screen.queryAllByTestId("alarm").map((li) => [li.querySelector("strong")?.textContent, li.dataset.state]);
const timingAlarms = () => listed().filter(([text]) => text?.startsWith("Timing"));

async function watch(first: TimingTelemetry | null) {
  timing = first;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Shell />
    </QueryClientProvider>,
  );
  await advance(1_000);
}

/** The unit's next answer, read by the watch within one refresh (and evaluated within a second). */
async function next(t: TimingTelemetry | null) {
  timing = t;
  await advance(TIMING_REFRESH_MS + 1_000);
}

beforeEach(() => {
  vi.useFakeTimers();
  stubUnit();
  selectUnit(UNIT);
  useDeviceSettings.setState({ deviceMode: "uhf" });
  useAlarms.getState().reset();
  useTimingIntent.setState({ stopAsked: {} });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  selectUnit("");
  useDeviceSettings.setState({ deviceMode: null });
});

const timingWith = (...ports: ("raw" | "filtered")[]): TimingTelemetry => ({
  mode: "timing",
  session: SESSION,
  programs: ports.map(program),
  replay: null,
});
const testMode: TimingTelemetry = { mode: "test", session: null, programs: [], replay: null };

describe("the alarm watch and race control", () => {
  it("the last program on the filtered port goes while timing: 'Timing program disconnected' until one is back", async () => {
    await watch(timingWith("filtered", "raw"));
    expect(timingAlarms()).toEqual([]);
    await next(timingWith("raw"));
    expect(timingAlarms()).toEqual([["Timing program disconnected", "active"]]);
    await next(timingWith("raw"));
    expect(timingAlarms()).toEqual([["Timing program disconnected", "active"]]);
    await next(timingWith("filtered"));
    // Back: cleared, and listed until acknowledged.
    expect(timingAlarms()).toEqual([["Timing program disconnected", "cleared"]]);
  });

  it("the unit leaves timing mode without this console asking: 'Timing stopped'", async () => {
    await watch(timingWith("filtered"));
    await next(testMode);
    expect(timingAlarms()).toEqual([["Timing stopped", "active"]]);
    await next(timingWith("filtered"));
    expect(timingAlarms()).toEqual([["Timing stopped", "cleared"]]);
  });

  it("a stop this console asked for raises nothing", async () => {
    await watch(timingWith("filtered"));
    useTimingIntent.getState().askedToStop(apiBase());
    await next(testMode);
    expect(listed()).toEqual([]);
  });

  it("a unit without race control (404) raises nothing", async () => {
    await watch(null);
    await next(null);
    expect(listed()).toEqual([]);
  });
});
