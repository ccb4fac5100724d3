// The fleet page as a user meets it: This unit first, rows filled, a refused address, Remove, Open, an acknowledgement
// shown at once; polling pauses while the tab is hidden.
import { focusManager, QueryClient, QueryClientProvider, QueryObserver } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { useAlarms } from "../shared/alarms/alarmStore.ts";
import { resetAllStores } from "../shared/store/lazyStore.ts";
import { useDeviceSettings } from "../shared/unit/deviceSettings.ts";
import { selectUnit } from "../shared/unit/unit.ts";
import FleetPage from "./FleetPage.tsx";
import { useFleetHistory } from "./fleetHistory.ts";
import { FLEET_POLL_MS, type FleetAnswer, fleetKeys, fleetQuery } from "./poll.ts";
import { FLEET_KEY, thisUnit } from "./units.ts";

const NAMES: Record<string, string> = {
  [new URL(thisUnit()).host]: "START",
  "10.0.0.2": "FINISH",
  "10.0.0.3": "SPLIT",
};
const program = (port: string) => ({
  port,
  address: "10.0.0.50:5000",
  connectedAt: 1,
  sent: 1,
  lastSentAt: 1,
});
/** Race control by unit: START in test mode, FINISH timing with two programs, SPLIT without it (404). */
const TIMING: Record<string, unknown> = {
  START: { mode: "test", session: null, programs: [], replay: null },
  FINISH: {
    mode: "timing",
    session: { file: "timing_0004.csv", startedAt: 1, passings: 1234 },
    programs: [program("filtered"), program("raw")],
    replay: null,
  },
};

function stubUnits() {
  const log: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const u = new URL(url);
      log.push(`${u.host}${u.pathname}`);
      const name = NAMES[u.host];
      if (!name) throw new TypeError("Failed to fetch");
      if (u.pathname === "/api/telemetry/timing" && !TIMING[name]) return new Response("", { status: 404 });
      const body: Record<string, unknown> = {
        "/api/config/deviceName": { deviceName: name, mode: "uhf" },
        "/api/telemetry/battery": { state: "DISCHARGING", percentage: 0.5 },
        "/api/telemetry/passings": { seen: 321, filtered: 1, unique: 1, sent: 1, left: 0, delta: 0 },
        "/api/telemetry/uhf/ports": { channels: [{ id: 0, ant: true, reads: 3, loss: -17, pwr: 30 }] },
        "/api/telemetry/firmware": {
          version: "1.4.2",
          compileTime: "x",
          partition: 0,
          otaWatchDog: "INACTIVE",
        },
        "/api/telemetry/timing": TIMING[name],
        "/api/telemetry/time/sources": {
          sources: [{ name: "rtc", time: Date.now(), accuracy: 5 }],
          utc_offset: 0,
        },
      };
      return new Response(JSON.stringify(body[u.pathname] ?? {}), { status: 200 });
    }),
  );
  return log;
}

function renderPage(client = new QueryClient()) {
  render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: "/fleet" }).hook}>
        <Switch>
          <Route path="/fleet">
            <FleetPage />
          </Route>
          <Route path="/telemetry">
            <p>Telemetry page</p>
          </Route>
        </Switch>
      </Router>
    </QueryClientProvider>,
  );
  return client;
}

const rowOf = (name: string) => screen.getByText(name, { selector: "strong" }).closest("tr") as HTMLElement;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(FLEET_KEY, JSON.stringify(["http://10.0.0.2", "http://10.0.0.9"]));
  resetAllStores();
  useDeviceSettings.setState({ rootAPI: "" });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  useDeviceSettings.setState({ rootAPI: "" });
  resetAllStores();
});

describe("FleetPage", () => {
  it("lists This unit first, fills the rows, and marks the dead unit Offline", async () => {
    stubUnits();
    renderPage();
    await waitFor(() => expect(rowOf("START")).toHaveAttribute("data-state", "online"));
    const rows = screen.getAllByTestId("fleet-row");
    expect(within(rows[0] as HTMLElement).getByText("This unit")).toBeVisible();
    await waitFor(() => expect(rowOf("FINISH")).toHaveAttribute("data-state", "online"));
    expect(within(rowOf("FINISH")).getByText("50 %")).toBeVisible();
    expect(within(rowOf("FINISH")).getByText("321")).toBeVisible();
    expect(within(rowOf("FINISH")).getByText("1 / 1")).toBeVisible();
    expect(within(rowOf("FINISH")).getByText("1.4.2")).toBeVisible();
    await waitFor(() => expect(rowOf("http://10.0.0.9")).toHaveAttribute("data-state", "offline"));
    expect(within(rowOf("http://10.0.0.9")).getByText("Offline")).toBeVisible();
    expect(within(rowOf("http://10.0.0.9")).getByText("Unit offline")).toBeVisible();
    expect(screen.getByTestId("fleet-summary")).toHaveTextContent(
      "3 units: 2 online, 1 offline, 1 with alarms",
    );
    expect(within(rows[0] as HTMLElement).queryByRole("button", { name: "Remove" })).toBeNull();
  });

  it("says each unit's race control: Mode (Test, Timing with passings) and Programs; a dash without it or unreachable", async () => {
    localStorage.setItem(
      FLEET_KEY,
      JSON.stringify(["http://10.0.0.2", "http://10.0.0.3", "http://10.0.0.9"]),
    );
    stubUnits();
    renderPage();
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers.slice(0, 6)).toEqual(["Name", "Source", "Reader", "State", "Mode", "Programs"]);
    const cells = (name: string) => {
      const r = rowOf(name);
      // The count, without the ports' line under it (asserted on its own).
      const text = (col: string) => r.querySelector(`[data-col="${col}"]`)?.firstChild?.textContent;
      return [text("timing"), text("programs")];
    };
    await waitFor(() => expect(cells("FINISH")).toEqual(["Timing · 1,234 passings", "2"]));
    expect(within(rowOf("FINISH")).getByText("1 filtered · 1 raw")).toBeVisible();
    await waitFor(() => expect(cells("START")).toEqual(["Test", "0"]));
    await waitFor(() => expect(rowOf("SPLIT")).toHaveAttribute("data-state", "online"));
    expect(cells("SPLIT")).toEqual(["—", "—"]);
    await waitFor(() => expect(rowOf("http://10.0.0.9")).toHaveAttribute("data-state", "offline"));
    expect(cells("http://10.0.0.9")).toEqual(["—", "—"]);
  });

  it("refuses a duplicate under the input; Remove takes a unit off the list", async () => {
    stubUnits();
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Unit address"), "10.0.0.2/");
    await user.click(screen.getByRole("button", { name: "Add unit" }));
    expect(screen.getByLabelText("Unit address")).toHaveAccessibleDescription(
      "http://10.0.0.2 is already in the list",
    );
    expect(screen.getAllByTestId("fleet-row")).toHaveLength(3);
    await user.click(within(rowOf("http://10.0.0.9")).getByRole("button", { name: "Remove" }));
    expect(screen.getAllByTestId("fleet-row")).toHaveLength(2);
    expect(localStorage.getItem(FLEET_KEY)).toBe('["http://10.0.0.2"]');
  });

  it("Open points the console at that unit and goes to /telemetry", async () => {
    stubUnits();
    renderPage();
    await waitFor(() => expect(rowOf("FINISH")).toHaveAttribute("data-state", "online"));
    await userEvent.setup().click(within(rowOf("FINISH")).getByRole("button", { name: "Open" }));
    expect(await screen.findByText("Telemetry page")).toBeVisible();
    expect(useDeviceSettings.getState().rootAPI).toBe("http://10.0.0.2");
  });
});

describe("the unit the console talks to", () => {
  it("acknowledging its alarm on the panel changes its row's Ready column at once, not at the next tick", () => {
    vi.useFakeTimers();
    stubUnits();
    selectUnit("");
    localStorage.setItem(FLEET_KEY, "[]");
    resetAllStores();
    const here = thisUnit();
    const answer: FleetAnswer = {
      name: "START",
      mode: "hf",
      data: { battery: { state: "CHARGING", percentage: 0.9 } },
      errors: {},
      at: Date.now(),
    };
    const client = new QueryClient();
    client.setQueryData(fleetKeys.poll(here), answer);
    client.setQueryData(fleetKeys.clock(here), {
      offsetMs: 3,
      errorBoundMs: 2,
      bestRttMs: 3,
      meanRttMs: 4,
      delayMs: 2,
    });
    useFleetHistory.getState().record(here, answer);
    const hot = "Hot: cpu (71.0 °C)";
    useAlarms.setState({
      list: [{ id: "hot", text: hot, since: Date.now(), acknowledged: false, active: true }],
    });
    renderPage(client);
    const ready = () => rowOf("START").querySelector('[data-col="ready"]');
    expect(ready()).toHaveTextContent(/^Not ready: .*Alarms$/);
    act(() => useAlarms.getState().acknowledge("hot"));
    expect(ready()).not.toHaveTextContent("Alarms");
  });
});

describe("polling", () => {
  afterEach(() => {
    focusManager.setFocused(undefined);
    vi.useRealTimers();
  });

  it("polls every 15 s, not while the tab is hidden, and again when it is shown", async () => {
    vi.useFakeTimers();
    const log = stubUnits();
    const client = new QueryClient();
    client.mount();
    const observer = new QueryObserver(client, fleetQuery(client, "http://10.0.0.2"));
    const off = observer.subscribe(() => {});
    const probes = () => log.filter((p) => p.endsWith("/deviceName")).length;
    await vi.advanceTimersByTimeAsync(100);
    expect(probes()).toBe(1);
    await vi.advanceTimersByTimeAsync(FLEET_POLL_MS);
    expect(probes()).toBe(2);
    focusManager.setFocused(false);
    await vi.advanceTimersByTimeAsync(4 * FLEET_POLL_MS);
    expect(probes()).toBe(2);
    focusManager.setFocused(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(probes()).toBe(3);
    off();
    client.unmount();
  });
});
