// Fakes for the read stream's tests: a scripted unit answering server-sent events, a manual clock, read builders.
import type { TagRead } from "@trc/protocol";
import { ReadStream } from "../src/api/readStream.ts";
import type { StreamAnswer, StreamIO } from "../src/api/streamIO.ts";

export const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

/** A server-sent event body the test writes into; aborting the request errors it, as a real fetch does. */
export function sse(signal: AbortSignal) {
  let ctl!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      ctl = c;
    },
  });
  signal.addEventListener("abort", () => ctl.error(new DOMException("aborted", "AbortError")));
  const enc = new TextEncoder();
  return {
    body,
    send: (text: string) => ctl.enqueue(enc.encode(text)),
    end: () => ctl.close(),
    /** The connection resets mid-stream. */
    reset: () => ctl.error(new TypeError("network error")),
  };
}

interface Call {
  url: string;
  signal: AbortSignal;
  /** Answers 200 with an open event stream. */
  open(): ReturnType<typeof sse>;
  /** Answers another status with a JSON body. */
  refuse(status: number, body: unknown, headers?: Record<string, string>): void;
  fail(err: Error): void;
}

/** The fake browser clock's epoch at its start; `read(seq)` is made at EPOCH + seq by the unit's clock. */
export const EPOCH = 1e12;

export function fakeIO() {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { fn: () => void; at: number }>();
  const calls: Call[] = [];
  const io: StreamIO = {
    fetch: (url, init) =>
      new Promise<StreamAnswer>((resolve, reject) => {
        init.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        calls.push({
          url,
          signal: init.signal,
          open() {
            const s = sse(init.signal);
            resolve(new Response(s.body, { status: 200 }));
            return s;
          },
          refuse(status, body, headers = {}) {
            resolve(new Response(JSON.stringify(body), { status, headers }));
          },
          fail: reject,
        });
      }),
    now: () => EPOCH + now,
    setTimeout: (fn, ms) => {
      timers.set(++nextId, { fn, at: now + ms });
      return nextId;
    },
    clearTimeout: (h) => {
      timers.delete(h as number);
    },
  };
  /** Moves the clock, running each timer due (earliest first). */
  async function advance(ms: number) {
    const until = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].fn();
      await flush();
    }
    now = until;
  }
  return { io, calls, advance, pendingTimers: () => timers.size };
}

export const read = (seq: number, tag = "000123", ant = 0, time = EPOCH + seq): TagRead => ({
  seq,
  tag,
  ant,
  rssi: -60,
  time,
});
/** One `reads` event of these reads. */
export const readsEvent = (reads: readonly TagRead[]) =>
  `event: reads\nid: ${reads[reads.length - 1]?.seq}\ndata: ${JSON.stringify({ reads })}\n\n`;
export const batch = (...seqs: number[]) => readsEvent(seqs.map((s) => read(s)));
/** The `hello` event that begins every stream (D10): where it starts, the unit's newest and oldest kept seq. */
export const helloEvent = (after: number, newest = after, oldest = 1) =>
  `event: hello\nid: ${after}\ndata: ${JSON.stringify({ after, newest, oldest })}\n\n`;
export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export function setup() {
  const fake = fakeIO();
  const stream = new ReadStream("http://unit", fake.io);
  const got: number[] = [];
  const leave = stream.subscribe((reads) => got.push(...reads.map((r) => r.seq)));
  return { ...fake, stream, got, leave };
}
