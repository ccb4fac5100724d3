// The read stream (D10), when the unit has it: format (hello first), resume without loss, keep-alive, a third stream
// refused.
// A unit without it (404) gets a warning only: the stream is optional.
import {
  batchProblems,
  PASSINGS_STREAM as D10,
  PASSINGS_STREAM_PATH,
  ReadsBatch,
  ReadsGap,
  StreamHello,
  type StreamItem,
  StreamItemReader,
  type TagRead,
} from "@trc/protocol";
import { type Check, type Context, contract, type Outcome, recommendation } from "../check.ts";
import { KIT_ORIGIN, NoAnswer } from "../client.ts";

/** How long the format and resume checks wait for reads (a unit on a bench reads only when a tag is near). */
const READS_WAIT_MS = 8000;
/** Silence longer than this breaks D10 (15 s), with half a second for the network. */
const SILENCE_LIMIT_MS = D10.keepAliveMs + 500;

/** One stream the kit holds open: what arrived, parsed, and the problems found on the way. */
interface Held {
  status: number;
  headers: Headers;
  json: unknown;
  items: StreamItem[];
  /** The hello event that begins the stream (D10), once it came. */
  hello: StreamHello | null;
  reads: TagRead[];
  gaps: ReadsGap[];
  problems: string[];
  /** The longest time without anything arriving, ms (from the answer's headers on). */
  longestSilence(): number;
  /** Waits until `done` holds, the stream ends, or `ms` pass. */
  until(done: () => boolean, ms: number): Promise<void>;
  close(): void;
}

async function hold(ctx: Context, query = "", headers: Record<string, string> = {}): Promise<Held> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ctx.options.timeoutMs);
  const res = await fetch(`${ctx.options.url}${PASSINGS_STREAM_PATH}${query}`, {
    headers: { Origin: KIT_ORIGIN, ...headers },
    signal: abort.signal,
  })
    .catch((err: unknown) => {
      throw new NoAnswer(`GET ${PASSINGS_STREAM_PATH}${query}`, err);
    })
    .finally(() => clearTimeout(timer));
  const held: Held = {
    status: res.status,
    headers: res.headers,
    json: undefined,
    items: [],
    hello: null,
    reads: [],
    gaps: [],
    problems: [],
    longestSilence: () => Math.max(silence, Date.now() - lastAt),
    until: async (done, ms) => {
      const end = Date.now() + ms;
      while (!done() && !ended && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    },
    close: () => abort.abort(),
  };
  let ended = false;
  let lastAt = Date.now();
  let silence = 0;
  let lastId = 0;
  if (res.status !== 200 || !res.body) {
    held.json = await res.json().catch(() => undefined);
    return held;
  }
  const body = res.body;
  const reader = new StreamItemReader();
  const take = (item: StreamItem) => {
    held.items.push(item);
    if (item.kind === "comment") return;
    let data: unknown;
    try {
      data = JSON.parse(item.data);
    } catch {
      held.problems.push(`a ${item.event} event's data is not JSON: ${item.data.slice(0, 60)}`);
      return;
    }
    if (item.event === D10.helloEvent) {
      const hello = StreamHello.safeParse(data);
      const first = held.items.filter((i) => i.kind === "event").length === 1;
      if (!first) held.problems.push("a hello event that is not the stream's first event (D10)");
      if (!hello.success)
        held.problems.push(`a hello event is not {"after","newest","oldest"}: ${item.data.slice(0, 60)}`);
      else {
        if (item.id !== String(hello.data.after))
          held.problems.push(
            `the hello event's id ${item.id ?? "(none)"} is not its after ${hello.data.after}`,
          );
        held.hello ??= hello.data;
      }
    } else if (item.event === D10.gapEvent) {
      const gap = ReadsGap.safeParse(data);
      if (gap.success) held.gaps.push(gap.data);
      else held.problems.push(`a gap event is not {"from","to"}: ${item.data.slice(0, 60)}`);
    } else if (item.event === D10.readsEvent) {
      const batch = ReadsBatch.safeParse(data);
      if (!batch.success) {
        held.problems.push(`a reads event does not fit the contract: ${item.data.slice(0, 80)}`);
        return;
      }
      held.problems.push(...batchProblems(batch.data, item.id));
      if (Number(item.id) <= lastId) held.problems.push(`event id ${item.id} after id ${lastId}`);
      lastId = Number(item.id);
      held.reads.push(...batch.data.reads);
    } else {
      held.problems.push(`an event named "${item.event}" (D10 has hello, reads and gap)`);
    }
  };
  (async () => {
    try {
      for await (const text of body.pipeThrough(new TextDecoderStream())) {
        silence = Math.max(silence, Date.now() - lastAt);
        lastAt = Date.now();
        for (const item of reader.push(text)) take(item);
      }
    } catch {
      // closed by the kit
    } finally {
      ended = true;
    }
  })();
  return held;
}

/** Every stream check's answer when the unit has no stream: they do not apply. */
const absent = new WeakMap<object, string>();

/** Runs `check` on the unit's stream; a unit without it (404) is skipped (the presence check warns). */
function withStream(run: (ctx: Context) => Promise<Outcome>): (ctx: Context) => Promise<Outcome> {
  return async (ctx) => {
    const why = absent.get(ctx.facts);
    return why ? { skip: why } : run(ctx);
  };
}

/** Problems of a 200 answer's headers: D10's content type and no-store. */
function answerProblems(s: Held): string[] {
  const problems: string[] = [];
  const type = s.headers.get("content-type") ?? "";
  if (!type.startsWith("text/event-stream"))
    problems.push(`Content-Type is "${type}", not text/event-stream`);
  const cache = s.headers.get("cache-control") ?? "";
  if (!/\bno-store\b/.test(cache)) problems.push(`Cache-Control is "${cache}", not no-store`);
  return problems;
}

const presence = recommendation("read stream offered", async (ctx) => {
  const s = await hold(ctx);
  s.close();
  if (s.status === 404) {
    absent.set(ctx.facts, `the unit has no read stream (${PASSINGS_STREAM_PATH} answered 404)`);
    return [
      `GET ${PASSINGS_STREAM_PATH} answered 404: no read stream (optional, D10); the console works from the counters`,
    ];
  }
  return s.status === 200 ? [] : [`GET ${PASSINGS_STREAM_PATH} answered ${s.status}, expected 200 or 404`];
});

const format = contract(
  "read stream format",
  withStream(async (ctx) => {
    const s = await hold(ctx);
    try {
      if (s.status !== 200) return [`GET ${PASSINGS_STREAM_PATH} answered ${s.status}`];
      const problems = answerProblems(s);
      ctx.progress("read stream format: waiting for reads");
      await s.until(() => s.reads.length > 0, READS_WAIT_MS);
      problems.push(...s.problems);
      const first = s.items.find((i) => i.kind === "event");
      if (first?.kind === "event" && first.event !== D10.helloEvent)
        problems.push(`the stream began with a ${first.event} event, not hello (D10)`);
      if (!first) problems.push("the stream sent no hello event (D10: every stream begins with one)");
      if (!problems.length && !s.reads.length) {
        return {
          skip: `no read arrived within ${READS_WAIT_MS / 1000} s: hold a tag near an antenna and run again`,
        };
      }
      return problems;
    } finally {
      s.close();
    }
  }),
);

const resume = contract(
  "read stream resume without loss",
  withStream(async (ctx) => {
    const first = await hold(ctx);
    ctx.progress("read stream resume: reading, then reconnecting twice");
    await first.until(() => first.reads.length > 0, READS_WAIT_MS);
    first.close();
    if (!first.reads.length) return { skip: `no read arrived within ${READS_WAIT_MS / 1000} s` };
    const problems = [...first.problems];
    let last = first.reads[first.reads.length - 1]?.seq ?? 0;
    for (const [way, query, headers] of [
      ["Last-Event-ID", "", (n: number) => ({ "Last-Event-ID": String(n) })],
      ["?after=", "after", () => ({})],
    ] as const) {
      // Reads made while nobody listened (if any) come first on the reconnect, then live ones.
      const again = await hold(ctx, query ? `?after=${last}` : "", headers(last));
      await again.until(() => again.reads.length > 0, READS_WAIT_MS);
      again.close();
      if (again.status !== 200) problems.push(`the ${way} reconnect answered ${again.status}`);
      problems.push(...again.problems);
      if (again.gaps.length)
        problems.push(`the ${way} reconnect after ${last} sent a gap ${JSON.stringify(again.gaps[0])}`);
      const next = again.reads[0];
      if (next && next.seq !== last + 1) {
        problems.push(
          `the ${way} reconnect after seq ${last} started at seq ${next.seq}${next.seq <= last ? " (repeated)" : " (missed)"}`,
        );
      }
      if (again.hello && again.hello.after !== last)
        problems.push(`the ${way} reconnect after ${last} said hello with after ${again.hello.after}`);
      last = again.reads[again.reads.length - 1]?.seq ?? last;
    }
    return problems;
  }),
);

const keepAlive = contract(
  "read stream keep-alive",
  withStream(async (ctx) => {
    const wait = ctx.options.streamWaitMs;
    if (wait <= 0) return { skip: "not run (stream wait 0)" };
    const s = await hold(ctx);
    try {
      ctx.progress(`read stream keep-alive: listening up to ${Math.round(wait / 1000)} s`);
      const comment = () => s.items.some((i) => i.kind === "comment");
      await s.until(() => comment() || s.longestSilence() > SILENCE_LIMIT_MS, wait);
      const silence = s.longestSilence();
      if (silence > SILENCE_LIMIT_MS) {
        return [
          `the stream sent nothing for ${(silence / 1000).toFixed(1)} s (D10: a keep-alive at least every 15 s)`,
        ];
      }
      if (comment() || wait >= SILENCE_LIMIT_MS) return s.problems;
      return { skip: `no keep-alive within ${wait / 1000} s and reads flowed: listen over 16 s to conclude` };
    } finally {
      s.close();
    }
  }),
);

const thirdRefused = contract(
  "read stream: a third is refused, a closed one frees its slot",
  withStream(async (ctx) => {
    const open: Held[] = [];
    try {
      for (let i = 1; i <= D10.maxStreams; i++) {
        const s = await hold(ctx);
        open.push(s);
        if (s.status !== 200) {
          return [
            `stream ${i} of ${D10.maxStreams} answered ${s.status} (another client holding one? close it and run again)`,
          ];
        }
      }
      const third = await hold(ctx);
      third.close();
      if (third.status !== 503)
        return [`a third stream was answered ${third.status}, expected 503 (D10: at most 2)`];
      const error = (third.json as { error?: unknown } | undefined)?.error;
      if (typeof error !== "string") return ['the 503 has no {"error": reason} body'];
      open.shift()?.close();
      // The slot of a closed client is free at once (a moment for the unit to see the close).
      for (const until = Date.now() + 2000; ; ) {
        const again = await hold(ctx);
        again.close();
        if (again.status === 200) return [];
        if (Date.now() > until) return [`after closing a stream a new one is still answered ${again.status}`];
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      for (const s of open) s.close();
    }
  }),
);

export const STREAM_CHECKS: readonly Check[] = [presence, format, resume, keepAlive, thirdRefused];
