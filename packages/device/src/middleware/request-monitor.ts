// What the device received: request statistics (in flight, most at once) and the last 200 API requests, each with
// its seq (a cursor: a test takes the last seq before an action and reads the entries after it).
import type { MiddlewareHandler } from "hono";
import type { Clock } from "../clock/clock.ts";
import type { DeviceEnv } from "../http.ts";
import { describeText, isCountedApiCall, type LogEntry, type RequestStats } from "./request-log.ts";

const LOG_SIZE = 200;

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

export class RequestMonitor {
  #entries: LogEntry[] = [];
  /** The seq of the last request logged (0 before the first): kept when the log is cleared (a reset), never reused. */
  #lastSeq = 0;
  stats: RequestStats = { maxInFlight: 0, inFlight: 0, requests: 0, maxHandling: 0, handling: 0 };

  constructor(private readonly clock: Pick<Clock, "now">) {}

  get entries(): readonly LogEntry[] {
    return this.#entries;
  }

  get lastSeq(): number {
    return this.#lastSeq;
  }

  /** The entries kept whose seq is above `after` (the requests received after a cursor was taken), oldest first. */
  entriesAfter(after: number): LogEntry[] {
    return this.#entries.filter((e) => e.seq > after);
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
        seq: ++this.#lastSeq,
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
