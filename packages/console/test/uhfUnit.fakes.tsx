// The UHF Antennas card's tests' scripted unit: its uhf/ports, uhf/config (or a 404), timing dataset (or a 404, or a
// failure), its answer to each command and the commands it received; the card opened on a fake clock and moved on.
// Used by src/telemetry/UhfCard.test.tsx and UhfControls.test.tsx.
import { act, screen, within } from "@testing-library/react";
import type { TimingTelemetry } from "@trc/protocol";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { useAuth } from "../src/shared/access/authStore.ts";
import { useUnitRecord, useUnitRecords } from "../src/shared/unit/records.ts";
import { selectUnit } from "../src/shared/unit/unit.ts";
import { UhfCard } from "../src/telemetry/UhfCard.tsx";
import { renderPage } from "../test-utils.tsx";

export const UNIT = "http://10.7.0.2";
export const T0 = Date.UTC(2026, 4, 17, 7, 0, 0);

type Json = Record<string, unknown>;

/** Four ports of a D13 unit: three reading well, the fourth without an antenna. */
export function d13Ports(): Json[] {
  const reading = (id: number) => ({
    id,
    ant: true,
    reads: 42,
    loss: 18,
    pwr: 30,
    state: "ok",
    rssi: -58.5,
    hits: 12,
    identifying: false,
  });
  const absent = { id: 3, ant: false, reads: 0, loss: 0.7, pwr: 0, state: "absent", rssi: null, hits: null };
  return [reading(0), reading(1), reading(2), { ...absent, identifying: false }];
}

export const CONFIG = {
  region: "Australia",
  power: "HIGH",
  transmitter: "ON",
  ports: [0, 1, 2, 3].map((id) => ({ id, enabled: true, pwr: 30 })),
};

const TIMING: TimingTelemetry = {
  mode: "timing",
  session: { file: "timing_0004.csv", startedAt: T0, passings: 12 },
  programs: [],
  replay: null,
};

/** The scripted unit: what it answers, what it received. */
export const unit = {
  ports: d13Ports() as Json[],
  /** null: 404 (an older unit). */
  config: CONFIG as Json | null,
  /** "test", "timing", null (404: no race control) or "failing" (500: its mode cannot be read). */
  mode: "test" as "test" | "timing" | null | "failing",
  answers: {} as Record<string, { status: number; body: unknown }>,
  received: [] as { cmd: string; args: string[] }[],
  /** Requests by path. */
  asked: {} as Record<string, number>,
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The scripted unit for every test of the file: a fake clock at T0, the unit selected, fetch answered as `unit` says. */
export function scriptUhfUnit(): void {
  beforeAll(async () => {
    // The card's body (its lazy chunk), loaded once: the card's import() then resolves at once on the fake clock.
    await import("../src/telemetry/UhfBody.tsx");
  });
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    localStorage.clear();
    selectUnit(UNIT);
    useAuth.getState().useNone();
    Object.assign(unit, {
      ports: d13Ports(),
      config: structuredClone(CONFIG),
      mode: "test",
      answers: {},
      received: [],
      asked: {},
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = new URL(String(url)).pathname;
        unit.asked[path] = (unit.asked[path] ?? 0) + 1;
        if (path === "/api/telemetry/uhf/ports") return json({ channels: unit.ports });
        if (path === "/api/telemetry/uhf/config")
          return unit.config ? json(unit.config) : json({ error: "Not found" }, 404);
        if (path === "/api/telemetry/timing") {
          if (unit.mode === "failing") return json({ error: "The reader task is not answering" }, 500);
          if (unit.mode === null) return json({ error: "Not found" }, 404);
          return json(unit.mode === "timing" ? TIMING : { ...TIMING, mode: "test", session: null });
        }
        if (path === "/api/commands/execute") {
          const packet = JSON.parse(String(init?.body));
          unit.received.push(packet);
          const answer = unit.answers[packet.cmd] ?? {
            status: 200,
            body: { cmd: packet.cmd, result: `${packet.cmd} done` },
          };
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
/** Lets the answers under way come in and show (a few 1 ms steps: a timer set while timers run lands 1 ms on). */
export const settle = async () => {
  for (let i = 0; i < 6; i++) await advance(1);
};

/** Earlier readings of the unit's uhf/ports in its record (`reads` of each channel at each time), oldest first. */
export function earlierReadings(readings: { at: number; reads: number[] }[]): void {
  for (const r of readings)
    useUnitRecords.getState().fold(UNIT, [
      {
        kind: "reading",
        dataset: "uhf/ports",
        data: { channels: r.reads.map((reads, id) => ({ ...unit.ports[id], id, reads })) },
        at: r.at,
      },
    ]);
}

/** The unit's record followed from the page's first render, as the app's alarm watch does. */
function FollowUnit() {
  useUnitRecord(UNIT);
  return null;
}

/** Opens the card and lets its reads (uhf/ports, uhf/config) and its body come in. */
export async function openCard() {
  const view = renderPage(
    "/",
    <>
      <FollowUnit />
      <UhfCard />
    </>,
  );
  await settle();
  return view;
}

export const card = () => screen.getByRole("region", { name: "UHF Antennas" });
/** The tile of antenna `n` (as shown, 1-based). */
export const tile = (n: number) =>
  within(card())
    .getAllByTestId("uhf-channel")
    .find((t) => within(t).queryByRole("heading", { name: `Antenna ${n}` })) as HTMLElement;
export const cmds = () => unit.received;
