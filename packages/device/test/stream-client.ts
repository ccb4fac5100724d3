// Test client of the read stream: opens GET /api/passings/stream with fetch and collects its events and comments.
import {
  PASSINGS_STREAM_PATH,
  ReadsBatch,
  ReadsGap,
  type StreamItem,
  StreamItemReader,
  type TagRead,
} from "@trc/protocol";

export interface OpenStream {
  readonly status: number;
  readonly headers: Headers;
  /** Every item so far, in order. */
  readonly items: StreamItem[];
  /** Every read so far (each batch parsed against the contract). */
  readonly reads: TagRead[];
  readonly gaps: ReadsGap[];
  /** Host times each item arrived at. */
  readonly arrivals: number[];
  /** Resolves once `check` holds over what arrived (or rejects after `timeoutMs`, or when the stream ends). */
  until(check: (s: OpenStream) => boolean, timeoutMs?: number): Promise<void>;
  /** Whether the unit ended the stream. */
  readonly ended: boolean;
  close(): void;
}

/** Opens the stream; `query` like "?after=5", `headers` like { "Last-Event-ID": "5" }. */
export async function openStream(
  url: string,
  query = "",
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  const abort = new AbortController();
  const res = await fetch(`${url}${PASSINGS_STREAM_PATH}${query}`, { headers, signal: abort.signal });
  const items: StreamItem[] = [];
  const reads: TagRead[] = [];
  const gaps: ReadsGap[] = [];
  const arrivals: number[] = [];
  let ended = false;
  let wake = () => {};
  const stream: OpenStream = {
    status: res.status,
    headers: res.headers,
    items,
    reads,
    gaps,
    arrivals,
    get ended() {
      return ended;
    },
    async until(check, timeoutMs = 5000) {
      const end = Date.now() + timeoutMs;
      while (!check(stream)) {
        if (ended) throw new Error(`the stream ended; ${reads.length} reads so far`);
        if (Date.now() > end) throw new Error(`timed out; ${reads.length} reads so far`);
        await new Promise<void>((done) => {
          wake = done;
          setTimeout(done, 100);
        });
      }
    },
    close: () => abort.abort(),
  };
  if (res.status !== 200 || !res.body) {
    ended = true;
    return stream;
  }
  const body = res.body.pipeThrough(new TextDecoderStream());
  const parser = new StreamItemReader();
  (async () => {
    try {
      for await (const text of body) {
        for (const item of parser.push(text)) {
          items.push(item);
          arrivals.push(Date.now());
          if (item.kind === "event" && item.event === "reads")
            reads.push(...ReadsBatch.parse(JSON.parse(item.data)).reads);
          if (item.kind === "event" && item.event === "gap") gaps.push(ReadsGap.parse(JSON.parse(item.data)));
        }
        wake();
      }
    } catch {
      // closed by the test
    } finally {
      ended = true;
      wake();
    }
  })();
  return stream;
}

/** The seqs of `reads` are first..first+n-1 without a miss or a repeat. */
export function contiguous(reads: readonly TagRead[]): boolean {
  return reads.every((r, i) => i === 0 || r.seq === (reads[i - 1]?.seq ?? 0) + 1);
}
