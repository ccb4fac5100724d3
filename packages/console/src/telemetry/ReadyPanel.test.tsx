// The Ready panel as a user meets it: the verdict, each item's label, value and reason, and its link to where it is
// fixed (a card on this page scrolled to and focused without a history entry, or a page navigated to); the Timing
// program item on a unit with race control, and marking it not needed for this unit (kept, undone by unticking).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { timingKey } from "../shared/race/timing.ts";
import { collectHistory } from "../shared/readings/telemetryCollect.ts";
import { telemetryKey } from "../shared/readings/telemetryQueries.ts";
import type { ReadyCheck, ReadyReadings } from "../shared/ready/readyRules.ts";
import { useReadySettings } from "../shared/ready/readySettings.ts";
import { apiBase, useDeviceSettings } from "../shared/unit/deviceSettings.ts";
import { selectUnit } from "../shared/unit/unit.ts";

// The check the panel shows: the real rules on readings the test chooses (the panel's own hooks read nothing).
const shown = vi.hoisted(() => ({ check: null as ReadyCheck | null }));
vi.mock("../shared/ready/readyRules.ts", async (importOriginal) => {
  const rules = await importOriginal<typeof import("../shared/ready/readyRules.ts")>();
  return { ...rules, readyCheck: (r: ReadyReadings) => shown.check ?? rules.readyCheck(r) };
});
const { readyCheck } = await vi.importActual<typeof import("../shared/ready/readyRules.ts")>(
  "../shared/ready/readyRules.ts",
);
const { default: ReadyPanel } = await import("./ReadyPanel.tsx");

const NOW = Date.now();

/** A uhf unit whose one antenna reads and clock is right, with no battery reading yet and its storage 90 % used. */
const READINGS: ReadyReadings = {
  now: NOW,
  mode: "uhf",
  channels: [{ id: 0, ant: true, loss: -20 }],
  channelReads: {
    0: [
      { t: NOW - 60_000, v: 1 },
      { t: NOW - 1_000, v: 5 },
    ],
  },
  clock: { offsetMs: 12, at: NOW },
  battery: null,
  raceHours: 2,
  storage: { used: 900, total: 1000 },
  backlog: { left: 0, trend: "steady" },
  alarms: [],
};

function show() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReadyPanel />
      <section id="card-battery" aria-label="Battery">
        Battery card
      </section>
    </QueryClientProvider>,
  );
  return screen.getByRole("region", { name: "Ready check" });
}

const item = (panel: HTMLElement, label: string) =>
  within(panel)
    .getAllByRole("listitem")
    .find((li) => within(li).queryByText(label, { exact: true })) as HTMLElement;

beforeEach(() => {
  // The unit never answers: only the chosen check is shown.
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise(() => {})),
  );
  window.history.replaceState(null, "", "/telemetry");
  shown.check = readyCheck(READINGS);
});
afterEach(() => {
  vi.unstubAllGlobals();
  shown.check = null;
});

describe("ReadyPanel", () => {
  it("shows the verdict and every item with its value; a failing one says why, one without a reading says so", () => {
    const panel = show();
    expect(within(panel).getByRole("heading", { level: 2 })).toHaveTextContent("Ready check: Not ready");
    expect(
      within(panel)
        .getAllByRole("listitem")
        .map((li) => within(li).getByRole("strong").textContent),
    ).toEqual(["Antennas", "Device clock", "Battery", "Storage", "Backlog", "Alarms"]);
    expect(item(panel, "Antennas")).toHaveTextContent("1 antenna read within 10 min");
    expect(item(panel, "Device clock")).toHaveTextContent("+12 ms");
    expect(within(item(panel, "Battery")).getByText("No battery reading yet")).toBeVisible();
    expect(within(item(panel, "Storage")).getByText("90 % used")).toBeVisible();
    expect(within(item(panel, "Storage")).getByText("90 % used (80 % or more)")).toBeVisible();
    expect(item(panel, "Backlog")).toHaveTextContent("Empty");
    expect(item(panel, "Alarms")).toHaveTextContent("None unacknowledged");
    // Only the failing items give a reason.
    expect(within(item(panel, "Alarms")).queryByText(/unacknowledged:/)).toBeNull();
  });

  it("Ready when every item holds", () => {
    shown.check = readyCheck({
      ...READINGS,
      battery: { state: "CHARGING" },
      storage: { used: 1, total: 10 },
    });
    const panel = show();
    expect(within(panel).getByRole("heading", { level: 2 })).toHaveTextContent("Ready check: Ready");
  });

  it("a link to a card scrolls to it and focuses it, without a history entry", async () => {
    const panel = show();
    const before = window.history.length;
    const card = document.getElementById("card-battery") as HTMLElement;
    const scrolled = vi.fn();
    card.scrollIntoView = scrolled;
    await userEvent.click(within(panel).getByRole("link", { name: "Battery card (Battery)" }));
    expect(card).toHaveFocus();
    expect(scrolled).toHaveBeenCalledWith({ block: "start" });
    expect(window.location.pathname).toBe("/telemetry");
    expect(window.location.hash).toBe("");
    expect(window.history.length).toBe(before);
  });

  it("a link to a page goes there", async () => {
    const panel = show();
    const link = within(panel).getByRole("link", { name: "Free up storage (Storage)" });
    expect(link).toHaveTextContent("Free up storage");
    await userEvent.click(link);
    expect(window.location.pathname).toBe("/files");
  });

  it("a failed reading of uhf/ports keeps the antennas of the last answer (not 'No antenna reading yet')", async () => {
    shown.check = null;
    useDeviceSettings.setState({ deviceMode: "uhf" });
    const client = new QueryClient();
    const key = telemetryKey(apiBase(), "uhf/ports");
    client.setQueryData(key, { data: { channels: [{ id: 0, ant: true, loss: -20 }] }, issues: [] });
    client
      .getQueryCache()
      .find({ queryKey: key })
      ?.setState({ status: "error", error: new Error("timed out") });
    render(
      <QueryClientProvider client={client}>
        <ReadyPanel />
      </QueryClientProvider>,
    );
    const antennas = item(screen.getByRole("region", { name: "Ready check" }), "Antennas");
    expect(antennas).toHaveTextContent("1 antenna");
    expect(antennas).not.toHaveTextContent("No antenna reading yet");
    useDeviceSettings.setState({ deviceMode: null });
  });

  it("counts only the chosen unit's reads: unit A's answered after the switch are not unit B's", () => {
    shown.check = null;
    selectUnit("http://10.0.0.1");
    selectUnit("http://10.0.0.2");
    // A's reads answered after the switch (two requests under way when it came): its seen grew.
    collectHistory("passings", { seen: 1, left: 0 }, Date.now() - 2_000, "http://10.0.0.1");
    collectHistory("passings", { seen: 5, left: 0 }, Date.now() - 1_000, "http://10.0.0.1");
    useDeviceSettings.setState({ deviceMode: "hf" });
    const panel = show();
    expect(item(panel, "Antennas")).toHaveTextContent("Reader: no read seen yet");
    expect(item(panel, "Antennas")).not.toHaveTextContent("Read within 10 min");
    selectUnit("");
    useDeviceSettings.setState({ deviceMode: null });
  });

  describe("Timing program", () => {
    const TEST_MODE = { mode: "test", session: null, programs: [], replay: null };

    /** The panel over the real check, the unit's timing answer (null: a unit without race control) in the cache. */
    function showTiming(timing: unknown) {
      shown.check = null;
      const client = new QueryClient();
      client.setQueryData(timingKey(apiBase()), timing);
      render(
        <QueryClientProvider client={client}>
          <ReadyPanel />
        </QueryClientProvider>,
      );
      return screen.getByRole("region", { name: "Ready check" });
    }
    afterEach(() => {
      localStorage.clear();
      useReadySettings.setState({ timingNotNeeded: [] });
    });

    it("in test mode: Test mode, why, and a link to Start timing on the Timing page; before Alarms", async () => {
      const panel = showTiming(TEST_MODE);
      expect(
        within(panel)
          .getAllByRole("listitem")
          .map((li) => within(li).getByRole("strong").textContent),
      ).toEqual(["Antennas", "Device clock", "Battery", "Storage", "Backlog", "Timing program", "Alarms"]);
      const timing = item(panel, "Timing program");
      expect(within(timing).getByTestId("ready-value")).toHaveTextContent("Test mode");
      expect(within(timing).getByTestId("ready-reason")).toHaveTextContent(
        "Test mode: passings are not stored or sent",
      );
      await userEvent.click(within(timing).getByRole("link", { name: "Start timing (Timing program)" }));
      expect(window.location.pathname).toBe("/timing");
    });

    it("marked not needed for this unit: holds, says so, is kept for this unit; unticked, it checks again", async () => {
      const panel = showTiming(TEST_MODE);
      const box = within(panel).getByRole("checkbox", { name: "Timing program not needed for this unit" });
      expect(box).not.toBeChecked();
      await userEvent.click(box);
      const timing = item(panel, "Timing program");
      expect(within(timing).getByTestId("ready-value")).toHaveTextContent("Not needed for this unit");
      expect(timing).toHaveAttribute("data-ok", "true");
      expect(within(timing).queryByTestId("ready-reason")).toBeNull();
      expect(JSON.parse(localStorage.getItem("readyTimingNotNeeded") ?? "[]")).toEqual([apiBase()]);
      await userEvent.click(box);
      expect(within(timing).getByTestId("ready-value")).toHaveTextContent("Test mode");
      expect(localStorage.getItem("readyTimingNotNeeded")).toBe("[]");
    });

    it("a unit marked on an earlier visit (any spelling of its address) reads as marked", () => {
      localStorage.setItem("readyTimingNotNeeded", JSON.stringify([`${apiBase().toUpperCase()}/`, 7]));
      useReadySettings.persist.rehydrate();
      const panel = showTiming(TEST_MODE);
      expect(within(panel).getByRole("checkbox", { name: /not needed/ })).toBeChecked();
      expect(item(panel, "Timing program")).toHaveTextContent("Not needed for this unit");
    });

    it("kept per unit: another unit marked not needed leaves this one checked", () => {
      useReadySettings.getState().setTimingNeeded("http://10.0.0.77", false);
      const panel = showTiming(TEST_MODE);
      expect(within(panel).getByRole("checkbox", { name: /not needed/ })).not.toBeChecked();
      expect(within(item(panel, "Timing program")).getByTestId("ready-value")).toHaveTextContent("Test mode");
    });

    it("a unit without race control has no such item and no such choice", () => {
      const panel = showTiming(null);
      expect(within(panel).queryByText("Timing program", { exact: true })).toBeNull();
      expect(within(panel).queryByRole("checkbox")).toBeNull();
      expect(within(panel).getAllByRole("listitem")).toHaveLength(6);
    });
  });
});
