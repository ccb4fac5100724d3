// The one API client: every request to the device goes through here (base address, 2 in flight, checks, errors).
import { MAX_REQUESTS_IN_FLIGHT } from "@trc/protocol";
import type * as z from "zod/mini";
import { currentUnit, unitKey, useConnection } from "./connection.ts";
import { DeviceError, retryAfterSeconds } from "./errors.ts";
import { type Parsed, parseLenient } from "./lenient.ts";
import { preciseNow } from "./preciseNow.ts";
import { type GateOptions, RequestGate } from "./queue.ts";

export const DEFAULT_TIMEOUT_MS = 10_000;

const gates = new Map<string, RequestGate>();

/**
 * Each unit's request gate: the console never has more than MAX_REQUESTS_IN_FLIGHT requests open to any one unit,
 * whatever the spelling of its address (`HTTP://Decoder.local/` and `http://decoder.local` share one gate).
 */
export function gateOf(base: string = currentUnit()): RequestGate {
  const key = unitKey(base);
  let gate = gates.get(key);
  if (!gate) {
    gate = new RequestGate(MAX_REQUESTS_IN_FLIGHT);
    gates.set(key, gate);
  }
  return gate;
}

export interface RequestOptions extends GateOptions {
  method?: "GET" | "POST" | "DELETE";
  /** The unit's base address; default: the configured unit (`currentUnit()`). */
  base?: string;
  /**
   * A JSON body: any defined value, null, 0 and false included, is sent (with POST unless `method` says otherwise).
   * A function is called for the body when the request leaves the gate (a value that must be as late as possible).
   */
  json?: unknown;
  /** A multipart body. */
  form?: FormData;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** An answer of any status: the body parsed as JSON when it is JSON, else the text. */
export interface RawAnswer {
  status: number;
  ok: boolean;
  body: unknown;
  /** The Retry-After header in seconds (a 429 or 503), when the unit sent one. */
  retryAfterS?: number;
  receivedAt: number;
  /** High-resolution browser clock (epoch ms: performance.timeOrigin + performance.now()) when the fetch left the gate and when the answer was read: for clock sync. */
  timing: { sent: number; received: number };
}

export function apiUrl(path: string, base: string = currentUnit()): string {
  return `${base}${path}`;
}

async function fetchOnce(path: string, opts: RequestOptions): Promise<RawAnswer> {
  const base = opts.base ?? currentUnit();
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout.signal]) : timeout.signal;
  const init: RequestInit = {
    method: opts.method ?? (opts.json !== undefined || opts.form ? "POST" : "GET"),
    mode: "cors",
    credentials: "omit",
    signal,
    cache: "no-store",
  };
  if (opts.form) init.body = opts.form;
  else if (opts.json !== undefined) {
    init.body = JSON.stringify(typeof opts.json === "function" ? opts.json() : opts.json);
    init.headers = { "Content-Type": "application/json" };
  }
  const sent = preciseNow();
  try {
    const res = await fetch(apiUrl(path, base), init);
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text, the caller decides.
    }
    const received = preciseNow();
    const receivedAt = Date.now();
    // The header's connection state is about the configured unit (under any spelling), not others the console looks at.
    useConnection.getState().answered(receivedAt, base);
    const retryAfterS = retryAfterSeconds(res.headers.get("Retry-After"));
    return {
      status: res.status,
      ok: res.ok,
      body,
      ...(retryAfterS === undefined ? {} : { retryAfterS }),
      receivedAt,
      timing: { sent, received },
    };
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    const timedOut = timeout.signal.aborted;
    const error = timedOut
      ? new DeviceError(
          "timeout",
          `No answer from the device within ${(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000} s`,
        )
      : new DeviceError("network", "The device cannot be reached");
    useConnection.getState().failed(error.message, base);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** At most this many requests in flight over all units: binding only on the fleet page (every other page talks to one). */
export const MAX_IN_FLIGHT_IN_ALL = 6;
/** The console's gate over all units, passed after the unit's own (so no slot of it waits for a unit's slot). */
export const allUnitsGate = new RequestGate(MAX_IN_FLIGHT_IN_ALL);

/** Sends a request and returns the answer whatever its status; throws only when no answer arrives. */
export function send(path: string, opts: RequestOptions = {}): Promise<RawAnswer> {
  // The unit is chosen once, when the request is made: one switched to while it waits does not receive it.
  const unit = { ...opts, base: opts.base ?? currentUnit() };
  return gateOf(unit.base).run(() => allUnitsGate.run(() => fetchOnce(path, unit), unit), unit);
}

/** GETs (or sends) and checks the answer: non-2xx throws; a wrong-shaped answer keeps its valid fields and names the bad ones. */
export async function request<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  opts: RequestOptions = {},
): Promise<Parsed<z.infer<S>>> {
  const answer = await send(path, opts);
  if (!answer.ok) throw DeviceError.http(answer.status, answer.body, answer.retryAfterS);
  const parsed = parseLenient(schema, answer.body);
  if (parsed.data === undefined) throw DeviceError.contract(parsed.issues, answer.body);
  return parsed;
}

/** Like `request`, but any contract issue is an error: for answers the console acts on. */
export async function requestStrict<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  opts: RequestOptions = {},
): Promise<z.infer<S>> {
  const parsed = await request(path, schema, opts);
  if (parsed.issues.length) throw DeviceError.contract(parsed.issues, parsed.data);
  return parsed.data as z.infer<S>;
}
