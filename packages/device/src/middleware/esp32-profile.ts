// The esp32 profile: at most 4 requests handled at once (the rest wait in a queue), each 20–80 ms slower; a slot is
// taken only once the whole body has arrived, and a body that takes longer than 5 s is dropped (as ESP-IDF does).
import { API } from "@trc/protocol";
import type { Context, Env, MiddlewareHandler } from "hono";
import { fail, sleep } from "../http.ts";
import { randomBetween } from "../sim/noise.ts";
import { CHUNK_LIMIT, JSON_LIMIT } from "./limits.ts";

export const ESP32_MAX_HANDLERS = 4;
/**
 * ESP-IDF's httpd drops a connection whose data does not arrive within its receive timeout (5 s by default). Real time,
 * as the 20–80 ms added to each request: they are the network's and the request's, not the unit's simulated time.
 */
export const BODY_TIMEOUT_MS = 5000;

/** A counting semaphore with a FIFO queue. */
export class Slots {
  #free: number;
  #waiting: (() => void)[] = [];

  constructor(size: number) {
    this.#free = size;
  }

  async take(): Promise<void> {
    if (this.#free > 0) {
      this.#free--;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free++;
  }
}

/**
 * Reads the whole body before the request may take a slot, within BODY_TIMEOUT_MS and the body limits; the request
 * then carries the bytes read. Answers the refusal (408, 413), or null once the body is in.
 */
export async function receiveBody(c: Context): Promise<Response | null> {
  const raw = c.req.raw;
  if (!raw.body) return null;
  const max = c.req.path === API.firmwareUpdate ? CHUNK_LIMIT : JSON_LIMIT;
  const reader = raw.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), BODY_TIMEOUT_MS);
  });
  try {
    for (;;) {
      const part = await Promise.race([reader.read(), late]);
      if (part === "late") {
        reader.cancel().catch(() => {});
        c.header("Connection", "close");
        return fail(c, 408, `The request body did not arrive within ${BODY_TIMEOUT_MS / 1000} s`);
      }
      if (part.done) break;
      size += part.value.byteLength;
      if (size > max) {
        reader.cancel().catch(() => {});
        c.header("Connection", "close");
        return fail(c, 413, `The body is larger than ${max / 1024} kB`);
      }
      chunks.push(part.value);
    }
  } finally {
    clearTimeout(timer);
  }
  c.req.raw = new Request(raw.url, { method: raw.method, headers: raw.headers, body: Buffer.concat(chunks) });
  return null;
}

/**
 * `handling` wraps what runs once a slot is taken (the added delay and the handler), e.g. to count it; `random` draws
 * the delays (the unit's seeded latency sequence).
 */
export function esp32Profile<E extends Env>(
  handling: MiddlewareHandler<E>,
  random: () => number,
): MiddlewareHandler<E> {
  const slots = new Slots(ESP32_MAX_HANDLERS);
  return async (c, next) => {
    if (c.req.path.startsWith("/api/__test/")) return next();
    const refused = await receiveBody(c);
    if (refused) return refused;
    await slots.take();
    try {
      await handling(c, async () => {
        await sleep(randomBetween(random, 20, 80));
        await next();
      });
    } finally {
      slots.give();
    }
  };
}
