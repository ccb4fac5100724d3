// GET /api/passings/stream (D10): the unit's reads as server-sent events, batched, resumable by seq, at most 2 at once.
import {
  PASSINGS_STREAM,
  PASSINGS_STREAM_PATH,
  parseResumeSeq,
  type StreamHello,
  type TagRead,
} from "@trc/protocol";
import { streamSSE } from "hono/streaming";
import type { Clock } from "../clock/clock.ts";
import type { Device } from "../device.ts";
import { type DeviceApp, type DeviceContext, endpoint, fail } from "../http.ts";

/** One batch a tick: at most 10 batches a second. */
export const TICK_MS = 1000 / PASSINGS_STREAM.batchesPerSecond;
/** A write its client has not taken after this long ends the stream and frees its slot (a client gone silently). */
export const STALL_MS = 30_000;

/** One open stream: released once, when its client goes or the unit drops it. */
interface Slot {
  dropped: boolean;
  wake: () => void;
  release: () => void;
}

/** The unit's open streams and their settings (the test hooks change them). */
export class StreamHub {
  readonly slots = new Set<Slot>();
  keepAliveMs: number;
  stallMs = STALL_MS;

  constructor(readonly defaultKeepAliveMs: number) {
    this.keepAliveMs = defaultKeepAliveMs;
  }

  /** Back to the unit's own keep-alive and stall bound. */
  reset(): void {
    this.keepAliveMs = this.defaultKeepAliveMs;
    this.stallMs = STALL_MS;
  }

  get open(): number {
    return this.slots.size;
  }

  /** Takes a slot, or null when every one is in use. */
  take(): Slot | null {
    if (this.slots.size >= PASSINGS_STREAM.maxStreams) return null;
    const slot: Slot = {
      dropped: false,
      wake: () => {},
      release: () => this.slots.delete(slot),
    };
    this.slots.add(slot);
    return slot;
  }

  /** Ends every open stream (a test of resume); their slots are free at once. */
  dropAll(): number {
    const n = this.slots.size;
    for (const slot of [...this.slots]) {
      slot.dropped = true;
      slot.release();
      slot.wake();
    }
    return n;
  }
}

const hubs = new WeakMap<Device, StreamHub>();

export function streamHubOf(device: Device): StreamHub {
  let hub = hubs.get(device);
  if (!hub) {
    hub = new StreamHub(device.options.streamKeepAliveMs);
    hubs.set(device, hub);
  }
  return hub;
}

/** The seq a client resumes after: the Last-Event-ID header (an EventSource's reconnect) wins over ?after=. */
function resumePoint(c: DeviceContext): number | null | { error: string } {
  const header = c.req.header("Last-Event-ID");
  if (header !== undefined && header !== "") return parseResumeSeq(header);
  const after = c.req.query("after");
  return after === undefined ? null : parseResumeSeq(after);
}

/**
 * Whether a keep-alive goes now, `sinceWriteMs` after the last write: when the next tick would pass the interval,
 * so no silence is longer than it (D10: a keep-alive at least every 15 s).
 */
export const keepAliveDue = (sinceWriteMs: number, keepAliveMs: number): boolean =>
  sinceWriteMs + TICK_MS >= keepAliveMs;

/**
 * Whether `write` finished within `ms` (false: the client has stopped taking data). Real time: it bounds a real
 * socket's wait, so advancing the unit's clock never ends a stream whose client is still reading.
 */
export const drained = (write: Promise<unknown>, ms: number) =>
  new Promise<boolean>((done) => {
    const timer = setTimeout(() => done(false), ms);
    void write.then(() => {
      clearTimeout(timer);
      done(true);
    });
  });

/** The next tick on the unit's clock (or sooner, when the stream is dropped). */
const waitTick = (slot: Slot, clock: Clock) =>
  new Promise<void>((done) => {
    const timer = clock.setTimeout(done, TICK_MS);
    slot.wake = () => {
      clock.clearTimeout(timer);
      done();
    };
  });

export function passingsStreamRoutes(app: DeviceApp, device: Device): void {
  // A unit without the stream (DEVICE_STREAM=off): its path falls to the API's 404, and the console uses counters.
  if (!device.options.readStream) return;
  const hub = streamHubOf(device);
  const { reader, hostClock: clock } = device;
  const log = reader.log;
  // streamSSE says no-cache; D10 says no-store (set once the answer is the context's, which keeps its own headers).
  app.get(PASSINGS_STREAM_PATH, async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
  });
  endpoint(app, PASSINGS_STREAM_PATH, {
    GET: (c) => {
      const resume = resumePoint(c);
      if (resume !== null && typeof resume === "object") return fail(c, 400, resume.error);
      const headers = { "Content-Type": "text/event-stream", "Cache-Control": "no-store" };
      // A HEAD gets the headers only: no slot is taken for a body nobody reads.
      if (c.req.method === "HEAD") return c.body(null, 200, headers);
      const slot = hub.take();
      if (!slot) {
        c.header("Retry-After", "5");
        return fail(
          c,
          503,
          `At most ${PASSINGS_STREAM.maxStreams} read streams at once: close one and try again`,
        );
      }
      c.req.raw.signal.addEventListener("abort", slot.release);
      const res = streamSSE(c, async (stream) => {
        stream.onAbort(slot.release);
        let lastWrite = clock.now();
        /** Sends one item; a client that does not take it within the stall bound loses its stream and slot. */
        const send = async (write: Promise<unknown>) => {
          if (await drained(write, hub.stallMs)) {
            lastWrite = clock.now();
            return;
          }
          slot.dropped = true;
          slot.release();
          c.env?.outgoing?.destroy();
        };
        reader.advance();
        // A resume point beyond the unit's last read is taken as "live only".
        let cursor = resume === null || resume > log.lastSeq ? log.lastSeq : resume;
        // D10: every stream begins with hello, its id where it starts (an EventSource resumes from it).
        const hello: StreamHello = { after: cursor, newest: log.lastSeq, oldest: log.firstKept };
        await send(
          stream.writeSSE({
            event: PASSINGS_STREAM.helloEvent,
            id: String(cursor),
            data: JSON.stringify(hello),
          }),
        );
        while (!stream.aborted && !slot.dropped) {
          reader.advance();
          if (cursor + 1 < log.firstKept) {
            const gap = { from: cursor + 1, to: log.firstKept - 1 };
            await send(stream.writeSSE({ event: PASSINGS_STREAM.gapEvent, data: JSON.stringify(gap) }));
            cursor = gap.to;
            if (slot.dropped) break;
          }
          const reads: TagRead[] = log.after(cursor, PASSINGS_STREAM.readsPerBatch);
          const last = reads[reads.length - 1];
          if (last) {
            const data = JSON.stringify({ reads });
            await send(stream.writeSSE({ event: PASSINGS_STREAM.readsEvent, id: String(last.seq), data }));
            cursor = last.seq;
          } else if (keepAliveDue(clock.now() - lastWrite, hub.keepAliveMs)) {
            await send(stream.write(": keep-alive\n\n"));
          }
          if (!slot.dropped) await waitTick(slot, clock);
        }
        slot.release();
      });
      return res;
    },
  });
}
