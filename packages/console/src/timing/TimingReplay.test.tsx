// The Timing page's replays (a session, then "Sent again N of M" until done; a window as typed) and its errors (the
// unit's reasons, a unit without a sessions list, a unit without race control), against the scripted unit of
// test/timingUnit.fakes.tsx on a fake clock.
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  advance,
  answer,
  button,
  open,
  readAgain,
  scriptTimingUnit,
  TEST_MODE,
  unit,
} from "../../test/timingUnit.fakes.tsx";

scriptTimingUnit();

describe("Replay", () => {
  it("a session: REPLAY_SELECTED with its file, then 'Sent again N of M' until the unit says none is under way", async () => {
    answer("REPLAY_SELECTED", 200, {
      result: "Replaying 5000 passings from timing_0002.csv to 1 program on the filtered port",
      passings: 5000,
      programs: 1,
    });
    await open();
    fireEvent.click(button("Replay timing_0002.csv"));
    unit.timing = { ...TEST_MODE, replay: { total: 5000, sent: 1234 } };
    await advance(0);
    await advance(0);
    expect(unit.received).toEqual([{ cmd: "REPLAY_SELECTED", args: ["timing_0002.csv"] }]);
    expect(
      screen.getByText("Replaying 5000 passings from timing_0002.csv to 1 program on the filtered port"),
    ).toBeVisible();
    // Shown where it was asked: under the sessions.
    expect(
      within(screen.getByRole("region", { name: "Sessions" })).getByText("Sent again 1,234 of 5,000"),
    ).toBeVisible();
    expect(screen.queryByText(/Replay finished/)).toBeNull();
    unit.timing = { ...TEST_MODE, replay: { total: 5000, sent: 4999 } };
    await readAgain();
    expect(screen.getByText("Sent again 4,999 of 5,000")).toBeVisible();
    unit.timing = TEST_MODE;
    await readAgain();
    expect(screen.queryByText(/Sent again \d/)).toBeNull();
    expect(screen.getByText("Replay finished: 5,000 passings sent again")).toBeVisible();
  });

  it("a window: REPLAY_WINDOW with from and to as typed; a refusal shows the unit's reason", async () => {
    answer("REPLAY_WINDOW", 400, { error: "from is after to" });
    await open();
    fireEvent.change(screen.getByLabelText("From"), { target: { value: " 17-05-2026 10:00:00 " } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "17-05-2026 09:00:00" } });
    fireEvent.click(button("Replay window"));
    await advance(0);
    expect(unit.received).toEqual([
      { cmd: "REPLAY_WINDOW", args: ["17-05-2026 10:00:00", "17-05-2026 09:00:00"] },
    ]);
    expect(screen.getByRole("alert")).toHaveTextContent("Replay failed: HTTP 400: from is after to");
  });
});

describe("errors and a unit without race control", () => {
  it("a failed read of the dataset and a refused Start timing are shown with the unit's reason", async () => {
    answer("TIMING_START", 401, {
      error: "TIMING_START needs level 5 (Limited); this request has level 0 (None)",
    });
    await open();
    fireEvent.click(button("Start timing"));
    await advance(0);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Start timing failed: HTTP 401: TIMING_START needs level 5 (Limited); this request has level 0 (None)",
    );
    unit.timingStatus = 500;
    await readAgain();
    expect(screen.getByText(/^Could not read the unit's timing:/)).toHaveTextContent(
      "Could not read the unit's timing: HTTP 500: The reader task is not answering",
    );
  });

  it("a unit whose dataset has no sessions list: says so; a window can still be replayed", async () => {
    const { sessions: _, ...withoutSessions } = TEST_MODE;
    unit.timing = withoutSessions;
    await open();
    expect(
      within(screen.getByRole("region", { name: "Sessions" })).getByText(
        "This unit does not list its sessions.",
      ),
    ).toBeVisible();
    expect(button("Replay window")).toBeEnabled();
  });

  it("a unit without the dataset: the page says so plainly and shows no button", async () => {
    unit.timing = null;
    await open();
    expect(
      screen.getByText("This unit has no race control: no test or timing mode, no timing port."),
    ).toBeVisible();
    expect(screen.queryAllByRole("button")).toEqual([]);
  });
});
