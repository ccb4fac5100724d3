// The I/O the unit's read stream uses: a fetch that answers a stream, the clock and timers; the browser's, faked in tests.

/** What the stream needs of a fetch answer (a real `Response` is one). */
export interface StreamAnswer {
  status: number;
  headers: { get(name: string): string | null };
  body: ReadableStream<Uint8Array> | null;
  text(): Promise<string>;
}

/** The I/O a read stream uses, injected in tests. */
export interface StreamIO {
  fetch(url: string, init: { signal: AbortSignal; cache: "no-store" }): Promise<StreamAnswer>;
  /** The browser's clock, epoch ms. */
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The browser's fetch, clock and timers. */
export const browserStreamIO: StreamIO = {
  fetch: (url, init) => fetch(url, init),
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
