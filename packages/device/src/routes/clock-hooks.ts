// /api/__test/clock (test hooks only): read the unit's host clock, or advance it so everything due on it happens now.
import type { Device } from "../device.ts";
import { type DeviceApp, type DeviceContext, endpoint, fail } from "../http.ts";
import { readJson } from "../middleware/json-body.ts";
import { TEST_PREFIX } from "./test-hooks.ts";

/** The longest one advance may be: 7 days. */
export const MAX_ADVANCE_MS = 7 * 24 * 3600_000;

/** The milliseconds a body `{ "advanceMs": N }` asks for, or why it is refused. */
export function checkAdvance(body: unknown): number | string {
  if (!body || typeof body !== "object" || Array.isArray(body)) return "The body must be a JSON object";
  const unknown = Object.keys(body).find((k) => k !== "advanceMs");
  if (unknown !== undefined) return `Unknown clock field: ${unknown}`;
  const ms = (body as { advanceMs?: unknown }).advanceMs;
  if (ms === undefined) return "advanceMs is required";
  if (typeof ms !== "number" || !Number.isInteger(ms) || ms < 0 || ms > MAX_ADVANCE_MS) {
    return `advanceMs must be a whole number of ms from 0 to ${MAX_ADVANCE_MS} (7 days)`;
  }
  return ms;
}

/** The total advanced and the host time as the unit sees it (epoch ms). */
const answer = (c: DeviceContext, device: Device) =>
  c.json({ warpMs: device.hostClock.warpMs, now: device.hostClock.now() });

export function clockHookRoutes(app: DeviceApp, device: Device): void {
  endpoint(app, `${TEST_PREFIX}/clock`, {
    GET: (c) => answer(c, device),
    /** Moves the clock on: the reader's reads, the battery, scheduled reboots, the upload lock... all catch up. */
    POST: async (c) => {
      const json = await readJson(c);
      if (!json.ok) return fail(c, 400, json.reason);
      const ms = checkAdvance(json.value);
      if (typeof ms === "string") return fail(c, 400, ms);
      device.hostClock.advance(ms);
      return answer(c, device);
    },
  });
}
