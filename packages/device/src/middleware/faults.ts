// Injected faults: test hooks that make the next answers on a path fail, and random chaos (DEVICE_CHAOS), both drawn
// from the unit's seeded random sequences (DEVICE_SEED), so the same seed and requests give the same faults.
import { PASSINGS_STREAM_PATH } from "@trc/protocol";
import type { MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { fail, sleep } from "../http.ts";
import { randomBetween } from "../sim/noise.ts";

export interface FaultSpec {
  /** An exact path without query, or a prefix ending in "*". */
  path: string;
  status: number;
  /** How many answers fail. */
  count: number;
  /** The body of the faulty answers: a string is sent as is, anything else as JSON. Default `{ error }`. */
  body?: unknown;
  /** The chance (0..1] that a matching answer fails while the fault lasts (default 1); only failures use up `count`. */
  probability?: number;
}

export class FaultTable {
  #faults: FaultSpec[] = [];

  constructor(private readonly random: () => number) {}

  add(spec: FaultSpec): void {
    this.#faults.push({ ...spec });
  }

  clear(): void {
    this.#faults = [];
  }

  get pending(): readonly FaultSpec[] {
    return this.#faults;
  }

  /** Takes one answer from the first fault that matches the path. */
  take(path: string): FaultSpec | undefined {
    const fault = this.#faults.find((f) =>
      f.path.endsWith("*") ? path.startsWith(f.path.slice(0, -1)) : path === f.path,
    );
    if (!fault) return undefined;
    if (fault.probability !== undefined && this.random() >= fault.probability) return undefined;
    fault.count--;
    if (fault.count <= 0) this.#faults = this.#faults.filter((f) => f !== fault);
    return fault;
  }

  middleware(): MiddlewareHandler {
    return async (c, next) => {
      if (c.req.path.startsWith("/api/__test/")) return next();
      const fault = this.take(c.req.path);
      if (!fault) return next();
      if (fault.body === undefined) {
        return fail(c, fault.status as ContentfulStatusCode, `Injected fault: status ${fault.status}`);
      }
      const text = typeof fault.body === "string" ? fault.body : JSON.stringify(fault.body);
      return c.body(text, fault.status as ContentfulStatusCode, { "Content-Type": "application/json" });
    };
  }
}

export type ChaosKind = "error" | "slow" | "malformed";

/**
 * DEVICE_CHAOS: that fraction of /api answers is a fault — a 500/503, a slow answer, or truncated JSON with 200. Every
 * draw is made when the request arrives, so the faults follow the order of the requests. A slow answer waits in real
 * time (`wait`): it is the network's delay, not the unit's simulated time.
 */
export function chaos(
  probability: number,
  random: () => number,
  wait: (ms: number) => Promise<void> = sleep,
): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    // The read stream never ends: it has no answer to cut short (its client handles drops by resuming).
    if (!path.startsWith("/api/") || path.startsWith("/api/__test/") || path === PASSINGS_STREAM_PATH)
      return next();
    if (random() >= probability) return next();
    const kind: ChaosKind = (["error", "slow", "malformed"] as const)[Math.floor(random() * 3)] ?? "error";
    c.header("X-Device-Chaos", kind);
    if (kind === "error") {
      const status = random() < 0.5 ? 500 : 503;
      return fail(c, status, status === 500 ? "Chaos: internal error" : "Chaos: the unit is busy, try again");
    }
    if (kind === "slow") {
      await wait(randomBetween(random, 1500, 3000));
      return next();
    }
    await next();
    const text = await c.res.text();
    const cut = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
    c.res = new Response(cut, {
      status: 200,
      headers: { "Content-Type": "application/json", "X-Device-Chaos": kind },
    });
  };
}
