// The esp32 profile: at most 4 requests handled at once (the rest wait in a queue), each 20–80 ms slower.
import type { Env, MiddlewareHandler } from "hono";
import { sleep } from "../http.ts";
import { randomBetween } from "../sim/noise.ts";

export const ESP32_MAX_HANDLERS = 4;

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

/** `handling` wraps what runs once a slot is taken (the added delay and the handler), e.g. to count it. */
export function esp32Profile<E extends Env>(handling: MiddlewareHandler<E>): MiddlewareHandler<E> {
  const slots = new Slots(ESP32_MAX_HANDLERS);
  return async (c, next) => {
    if (c.req.path.startsWith("/api/__test/")) return next();
    await slots.take();
    try {
      await handling(c, async () => {
        await sleep(randomBetween(20, 80));
        await next();
      });
    } finally {
      slots.give();
    }
  };
}
