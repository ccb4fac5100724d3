// The Timing page as an operator sees it, on a fake clock against a scripted unit: the mode and its buttons, Start
// timing's answer, Stop timing asked first (No sends nothing), the marker's time to the millisecond in the unit's local
// time, the programs' "last passing sent N s ago", a replay's progress until it finished, the unit's refusals, and a
// unit without the dataset.
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TimingTelemetry } from "@trc/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../test-utils.tsx";
import { preciseNow } from "../api/preciseNow.ts";
import { useAuth } from "../shared/authStore.ts";
import { useTimingIntent } from "../shared/timing.ts";
import { selectUnit } from "../shared/unit.ts";
import TimingPage, { STOP_QUESTION } from "./TimingPage.tsx";

const UNIT = "http://10.7.0.1";
/** 09:00 on 17 May 2026 at the unit, two hours east of UTC. */
const T0 = Date.UTC(2026, 4, 17, 7, 0, 0);

const TEST_MODE: TimingTelemetry = {
  mode: "test",
  session: null,
  programs: [],
  replay: null,
  sessions: [
    { file: "timing_0001.csv", passings: 0, first: null, last: null },
    { file: "timing_0002.csv", passings: 5000, first: T0, last: T0 + 3_600_000 + 824 },
  ],
};

const TIMING: TimingTelemetry = {
  ...TEST_MODE,
  mode: "timing",
  session: { file: "timing_0004.csv", startedAt: T0, passings: 1234 },
};

/** The scripted unit: its timing dataset (null: 404), its answer to each command, the commands it received. */
const unit = {
  timing: TEST_MODE as TimingTelemetry | null,
  timingStatus: 200,
  answers: {} as Record<string, { status: number; body: unknown }>,
  received: [] as { cmd: string; args: string[] }[],
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  selectUnit(UNIT);
  useAuth.getState().useNone();
  Object.assign(unit, { timing: TEST_MODE, timingStatus: 200, answers: {}, received: [] });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url)).pathname;
      if (path === "/api/telemetry/timing") {
        if (unit.timingStatus !== 200)
          return json({ error: "The reader task is not answering" }, unit.timingStatus);
        return unit.timing ? json(unit.timing) : json({ error: "Not found" }, 404);
      }
      if (path === "/api/telemetry/time/sources") {
        return json({ sources: [{ name: "rtc", accuracy: 500, time: Date.now() }], utc_offset: 7200 });
      }
      if (path === "/api/commands/execute") {
        const packet = JSON.parse(String(init?.body));
        unit.received.push(packet);
        const answer = unit.answers[packet.cmd] ?? { status: 200, body: { cmd: packet.cmd, result: "ok" } };
        return json(answer.body, answer.status);
      }
      return json({ error: "Not found" }, 404);
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  selectUnit("");
});

/** Moves the fake clock on, letting React and the answers it releases settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/**
 * Lets the answers under way come in and show: a few 1 ms steps (the fake clock puts a 0 ms timer set while it runs
 * timers, such as the query's notification of a new answer, 1 ms on).
 */
const settle = async () => {
  for (let i = 0; i < 5; i++) await advance(1);
};
/** The page reads the dataset again (every second): the clock moves past it and its answer is taken in. */
const readAgain = async () => {
  await advance(1_000);
  await settle();
};
const button = (name: string) => screen.getByRole("button", { name });
const cmds = () => unit.received.map((p) => p.cmd);

/** Opens the page and lets its first reads (the dataset, the unit's utc_offset) come in. */
async function open() {
  renderPage("/timing", <TimingPage />);
  await settle();
}

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
    unit.answers.TIMING_START = {
      status: 200,
      body: {
        cmd: "TIMING_START",
        result: "Timing started: passings go to timing_0004.csv",
        file: "timing_0004.csv",
      },
    };
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
    unit.answers.TIMING_STOP = {
      status: 200,
      body: { cmd: "TIMING_STOP", result: "Timing stopped: 1,234 passings in timing_0004.csv" },
    };
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
    unit.answers.MARKER = {
      status: 200,
      body: {
        cmd: "MARKER",
        result: "Marker at ...",
        file: "timing_0004.csv",
        n: 1235,
        time: "2026-05-17T07:00:03.824Z",
      },
    };
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
    unit.answers.MARKER = {
      status: 400,
      body: { error: "MARKER: the unit is in test mode; start timing first (TIMING_START)" },
    };
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

describe("Replay", () => {
  it("a session: REPLAY_SELECTED with its file, then 'Sent again N of M' until the unit says none is under way", async () => {
    unit.answers.REPLAY_SELECTED = {
      status: 200,
      body: {
        result: "Replaying 5000 passings from timing_0002.csv to 1 program on the filtered port",
        passings: 5000,
        programs: 1,
      },
    };
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
    unit.answers.REPLAY_WINDOW = { status: 400, body: { error: "from is after to" } };
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
    unit.answers.TIMING_START = {
      status: 401,
      body: { error: "TIMING_START needs level 5 (Limited); this request has level 0 (None)" },
    };
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
