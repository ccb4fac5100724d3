// The fleet page as a user meets it: This unit first, rows filled, a refused address, Remove, Open, the columns chosen
// (kept) and a row's details, an acknowledgement shown at once, the event's clocks (polled and broker units) and the
// summary's readiness; polling pauses while the tab is hidden.
import { focusManager, QueryClient, QueryClientProvider, QueryObserver } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { BrokerMessage } from "../api/mqtt.ts";
import { useAlarms } from "../shared/alarms/alarmStore.ts";
import { resetAllStores } from "../shared/store/lazyStore.ts";
import { useDeviceSettings } from "../shared/unit/deviceSettings.ts";
import { answerEvents, type UnitAnswer } from "../shared/unit/recordEvents.ts";
import { unfollowReports, useUnitRecords } from "../shared/unit/records.ts";
import { selectUnit } from "../shared/unit/unit.ts";
import { COLUMNS_KEY } from "./columns.ts";
import FleetPage from "./FleetPage.tsx";
import { FLEET_POLL_MS, fleetKeys, fleetQuery } from "./poll.ts";
import { FLEET_KEY, thisUnit } from "./units.ts";

/** A broker's connection, in place of the MQTT client: the test sends the messages a unit would publish. */
const broker: { message?: (m: BrokerMessage) => void } = {};
vi.mock("../api/mqtt.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../api/mqtt.ts")>()),
  connectBroker: vi.fn(async (_login, onMessage, onState) => {
    broker.message = onMessage;
    onState("connected");
    return { close: () => {} };
  }),
}));

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
/** The column headers shown (a column not chosen is hidden, its header too). */
const headers = () => screen.getAllByRole("columnheader").map((h) => h.textContent);
/** The default columns: what decides, and the actions. */
const DEFAULT_HEADERS = ["Name", "State", "Mode", "Ready", "Alarms", "Actions"];

/** Ticks the figures `labels` under Columns, as an operator does. */
async function chooseColumns(user: ReturnType<typeof userEvent.setup>, labels: readonly string[]) {
  const button = screen.getByRole("button", { name: "Columns" });
  if (button.getAttribute("aria-expanded") !== "true") await user.click(button);
  const box = within(screen.getByRole("group", { name: "Figures shown as columns" }));
  for (const label of labels) await user.click(box.getByRole("checkbox", { name: label }));
}

/** A row's details as shown: each figure's label and its text (a list: its items). */
function detailsOf(name: string): Record<string, string | string[]> {
  const details = rowOf(name).nextElementSibling as HTMLElement;
  expect(details).toHaveAttribute("data-testid", "fleet-details");
  return Object.fromEntries(
    [...details.querySelectorAll("dl > div")].map((d) => {
      const items = [...d.querySelectorAll("dd li")].map((li) => li.textContent ?? "");
      return [d.querySelector("dt")?.textContent, items.length ? items : d.querySelector("dd")?.textContent];
    }),
  );
}

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
  unfollowReports();
  resetAllStores();
});

describe("FleetPage", () => {
  it("lists This unit first, fills the rows, and marks the dead unit Offline", async () => {
    stubUnits();
    renderPage();
    await chooseColumns(userEvent.setup(), ["Battery", "Passings seen", "Antennas", "Firmware"]);
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
    expect(headers()).toEqual(DEFAULT_HEADERS);
    await chooseColumns(userEvent.setup(), ["Programs"]);
    expect(headers()).toEqual(["Name", "State", "Mode", "Ready", "Alarms", "Programs", "Actions"]);
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

describe("columns and details", () => {
  it("a figure chosen under Columns shows as a column, its header and cells; the choice is kept across a new page", async () => {
    stubUnits();
    renderPage();
    const user = userEvent.setup();
    // By default: what decides; the other figures' cells are in the row, hidden.
    expect(headers()).toEqual(DEFAULT_HEADERS);
    await waitFor(() => expect(rowOf("FINISH")).toHaveAttribute("data-state", "online"));
    await waitFor(() => expect(within(rowOf("FINISH")).getByText("50 %")).not.toBeVisible());
    const columns = screen.getByRole("button", { name: "Columns" });
    expect(columns).toHaveAttribute("aria-expanded", "false");
    expect(document.getElementById(columns.getAttribute("aria-controls") ?? "")).not.toBeVisible();

    await chooseColumns(user, ["Firmware", "Battery"]);
    expect(columns).toHaveAttribute("aria-expanded", "true");
    // In the table's order, whatever order they were ticked in, before the actions.
    expect(headers()).toEqual(["Name", "State", "Mode", "Ready", "Alarms", "Battery", "Firmware", "Actions"]);
    expect(within(rowOf("FINISH")).getByText("50 %")).toBeVisible();
    expect(within(rowOf("FINISH")).getByText("1.4.2")).toBeVisible();
    expect(within(rowOf("FINISH")).getByText("321")).not.toBeVisible();
    expect(localStorage.getItem(COLUMNS_KEY)).toBe('["battery","firmware"]');

    // A new page (the stores read again from storage): the same columns.
    cleanup();
    resetAllStores();
    renderPage();
    expect(headers()).toEqual(["Name", "State", "Mode", "Ready", "Alarms", "Battery", "Firmware", "Actions"]);
    await waitFor(() => expect(within(rowOf("FINISH")).getByText("50 %")).toBeVisible());
    await chooseColumns(user, ["Battery"]);
    expect(headers()).toEqual(["Name", "State", "Mode", "Ready", "Alarms", "Firmware", "Actions"]);
    expect(within(rowOf("FINISH")).getByText("50 %")).not.toBeVisible();
    expect(localStorage.getItem(COLUMNS_KEY)).toBe('["firmware"]');
  });

  it("a row's details list every figure of its unit; a second click closes them", async () => {
    stubUnits();
    renderPage();
    const user = userEvent.setup();
    await waitFor(() => expect(rowOf("FINISH")).toHaveAttribute("data-state", "online"));
    await waitFor(() => expect(within(rowOf("FINISH")).getByText("1.4.2")).toBeInTheDocument());
    const toggle = within(rowOf("FINISH")).getByRole("button", { name: "Details" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByTestId("fleet-details")).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveAttribute("aria-controls", "details-http://10.0.0.2");
    expect(document.getElementById("details-http://10.0.0.2")).toBeVisible();
    // It spans the columns shown: the six always there.
    expect(screen.getByTestId("fleet-details").querySelector("td")).toHaveAttribute("colspan", "6");
    const finish = detailsOf("FINISH");
    expect(finish).toEqual({
      State: expect.stringMatching(/^Online, last answer \d/),
      Source: "Polled",
      Reader: "uhf",
      Mode: "Timing · 1,234 passings",
      Programs: "2 (1 filtered · 1 raw)",
      Battery: "50 %",
      "Passings seen": "321",
      "Reads / min": "—",
      Antennas: "1 / 1",
      "Clock offset": expect.stringMatching(/^(—|[+−]?\d+ ms ± \d+ ms)$/),
      Firmware: "1.4.2",
      Alarms: "None",
      // As the row's own Ready cell says it (the clock's item goes once its sync is in).
      Ready: rowOf("FINISH").querySelector('[data-col="ready"]')?.textContent,
    });
    expect(finish.Ready).toMatch(/^Not ready: Antennas, (Device clock, )?Battery, Storage$/);

    // The dead unit's: Offline, why its last request failed, its one alarm.
    await waitFor(() => expect(rowOf("http://10.0.0.9")).toHaveAttribute("data-state", "offline"));
    await user.click(within(rowOf("http://10.0.0.9")).getByRole("button", { name: "Details" }));
    expect(detailsOf("http://10.0.0.9")).toMatchObject({
      State: "Offline, never answered",
      "Last request": expect.stringMatching(/./),
      Battery: "—",
      Alarms: ["Unit offline"],
      Ready: "Not ready: Unit offline",
    });
    expect(screen.getAllByTestId("fleet-details")).toHaveLength(2);

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).not.toHaveAttribute("aria-controls");
    expect(rowOf("FINISH").nextElementSibling).not.toHaveAttribute("data-testid", "fleet-details");
    expect(screen.getAllByTestId("fleet-details")).toHaveLength(1);
  });
});

describe("the unit the console talks to", () => {
  it("acknowledging its alarm on the panel changes its row's Ready column at once, not at the next tick", () => {
    vi.useFakeTimers();
    stubUnits();
    selectUnit("");
    localStorage.setItem(FLEET_KEY, "[]");
    // The clock offset chosen as a column (on an earlier visit).
    localStorage.setItem(COLUMNS_KEY, '["clock"]');
    resetAllStores();
    const here = thisUnit();
    const answer: UnitAnswer = {
      name: "START",
      mode: "hf",
      data: { battery: { state: "CHARGING", percentage: 0.9 } },
      errors: {},
      at: Date.now(),
    };
    const client = new QueryClient();
    client.setQueryData(fleetKeys.poll(here), answer);
    // What the poll's and the sync's answers fold into the unit's record.
    useUnitRecords
      .getState()
      .fold(here, [
        ...answerEvents(answer),
        { kind: "clock", offsetMs: 3, errorBoundMs: 2, oneWay: false, at: Date.now() },
      ]);
    const hot = "Hot: cpu (71.0 °C)";
    useAlarms.setState({
      list: [{ id: "hot", text: hot, since: Date.now(), acknowledged: false, active: true }],
    });
    renderPage(client);
    const ready = () => rowOf("START").querySelector('[data-col="ready"]');
    expect(rowOf("START")).toHaveAttribute("data-state", "online");
    expect(within(rowOf("START")).getByText("+3 ms ± 2 ms")).toBeVisible();
    expect(ready()).toHaveTextContent(/^Not ready: .*Alarms$/);
    // Its row lists the panel's alarms, as the panel does.
    expect(within(rowOf("START")).getByText(hot)).toBeVisible();
    act(() => useAlarms.getState().acknowledge("hot"));
    expect(ready()).not.toHaveTextContent("Alarms");
    expect(within(rowOf("START")).getByText(`${hot} (acknowledged)`)).toBeVisible();
  });
});

describe("the event's clocks", () => {
  it("the line under the summary: how far apart the units' clocks are, each unit's offset; apart, the summary says Not ready", async () => {
    localStorage.setItem(FLEET_KEY, JSON.stringify(["http://10.0.0.2", "http://10.0.0.3"]));
    localStorage.setItem("fleetBrokers", JSON.stringify([{ url: "ws://10.0.0.5:9001", username: "" }]));
    resetAllStores();
    stubUnits();
    renderPage();
    const here = thisUnit();
    const units = [here, "http://10.0.0.2", "http://10.0.0.3"];
    // Each polled unit's first sync (the stub answers at once: its own figures, replaced below by known ones).
    await waitFor(() => {
      for (const u of units) expect(useUnitRecords.getState().records[u]?.clock).not.toBeNull();
    });
    // A unit on the broker: online, named by its identity, its clock one way from a live time/sources (+40 ms).
    await waitFor(() => expect(broker.message).toBeDefined());
    const at = Date.now();
    const publish = (topic: string, payload: unknown) =>
      broker.message?.({ topic: `trc/m7/${topic}`, payload: JSON.stringify(payload), retained: false, at });
    act(() => {
      broker.message?.({ topic: "trc/m7/status", payload: "online", retained: true, at });
      publish("identity", { deviceName: "MARATHON-7", mode: "uhf", address: null });
      publish("telemetry/time/sources", {
        sources: [{ name: "rtc", time: at + 40, accuracy: 5 }],
        utc_offset: 0,
      });
    });
    await waitFor(() => expect(rowOf("MARATHON-7")).toHaveAttribute("data-state", "online"));
    const clockEvent = (offsetMs: number, errorBoundMs: number) =>
      ({ kind: "clock", offsetMs, errorBoundMs, oneWay: false, at: Date.now() }) as const;
    act(() => {
      const { fold } = useUnitRecords.getState();
      fold(here, [clockEvent(-60, 2)]);
      fold("http://10.0.0.2", [clockEvent(70, 3)]);
      fold("http://10.0.0.3", [{ kind: "clock-failed", at: Date.now() }]);
    });

    // 130 ms between START and FINISH: each unit alone is within its 1 s alarm, the fleet is not ready.
    const summary = screen.getByTestId("fleet-summary");
    const line = screen.getByTestId("fleet-clocks");
    expect(line).toHaveTextContent(/^Clocks disagree: 130 ms between START and FINISH$/);
    expect(summary).toHaveTextContent(
      /^4 units: 4 online, 0 offline, 0 with alarms · Not ready: clocks disagree$/,
    );
    expect(summary).toHaveClass("fleet-alarm");
    expect(summary).toHaveAttribute("role", "status");
    // Each unit's offset, behind a disclosure: earliest first, with its bound and how it was measured.
    const offsets = screen.getByTestId("fleet-clock-offsets");
    expect(offsets).not.toBeVisible();
    await userEvent.setup().click(screen.getByText("Each unit's clock offset"));
    expect(offsets).toBeVisible();
    expect(
      within(offsets)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "START −60 ms ± 2 ms (sync)",
      "MARATHON-7 +40 ms (one way)",
      "FINISH +70 ms ± 3 ms (sync)",
      "SPLIT: not compared (clock sync failed)",
    ]);

    // FINISH synced again at +30 ms: 100 ms apart, within the limit; the summary's own words again, and its colour.
    act(() => useUnitRecords.getState().fold("http://10.0.0.2", [clockEvent(30, 3)]));
    expect(line).toHaveTextContent(/^Clocks within 100 ms$/);
    expect(summary).toHaveTextContent(/^4 units: 4 online, 0 offline, 0 with alarms$/);
    expect(summary).toHaveClass("fleet-ok");
  });

  it("no line with one unit: nothing to compare it with", async () => {
    localStorage.setItem(FLEET_KEY, "[]");
    resetAllStores();
    stubUnits();
    renderPage();
    await waitFor(() => expect(rowOf("START")).toHaveAttribute("data-state", "online"));
    expect(screen.queryByTestId("fleet-clocks")).toBeNull();
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
