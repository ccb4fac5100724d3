// A typed client of a unit's clock hook (DEVICE_TEST_HOOKS=1): read its host clock, or advance it.
import { canonicalAddress } from "./address.ts";
import { TEST_PREFIX } from "./routes/test-hooks.ts";

/** GET/POST /api/__test/clock: the total advanced (ms) and the host time as the unit sees it (epoch ms). */
export interface ClockState {
  warpMs: number;
  now: number;
}

export interface ClockHooks {
  /** Moves the unit's clock `ms` on (a whole number, at most 7 days): everything due by then happens. */
  advanceClock(ms: number): Promise<ClockState>;
  clock(): Promise<ClockState>;
}

/** The clock hook of the unit at `url` (e.g. http://127.0.0.1:41234). */
export function clockHooksClient(url: string): ClockHooks {
  const api = `${canonicalAddress(url)}${TEST_PREFIX}/clock`;
  const call = async (init?: RequestInit): Promise<ClockState> => {
    const res = await fetch(api, init);
    if (!res.ok)
      throw new Error(`${init?.method ?? "GET"} ${api} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as ClockState;
  };
  return {
    advanceClock: (ms) =>
      call({
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ advanceMs: ms }),
      }),
    clock: () => call(),
  };
}
