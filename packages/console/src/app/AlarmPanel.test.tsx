// The alarm panel and watch as a user meets them: the region, texts, Acknowledge, the title, the Sound beep, and
// the watch sharing the dashboard's cache (one request per dataset, background, never more than 2 in flight).

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALARM_WATCH_INTERVAL_MS } from "@trc/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AlarmPanel } from "../alarms/AlarmPanel.tsx";
import { useAlarmWatch, watchWait } from "../alarms/useAlarmWatch.ts";
import { useAlarms } from "../shared/alarms/alarmStore.ts";
import { telemetryKey } from "../shared/readings/telemetryQueries.ts";
import { apiBase, useDeviceSettings } from "../shared/unit/deviceSettings.ts";
import { useTabTitle } from "./useDeviceIdentity.ts";

const answers: Record<string, unknown> = {
  "/api/telemetry/battery": {
    state: "DISCHARGING",
    percentage: 9,
    capacity: 5200,
    current: -600,
    time_full: 0,
    time_empty: 40,
  },
  "/api/telemetry/storage": { used: 100, total: 1000 },
  "/api/telemetry/hw/temp": { temps: [{ name: "cpu", temp: 45 }] },
  "/api/telemetry/cellular": { power: "ON", connection: "DENIED", imei: "", imsi: "", iccid: "" },
  "/api/telemetry/uhf/ports": { channels: [{ id: 0, ant: true, reads: 5, loss: -4, pwr: 30 }] },
  "/api/telemetry/passings": { seen: 1, filtered: 1, unique: 1, sent: 1, left: 0, delta: 0 },
  "/api/telemetry/timing": { mode: "test", session: null, programs: [], replay: null },
  "/api/config/deviceName": { deviceName: "DECODER-01", mode: "uhf" },
};

/** The unit: answers each request after 5 ms, keeps the paths asked for and the most requests it held at once. */
const unit = { inFlight: 0, maxInFlight: 0 };
function stubDevice() {
  const paths: string[] = [];
  unit.inFlight = 0;
  unit.maxInFlight = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = new URL(url).pathname;
      paths.push(path);
      unit.maxInFlight = Math.max(unit.maxInFlight, ++unit.inFlight);
      await new Promise((r) => setTimeout(r, 5));
      unit.inFlight--;
      return new Response(JSON.stringify(answers[path] ?? {}), { status: 200 });
    }),
  );
  return paths;
}

function Shell() {
  useAlarmWatch();
  useTabTitle();
  return <AlarmPanel />;
}

beforeEach(() => {
  useAlarms.getState().reset();
  useDeviceSettings.setState({ deviceName: "DECODER-01", deviceMode: "uhf" });
});
afterEach(() => vi.unstubAllGlobals());

describe("AlarmPanel", () => {
  it("is absent without alarms; lists text, since and Acknowledge; Acknowledge of a cleared alarm removes it", async () => {
    const { container } = render(<AlarmPanel />);
    expect(screen.queryByRole("region", { name: "Unit alarms" })).toBeNull();
    act(() => {
      useAlarms
        .getState()
        .update([{ id: "hot-cpu", text: "Hot: cpu (71.0 °C)" }], new Date(2026, 0, 2, 9, 5, 7).getTime());
    });
    const region = screen.getByRole("region", { name: "Unit alarms" });
    expect(region).toHaveTextContent("Hot: cpu (71.0 °C)");
    expect(region).toHaveTextContent(`since ${new Date(2026, 0, 2, 9, 5, 7).toLocaleTimeString()}`);
    expect(screen.getByTestId("alarm-announcement")).toHaveTextContent("New alarm: Hot: cpu (71.0 °C)");
    expect(screen.getByRole("switch", { name: "Sound" })).not.toBeChecked();
    act(() => void useAlarms.getState().update([], Date.now()));
    expect(screen.getByTestId("alarm")).toHaveTextContent("cleared");
    await userEvent.click(screen.getByRole("button", { name: "Acknowledge Hot: cpu (71.0 °C)" }));
    expect(screen.queryByRole("region", { name: "Unit alarms" })).toBeNull();
    expect(container).toHaveTextContent("New alarm: Hot: cpu (71.0 °C)");
  });

  it("an acknowledged alarm whose condition holds stays, marked Acknowledged", async () => {
    render(<AlarmPanel />);
    act(() => void useAlarms.getState().update([{ id: "battery", text: "Battery low (9 %)" }], 1));
    await userEvent.click(screen.getByRole("button", { name: /^Acknowledge/ }));
    expect(screen.getByTestId("alarm")).toHaveTextContent("Battery low (9 %)");
    expect(screen.getByTestId("alarm")).toHaveTextContent("Acknowledged");
    expect(screen.queryByRole("button", { name: /^Acknowledge/ })).toBeNull();
  });
});

describe("useAlarmWatch", () => {
  it("fetches what the rules need once, raises the alarms, titles the tab and beeps when Sound is on", async () => {
    const paths = stubDevice();
    const started: number[] = [];
    class FakeAudio {
      currentTime = 0;
      destination = {};
      resume = async () => {};
      createGain = () => ({ gain: { value: 0 }, connect: () => {} });
      createOscillator = () => ({
        frequency: { value: 0 },
        connect: () => {},
        start: () => started.push(1),
        stop: () => {},
      });
    }
    vi.stubGlobal("AudioContext", FakeAudio);
    useAlarms.setState({ sound: true });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Shell />
      </QueryClientProvider>,
    );
    const region = await screen.findByRole("region", { name: "Unit alarms" });
    await waitFor(() => expect(region).toHaveTextContent("Cellular DENIED"));
    expect(region).toHaveTextContent("Battery low (9 %)");
    expect(region).toHaveTextContent("Antenna 1 poor (4.0 dB)");
    expect(document.title).toBe("(!) TRC | DECODER-01");
    expect(started.length).toBeGreaterThanOrEqual(1);
    // One request per dataset although StrictMode mounts the watch twice; never more than 2 in flight.
    for (const ds of ["battery", "storage", "hw/temp", "cellular", "uhf/ports", "passings", "timing"])
      expect(paths.filter((p) => p === `/api/telemetry/${ds}`)).toHaveLength(1);
    expect(paths.filter((p) => p.startsWith("/api/telemetry/")).length).toBe(7);
    // The seven reads leave together: the unit held exactly 2 at once (a broken gate would have let all 7 through).
    expect(unit.maxInFlight).toBe(2);
    for (const b of screen.getAllByRole("button", { name: /^Acknowledge/ })) await userEvent.click(b);
    expect(document.title).toBe("TRC | DECODER-01");
  });

  it("a dataset answered (by the dashboard or the watch) less than 30 s ago is not asked again", () => {
    const t = 1_000_000;
    expect(watchWait({ dataUpdatedAt: 0, errorUpdatedAt: 0 }, t)).toBe(0);
    expect(watchWait({ dataUpdatedAt: t - ALARM_WATCH_INTERVAL_MS + 5000, errorUpdatedAt: 0 }, t)).toBe(5000);
    // Due now or overdue: the next read a second later (a read under way is joined, not repeated).
    expect(watchWait({ dataUpdatedAt: t - ALARM_WATCH_INTERVAL_MS, errorUpdatedAt: 0 }, t)).toBe(1000);
    // A failed read counts as an answer: not asked again before 30 s either.
    expect(watchWait({ dataUpdatedAt: 0, errorUpdatedAt: t - 1000 }, t)).toBe(ALARM_WATCH_INTERVAL_MS - 1000);
  });

  it("a reading the dashboard took 10 s ago is used, not asked for again; the others are read once", async () => {
    const paths = stubDevice();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const battery = { data: answers["/api/telemetry/battery"], issues: [] };
    client.setQueryData(telemetryKey(apiBase(), "battery"), battery, { updatedAt: Date.now() - 10_000 });
    render(
      <QueryClientProvider client={client}>
        <Shell />
      </QueryClientProvider>,
    );
    const region = await screen.findByRole("region", { name: "Unit alarms" });
    await waitFor(() => expect(region).toHaveTextContent("Cellular DENIED"));
    expect(region).toHaveTextContent("Battery low (9 %)");
    expect(paths.filter((p) => p === "/api/telemetry/battery")).toHaveLength(0);
    for (const ds of ["storage", "hw/temp", "cellular", "uhf/ports", "passings"])
      expect(paths.filter((p) => p === `/api/telemetry/${ds}`)).toHaveLength(1);
  });
});
