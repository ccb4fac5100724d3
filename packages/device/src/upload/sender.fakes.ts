// The upload sender's test fakes (D14): a manual clock, batches of numbered items after an acknowledged cursor, and
// posts the test answers; shared by sender.test.ts and sender-failures.test.ts.
import { manualClock } from "../clock/manual-clock.ts";
import { type PostResult, Sender } from "./sender.ts";

export interface TestBatch {
  items: number[];
  end: number;
}

export const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

/** Items 1..made wait; batches of at most `per` after the acknowledged cursor; posts answered by the test. */
export function setup(options: { per?: number; gapMs?: number; random?: () => number } = {}) {
  const clock = manualClock();
  const state = { made: 0, cursor: 0, failNext: false, ackFails: false, nextFails: false };
  const posts: { batch: TestBatch; at: number; signal: AbortSignal; answer: (r: PostResult) => void }[] = [];
  const acked: number[] = [];
  const per = options.per ?? 3;
  let gap = options.gapMs ?? 500;
  const sender = new Sender<TestBatch>(
    {
      next: async () => {
        if (state.nextFails) throw new Error("EIO: disk gone");
        const items = [];
        for (let i = state.cursor + 1; i <= Math.min(state.made, state.cursor + per); i++) items.push(i);
        return items.length ? { items, end: state.cursor + items.length } : null;
      },
      post: (batch, signal) =>
        new Promise<PostResult>((answer) => posts.push({ batch, at: clock.now(), signal, answer })),
      acknowledged: async (batch) => {
        if (state.ackFails) throw new Error("ENOSPC");
        acked.push(...batch.items);
        state.cursor = batch.end;
      },
      empty: (batch) => batch.items.length === 0,
    },
    {
      clock,
      random: options.random ?? (() => 0.5),
      gapMs: () => gap,
      idleMs: 500,
      stamp: () => clock.now() + 7,
    },
  );
  const t0 = clock.now();
  return {
    clock,
    sender,
    state,
    posts,
    acked,
    t0,
    setGap: (ms: number) => {
      gap = ms;
    },
    /** Moves the clock and lets the async steps run. */
    async step(ms: number) {
      clock.advance(ms);
      await flush();
    },
    async reply(result: PostResult = { ok: true }) {
      posts.at(-1)?.answer(result);
      await flush();
    },
  };
}
