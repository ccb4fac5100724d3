// The Timing page's tests' scripted unit: its timing dataset (or a 404), its answer to each command, the commands it
// received; the page opened on a fake clock and moved on. Used by TimingPage.test.tsx and TimingReplay.test.tsx.
import { act, screen } from "@testing-library/react";
import type { TimingTelemetry } from "@trc/protocol";
import { afterEach, beforeEach, vi } from "vitest";
import { useAuth } from "../src/shared/access/authStore.ts";
import { selectUnit } from "../src/shared/unit/unit.ts";
import TimingPage from "../src/timing/TimingPage.tsx";
import { renderPage } from "../test-utils.tsx";

export const UNIT = "http://10.7.0.1";
/** 09:00 on 17 May 2026 at the unit, two hours east of UTC. */
export const T0 = Date.UTC(2026, 4, 17, 7, 0, 0);

export const TEST_MODE: TimingTelemetry = {
  mode: "test",
  session: null,
  programs: [],
  replay: null,
  sessions: [
    { file: "timing_0001.csv", passings: 0, first: null, last: null },
    { file: "timing_0002.csv", passings: 5000, first: T0, last: T0 + 3_600_000 + 824 },
  ],
};

export const TIMING: TimingTelemetry = {
  ...TEST_MODE,
  mode: "timing",
  session: { file: "timing_0004.csv", startedAt: T0, passings: 1234 },
};

/** The scripted unit: its timing dataset (null: 404), its answer to each command, the commands it received. */
export const unit = {
  timing: TEST_MODE as TimingTelemetry | null,
  timingStatus: 200,
  answers: {} as Record<string, { status: number; body: unknown }>,
  received: [] as { cmd: string; args: string[] }[],
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The scripted unit for every test of the file: a fake clock, the unit selected, fetch answered as `unit` says. */
export function scriptTimingUnit(): void {
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
}

/** Moves the fake clock on, letting React and the answers it releases settle. */
export const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/**
 * Lets the answers under way come in and show: a few 1 ms steps (the fake clock puts a 0 ms timer set while it runs
 * timers, such as the query's notification of a new answer, 1 ms on).
 */
export const settle = async () => {
  for (let i = 0; i < 5; i++) await advance(1);
};
/** The page reads the dataset again (every second): the clock moves past it and its answer is taken in. */
export const readAgain = async () => {
  await advance(1_000);
  await settle();
};
export const button = (name: string) => screen.getByRole("button", { name });
export const cmds = () => unit.received.map((p) => p.cmd);

/** Opens the page and lets its first reads (the dataset, the unit's utc_offset) come in. */
export async function open() {
  renderPage("/timing", <TimingPage />);
  await settle();
}

/** The unit answers `cmd` with `status` and `body`. */
export function answer(cmd: string, status: number, body: unknown): void {
  unit.answers[cmd] = { status, body };
}
