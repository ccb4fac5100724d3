// Shared HTTP plumbing: the Hono environment type, JSON error answers, and endpoints that answer 405 to other methods.
import type { HttpBindings } from "@hono/node-server";
import type { ErrorBody } from "@trc/protocol";
import type { Context, Handler, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { LogEntry } from "./middleware/request-log.ts";

export interface DeviceEnv {
  Bindings: HttpBindings;
  Variables: { logEntry: LogEntry | undefined };
}
export type DeviceContext = Context<DeviceEnv>;
export type DeviceApp = Hono<DeviceEnv>;
export type HttpMethod = "GET" | "POST" | "DELETE";

/** Every 4xx/5xx answer: `{ "error": reason }` (plus any extra fields the call defines). */
export function fail(c: Context, status: ContentfulStatusCode, reason: string, extra: object = {}): Response {
  const body: ErrorBody = { ...extra, error: reason };
  return c.json(body, status);
}

/** Registers a path with its handlers; any other method gets 405 with an Allow header. */
export function endpoint(
  app: DeviceApp,
  path: string,
  handlers: Partial<Record<HttpMethod, Handler<DeviceEnv>>>,
): void {
  const methods = Object.keys(handlers) as HttpMethod[];
  for (const method of methods) {
    const handler = handlers[method];
    if (handler) app.on(method, path, handler);
  }
  const allow = [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  app.all(path, (c) => {
    c.header("Allow", allow);
    return fail(c, 405, `Method ${c.req.method} is not allowed on ${path}; use ${methods.join(" or ")}`);
  });
}

/** The client's address, for per-client limits. */
export function clientAddress(c: DeviceContext): string {
  return c.env?.incoming?.socket?.remoteAddress ?? "unknown";
}

/** A real-time wait: request latencies (profiles, chaos, jitter) are the network's, not the unit's simulated time. */
export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** The path of an API address without its query, e.g. of API.commandInfo(0). */
export const pathOf = (address: string) => address.split("?")[0] ?? address;
