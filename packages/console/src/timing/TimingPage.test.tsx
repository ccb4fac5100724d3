// The Timing page as an operator sees it, on a fake clock against a scripted unit (test/timingUnit.fakes.tsx): the mode
// and its buttons, Start timing's answer, Stop timing asked first (No sends nothing), the marker's time to the
// millisecond in the unit's local time, the programs' "last passing sent N s ago". Replays and errors:
// TimingReplay.test.tsx.
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  advance,
  answer,
  button,
  cmds,
  open,
  scriptTimingUnit,
  settle,
  T0,
  TIMING,
  UNIT,
  unit,
} from "../../test/timingUnit.fakes.tsx";
import { preciseNow } from "../api/preciseNow.ts";
import { useTimingIntent } from "../shared/race/timing.ts";
import { STOP_QUESTION } from "./TimingPage.tsx";

scriptTimingUnit();

describe("the mode and its buttons", () => {
  it("test mode: says so; Start timing on, Stop and the gun off; the sessions with first/last in the unit's local time", async () => {
    await open();
    expect(screen.getByRole("heading", { level: 2, name: "Test mode" })).toBeVisible();
    expect(
      screen.getByText("The unit reads and shows reads, but stores and sends no passing."),
    ).toBeVisible();
    expect(button("Start timing")).toBeEnabled();
    expect(button("Stop timing")).toBeDisabled();
    expect(button("Marker / gun")).toBeDisabled();
    expect(screen.getByText("No timing program is connected.")).toBeVisible();
    const rows = within(screen.getByRole("region", { name: "Sessions" }))
      .getAllByRole("row")
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      );
    // Newest first.
    expect(rows).toEqual([
      ["timing_0002.csv", "5000", "17-05-2026 09:00:00", "17-05-2026 10:00:00", "Replay"],
      ["timing_0001.csv", "0", "—", "—", "Replay"],
    ]);
    expect(screen.getByText("Times are the unit's local time (UTC+02:00).")).toBeVisible();
  });

  it("Start timing sends TIMING_START and says which file; then the mode reads Timing · file · N passings", async () => {
    answer("TIMING_START", 200, {
      cmd: "TIMING_START",
      result: "Timing started: passings go to timing_0004.csv",
      file: "timing_0004.csv",
    });
    await open();
    fireEvent.click(button("Start timing"));
    unit.timing = TIMING;
    await advance(0);
    await advance(0);
    expect(unit.received).toEqual([{ cmd: "TIMING_START", args: [] }]);
    expect(screen.getByText("Timing started: passings go to timing_0004.csv")).toBeVisible();
    expect(
      screen.getByRole("heading", { level: 2, name: "Timing · timing_0004.csv · 1,234 passings" }),
    ).toBeVisible();
    expect(button("Start timing")).toBeDisabled();
    expect(button("Marker / gun")).toBeEnabled();
    expect(screen.getByText("timing_0002.csv")).toBeVisible();
  });
});

describe("Stop timing", () => {
  it("asks first; No sends nothing; Yes notes the stop as this console's, then sends TIMING_STOP", async () => {
    unit.timing = TIMING;
    answer("TIMING_STOP", 200, {
      cmd: "TIMING_STOP",
      result: "Timing stopped: 1,234 passings in timing_0004.csv",
    });
    await open();
    fireEvent.click(button("Stop timing"));
    const dialog = screen.getByRole("dialog", { name: STOP_QUESTION });
    expect(STOP_QUESTION).toBe("Stop timing? Passings will no longer be stored or sent.");
    fireEvent.click(within(dialog).getByRole("button", { name: "No" }));
    await advance(3_000);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(cmds()).toEqual([]);
    expect(useTimingIntent.getState().stopAsked).toEqual({});

    fireEvent.click(button("Stop timing"));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: STOP_QUESTION })).getByRole("button", { name: "Yes" }),
    );
    expect(Object.keys(useTimingIntent.getState().stopAsked)).toEqual([UNIT]);
    await advance(0);
    expect(cmds()).toEqual(["TIMING_STOP"]);
    expect(screen.getByText("Timing stopped: 1,234 passings in timing_0004.csv")).toBeVisible();
  });
});

describe("Marker / gun", () => {
  it("a real button the keyboard presses; shows the marker's time to the millisecond in the unit's local time", async () => {
    unit.timing = TIMING;
    answer("MARKER", 200, {
      cmd: "MARKER",
      result: "Marker at ...",
      file: "timing_0004.csv",
      n: 1235,
      time: "2026-05-17T07:00:03.824Z",
    });
    await open();
    const user = userEvent.setup({ delay: null });
    button("Marker / gun").focus();
    // user-event waits on a 0 ms timer after each action: the fake clock moves it on.
    const pressed = user.keyboard("{Enter}");
    await settle();
    await pressed;
    await settle();
    expect(unit.received).toEqual([{ cmd: "MARKER", args: [] }]);
    expect(
      screen.getByText("Marker at 17-05-2026 09:00:03.824 (UTC+02:00): passing 1235 of timing_0004.csv"),
    ).toBeVisible();
  });

  it("a refusal shows the unit's reason", async () => {
    unit.timing = TIMING;
    answer("MARKER", 400, { error: "MARKER: the unit is in test mode; start timing first (TIMING_START)" });
    await open();
    fireEvent.click(button("Marker / gun"));
    await advance(0);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Marker failed: HTTP 400: MARKER: the unit is in test mode; start timing first (TIMING_START)",
    );
  });
});

describe("programs connected", () => {
  it("port, address, since, passings sent and 'last passing sent N s ago' by the page's clock", async () => {
    const now = preciseNow();
    unit.timing = {
      ...TIMING,
      programs: [
        {
          port: "filtered",
          address: "127.0.0.1:51012",
          connectedAt: T0 + 1_000,
          sent: 1234,
          lastSentAt: now - 3_000,
        },
        { port: "raw", address: "127.0.0.1:51013", connectedAt: T0 + 2_000, sent: 0, lastSentAt: null },
      ],
    };
    await open();
    const cells = () =>
      within(screen.getByRole("region", { name: "Programs connected" }))
        .getAllByRole("row")
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole("cell")
            .map((c) => c.textContent),
        );
    expect(cells()).toEqual([
      ["filtered", "127.0.0.1:51012", "17-05-2026 09:00:01", "1,234 passings", "last passing sent 3 s ago"],
      ["raw", "127.0.0.1:51013", "17-05-2026 09:00:02", "0 reads", "no read sent yet"],
    ]);
    // No new read of the unit is needed for the age to move on (the dataset is the same).
    await advance(2_000);
    expect(cells()[0]?.[4]).toBe("last passing sent 5 s ago");
  });
});
