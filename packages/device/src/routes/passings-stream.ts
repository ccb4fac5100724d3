// GET /api/passings/stream (D10): the unit's reads as server-sent events, batched, resumable by seq, at most 2 at once.
import { PASSINGS_STREAM, PASSINGS_STREAM_PATH, parseResumeSeq, type TagRead } from "@trc/protocol";
import { streamSSE } from "hono/streaming";
import type { Device } from "../device.ts";
import { type DeviceApp, type DeviceContext, endpoint, fail } from "../http.ts";

/** One batch a tick: at most 10 batches a second. */
const TICK_MS = 1000 / PASSINGS_STREAM.batchesPerSecond;

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

  constructor(readonly defaultKeepAliveMs: number) {
    this.keepAliveMs = defaultKeepAliveMs;
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

const waitTick = (slot: Slot) =>
  new Promise<void>((done) => {
    const timer = setTimeout(done, TICK_MS);
    slot.wake = () => {
      clearTimeout(timer);
      done();
    };
  });

export function passingsStreamRoutes(app: DeviceApp, device: Device): void {
  // A unit without the stream (DEVICE_STREAM=off): its path falls to the API's 404, and the console uses counters.
  if (!device.options.readStream) return;
  const hub = streamHubOf(device);
  const { reader } = device;
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
        reader.advance();
        // A resume point beyond the unit's last read is taken as "live only".
        let cursor = resume === null || resume > log.lastSeq ? log.lastSeq : resume;
        let lastWrite = Date.now();
        while (!stream.aborted && !slot.dropped) {
          reader.advance();
          if (cursor + 1 < log.firstKept) {
            const gap = { from: cursor + 1, to: log.firstKept - 1 };
            await stream.writeSSE({ event: PASSINGS_STREAM.gapEvent, data: JSON.stringify(gap) });
            cursor = gap.to;
            lastWrite = Date.now();
          }
          const reads: TagRead[] = log.after(cursor, PASSINGS_STREAM.readsPerBatch);
          const last = reads[reads.length - 1];
          if (last) {
            const data = JSON.stringify({ reads });
            await stream.writeSSE({ event: PASSINGS_STREAM.readsEvent, id: String(last.seq), data });
            cursor = last.seq;
            lastWrite = Date.now();
          } else if (Date.now() - lastWrite >= hub.keepAliveMs) {
            await stream.write(": keep-alive\n\n");
            lastWrite = Date.now();
          }
          if (!slot.dropped) await waitTick(slot);
        }
        slot.release();
      });
      return res;
    },
  });
}
