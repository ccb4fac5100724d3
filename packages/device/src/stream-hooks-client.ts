// A typed client of the read stream's test hooks (DEVICE_TEST_HOOKS=1): a mass start, a test tag, the streams' state.
import { canonicalAddress } from "./address.ts";
import { TEST_PREFIX } from "./routes/test-hooks.ts";
import type { MassStart, TestTag } from "./sim/race-reads.ts";

export type { MassStart, TestTag };

/**
 * GET /api/__test/stream: open streams, the last seq, the oldest kept, how many are kept, the keep-alive (ms), and
 * how long a write may wait for its client before the stream is ended (ms).
 */
export interface StreamState {
  open: number;
  lastSeq: number;
  firstKept: number;
  kept: number;
  keepAliveMs: number;
  stallMs: number;
}

export interface StreamHooks {
  /** Plans a mass start from now; answers how many reads it will make. */
  massStart(spec: MassStart): Promise<number>;
  /** Holds a tag at a channel (null takes it away). */
  testTag(tag: TestTag | null): Promise<void>;
  streamState(): Promise<StreamState>;
  /** Fewer kept reads (a gap is easy to reach), another keep-alive interval and/or stall bound. */
  streamSettings(settings: { kept?: number; keepAliveMs?: number; stallMs?: number }): Promise<StreamState>;
  /** Back to 10,000 kept reads, the unit's keep-alive and the 30 s stall bound. */
  resetStreamSettings(): Promise<StreamState>;
  /** Ends every open stream as a lost connection would; answers how many. */
  dropStreams(): Promise<number>;
}

/** The stream hooks of the unit at `url` (e.g. http://127.0.0.1:41234). */
export function streamHooksClient(url: string): StreamHooks {
  const api = `${canonicalAddress(url)}${TEST_PREFIX}`;
  const call = async <T>(path: string, method = "GET", body?: unknown): Promise<T> => {
    const init: RequestInit =
      body === undefined
        ? { method }
        : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
    const res = await fetch(`${api}${path}`, init);
    if (!res.ok) throw new Error(`${method} ${api}${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    massStart: async (spec) =>
      (await call<{ plannedReads: number }>("/scenario", "POST", { massStart: spec })).plannedReads,
    testTag: async (tag) => {
      await call("/scenario", "POST", { testTag: tag });
    },
    streamState: () => call("/stream"),
    streamSettings: (settings) => call("/stream", "POST", settings),
    resetStreamSettings: () => call("/stream", "DELETE"),
    dropStreams: async () => (await call<{ dropped: number }>("/stream/drop", "POST", {})).dropped,
  };
}
