// What the device received: request statistics (in flight, most at once) and the last 200 API requests, passwords masked.
import type { MiddlewareHandler } from "hono";
import type { DeviceEnv } from "../http.ts";
import type { SimClock } from "../sim/host-clock.ts";

export interface LogEntry {
  /** When the device received it (epoch milliseconds, the unit's host clock: real time plus any test advance). */
  time: number;
  method: string;
  /** Path without the query. */
  path: string;
  /** The query string without "?", when there is one. */
  query?: string;
  /** The parsed JSON body (passwords as "***"), a summary of a multipart body, or null. */
  body: unknown;
}

export interface RequestStats {
  /** Most API requests received and not yet answered at once (queued ones included). */
  maxInFlight: number;
  inFlight: number;
  /** API requests received since the last reset. */
  requests: number;
  /** Most API requests being handled at once (past the esp32 queue). */
  maxHandling: number;
  handling: number;
}

const LOG_SIZE = 200;
const SECRET_KEY = /^(auth_pw|auth_key)$|passw|secret/i;
export const MASK = "***";

/** Replaces every secret in a request body with "***": auth fields, password-like keys, SET_PW's argument. */
export function maskSecrets(body: unknown): unknown {
  const walk = (v: unknown, depth: number): unknown => {
    if (depth > 20 || v === null || typeof v !== "object") return v;
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = SECRET_KEY.test(k) ? MASK : walk(x, depth + 1);
    return out;
  };
  const masked = walk(body, 0);
  if (masked && typeof masked === "object" && !Array.isArray(masked)) {
    const m = masked as Record<string, unknown>;
    if (m.cmd === "SET_PW" && Array.isArray(m.args)) m.args = m.args.map(() => MASK);
    if (typeof m.key === "string" && SECRET_KEY.test(m.key) && "value" in m) m.value = MASK;
  }
  return masked;
}

/** Only API calls count; the test hooks themselves and CORS preflights do not. */
export function isCountedApiCall(method: string, path: string): boolean {
  return method !== "OPTIONS" && path.startsWith("/api/") && !path.startsWith("/api/__test/");
}

/** What the log shows of a body no handler parsed as JSON (multipart, or a refused request). */
async function summary(req: Request): Promise<unknown> {
  if (!req.body || req.bodyUsed) return null;
  const type = req.headers.get("content-type") ?? "";
  if (type.startsWith("multipart/")) return null;
  try {
    const text = await req.clone().text();
    return text ? describeText(text) : null;
  } catch {
    return null;
  }
}

/** A JSON text as its masked value; anything else only by its size (it might hold a password). */
export function describeText(text: string): unknown {
  try {
    return maskSecrets(JSON.parse(text));
  } catch {
    return `(${text.length} bytes, not JSON)`;
  }
}

/** Records a parsed JSON body in the log entry, masked. */
export function logBody(entry: LogEntry | undefined, body: unknown): void {
  if (entry) entry.body = maskSecrets(body);
}

export class RequestMonitor {
  #entries: LogEntry[] = [];
  stats: RequestStats = { maxInFlight: 0, inFlight: 0, requests: 0, maxHandling: 0, handling: 0 };

  constructor(private readonly clock: Pick<SimClock, "now">) {}

  get entries(): readonly LogEntry[] {
    return this.#entries;
  }

  clearLog(): void {
    this.#entries = [];
  }

  resetStats(): void {
    const { inFlight, handling } = this.stats;
    this.stats = { maxInFlight: inFlight, inFlight, requests: 0, maxHandling: handling, handling };
  }

  /** Counts the requests past the profile's queue, i.e. being handled. */
  handlingCounter(): MiddlewareHandler<DeviceEnv> {
    return async (c, next) => {
      if (!c.get("logEntry")) return next();
      this.stats.handling++;
      this.stats.maxHandling = Math.max(this.stats.maxHandling, this.stats.handling);
      try {
        await next();
      } finally {
        this.stats.handling = Math.max(0, this.stats.handling - 1);
      }
    };
  }

  middleware(): MiddlewareHandler<DeviceEnv> {
    return async (c, next) => {
      const url = new URL(c.req.url);
      if (!isCountedApiCall(c.req.method, url.pathname)) return next();
      const entry: LogEntry = {
        time: this.clock.now(),
        method: c.req.method,
        path: url.pathname,
        body: null,
      };
      if (url.search.length > 1) entry.query = url.search.slice(1);
      this.#entries.push(entry);
      if (this.#entries.length > LOG_SIZE) this.#entries.shift();
      c.set("logEntry", entry);
      const stats = this.stats;
      stats.requests++;
      stats.inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      try {
        await next();
        if (entry.body === null) entry.body = await summary(c.req.raw);
      } finally {
        // After a reset the counts start again from what is still open.
        this.stats.inFlight = Math.max(0, this.stats.inFlight - 1);
      }
    };
  }
}
