// Unit tests of the upload's sender (D14) on a manual clock and fake I/O: order and one acknowledgement each, the gap
// between posts, the same post after a failure with 1, 2, 4 … 60 s ± 20 %, stop during a post, resets, empty batches.
import { describe, expect, it } from "vitest";
import { manualClock } from "../clock/manual-clock.ts";
import { type PostResult, retryDelay, Sender } from "./sender.ts";

interface TestBatch {
  items: number[];
  end: number;
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

/** Items 1..made wait; batches of at most `per` after the acknowledged cursor; posts answered by the test. */
function setup(options: { per?: number; gapMs?: number; random?: () => number } = {}) {
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

describe("posting", () => {
  it("posts in order, one at a time, each acknowledged once, the next only after the cursor is kept", async () => {
    const t = setup();
    t.state.made = 7;
    t.sender.start();
    await t.step(0);
    expect(t.posts.map((p) => p.batch.items)).toEqual([[1, 2, 3]]);
    expect(t.sender.status().phase).toBe("posting");
    await t.step(5000);
    expect(t.posts).toHaveLength(1);
    await t.reply();
    expect(t.acked).toEqual([1, 2, 3]);
    // The gap from the first post's start has passed: the next goes at once.
    await t.step(0);
    expect(t.posts.map((p) => p.batch.items)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    await t.reply();
    // The second post started just now: the third waits for the gap.
    await t.step(499);
    expect(t.posts).toHaveLength(2);
    await t.step(1);
    await t.reply();
    expect(t.acked).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(t.sender.status()).toMatchObject({ failures: 0, lastError: null, lastOkAt: t.clock.now() + 7 });
  });

  it("at most one post per gap (500 ms: 2 a second; force_http_log 10 s): what waits goes in the next", async () => {
    const t = setup({ per: 100 });
    t.state.made = 1;
    t.sender.start();
    await t.step(0);
    await t.reply();
    t.state.made = 3;
    await t.step(499);
    expect(t.posts).toHaveLength(1);
    await t.step(1);
    expect(t.posts.map((p) => [p.at - t.t0, p.batch.items])).toEqual([
      [0, [1]],
      [500, [2, 3]],
    ]);
    await t.reply();
    t.setGap(10_000);
    t.state.made = 4;
    await t.step(500);
    expect(t.posts).toHaveLength(2);
    expect(t.sender.status()).toMatchObject({ phase: "waiting", nextAt: t.t0 + 10_500 });
    t.state.made = 9;
    await t.step(9500);
    expect(t.posts.at(-1)?.batch.items).toEqual([4, 5, 6, 7, 8, 9]);
    expect((t.posts.at(-1)?.at ?? 0) - t.t0).toBe(10_500);
  });

  it("with nothing waiting it looks again every 500 ms, and is idle meanwhile", async () => {
    const t = setup();
    t.sender.start();
    await t.step(0);
    expect(t.sender.status()).toMatchObject({ phase: "idle", nextAt: null });
    t.state.made = 1;
    await t.step(499);
    expect(t.posts).toHaveLength(0);
    await t.step(1);
    expect(t.posts).toHaveLength(1);
  });

  it("one step at a time: a poke while a step reads the next batch does not post that batch twice", async () => {
    // The race of the unit under load: a step was reading (slow I/O) when another http_url poked the sender, and the
    // clock had moved past the gap by the time the second read was done: both steps posted the same batch, and each
    // acknowledged it.
    const clock = manualClock();
    const held: (() => void)[] = [];
    let holding = true;
    const answers: (() => void)[] = [];
    let cursor = 0;
    const posted: number[][] = [];
    const acked: number[][] = [];
    const sender = new Sender<TestBatch>(
      {
        next: async () => {
          const items = [1, 2, 3, 4].filter((i) => i > cursor).slice(0, 2);
          const read = items.length ? { items, end: cursor + items.length } : null;
          if (holding) await new Promise<void>((r) => held.push(r));
          return read;
        },
        post: (batch) => {
          posted.push(batch.items);
          return new Promise<PostResult>((r) => answers.push(() => r({ ok: true })));
        },
        acknowledged: async (batch) => {
          acked.push(batch.items);
          cursor = batch.end;
        },
        empty: (batch) => batch.items.length === 0,
      },
      { clock, random: () => 0.5, gapMs: () => 500, idleMs: 500 },
    );
    sender.start();
    await flush();
    sender.poke(true);
    await flush();
    holding = false;
    held[0]?.();
    await flush();
    clock.advance(1000);
    held[1]?.();
    await flush();
    for (let i = 0; i < 4; i++) {
      for (const answer of answers.splice(0)) answer();
      await flush();
      clock.advance(1000);
      await flush();
    }
    expect(posted).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(acked).toEqual(posted);
  });

  it("a batch with nothing to post (rows that do not parse) is taken without a post", async () => {
    const t = setup();
    const sender = new Sender<TestBatch>(
      {
        next: async () => (t.state.cursor < 2 ? { items: [], end: 2 } : null),
        post: async () => ({ ok: true }),
        acknowledged: async (b) => {
          t.state.cursor = b.end;
        },
        empty: (b) => b.items.length === 0,
      },
      { clock: t.clock, random: () => 0.5, gapMs: () => 500, idleMs: 500 },
    );
    sender.start();
    await t.step(0);
    expect(t.state.cursor).toBe(2);
    expect(sender.status().lastOkAt).toBeNull();
    await sender.stop();
  });
});

describe("failures and retries", () => {
  it("waits 1, 2, 4, 8, 16, 32, 60, 60 s and sends the very same batch again, then goes on", async () => {
    const t = setup();
    t.state.made = 2;
    t.sender.start();
    await t.step(0);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      await t.reply({ ok: false, error: "503 Service Unavailable" });
      const s = t.sender.status();
      expect(s).toMatchObject({ phase: "waiting", failures: i + 1, lastError: "503 Service Unavailable" });
      waits.push((s.nextAt ?? 0) - t.clock.now());
      t.state.made = 10; // more came meanwhile: the retry is still the failed batch
      await t.step(waits.at(-1) ?? 0);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000]);
    expect(t.posts.map((p) => p.batch.items)).toEqual(Array(9).fill([1, 2]));
    await t.reply();
    expect(t.sender.status()).toMatchObject({ failures: 0, lastError: null });
    await t.step(500);
    expect(t.posts.at(-1)?.batch.items).toEqual([3, 4, 5]);
  });

  it("each wait moves by at most ± 20 %", () => {
    expect(retryDelay(1, () => 0)).toBe(800);
    expect(retryDelay(1, () => 0.999999)).toBe(1200);
    expect(retryDelay(3, () => 0)).toBe(3200);
    expect(retryDelay(7, () => 0)).toBe(48000);
    expect(retryDelay(50, () => 0.999999)).toBe(72000);
    for (let k = 1; k < 12; k++) {
      const base = Math.min(60_000, 1000 * 2 ** (k - 1));
      for (const r of [0, 0.25, 0.5, 0.75, 0.9999]) {
        const d = retryDelay(k, () => r);
        expect(d).toBeGreaterThanOrEqual(base * 0.8);
        expect(d).toBeLessThanOrEqual(base * 1.2);
      }
    }
  });

  it("a cursor that cannot be kept is a failure: the same post again, never the next", async () => {
    const t = setup();
    t.state.made = 5;
    t.state.ackFails = true;
    t.sender.start();
    await t.step(0);
    await t.reply();
    expect(t.sender.status()).toMatchObject({ failures: 1, lastError: "could not keep the cursor (ENOSPC)" });
    t.state.ackFails = false;
    await t.step(1000);
    expect(t.posts.map((p) => p.batch.items)).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
    await t.reply();
    expect(t.acked).toEqual([1, 2, 3]);
  });

  it("timing files that cannot be read are a failure in words; it tries again", async () => {
    const t = setup();
    t.state.made = 1;
    t.state.nextFails = true;
    t.sender.start();
    await t.step(0);
    expect(t.sender.status()).toMatchObject({
      failures: 1,
      lastError: "could not read the timing files (EIO: disk gone)",
    });
    t.state.nextFails = false;
    await t.step(1000);
    expect(t.posts).toHaveLength(1);
  });

  it("poke(true) (another server, UPLOAD_FROM) cuts a retry's wait short; poke() alone does not", async () => {
    const t = setup();
    t.state.made = 1;
    t.sender.start();
    await t.step(0);
    for (const wait of [1000, 2000]) {
      await t.reply({ ok: false, error: "connection refused" });
      await t.step(wait);
    }
    await t.reply({ ok: false, error: "connection refused" });
    expect(t.sender.status().nextAt).toBe(t.clock.now() + 4000);
    t.sender.poke();
    await t.step(500);
    expect(t.posts).toHaveLength(3);
    // Another server: the failures forgotten, the same batch as soon as the gap allows (not 4 s).
    t.sender.poke(true);
    expect(t.sender.status()).toMatchObject({ failures: 0, lastError: null });
    await t.step(0);
    expect(t.posts).toHaveLength(4);
    expect(t.posts[3]?.batch.items).toEqual([1]);
  });

  it("forget() drops the failed batch: the next is read afresh", async () => {
    const t = setup();
    t.state.made = 2;
    t.sender.start();
    await t.step(0);
    await t.reply({ ok: false, error: "x" });
    t.sender.forget();
    t.state.cursor = 1;
    await t.step(1000);
    expect(t.posts[1]?.batch.items).toEqual([2]);
  });
});

describe("stop", () => {
  it("aborts the post in flight and takes no answer of it; started again, the same batch goes", async () => {
    const t = setup();
    t.state.made = 2;
    t.sender.start();
    await t.step(0);
    const first = t.posts[0];
    const stopped = t.sender.stop();
    expect(first?.signal.aborted).toBe(true);
    first?.answer({ ok: true });
    await stopped;
    await t.step(60_000);
    expect(t.acked).toEqual([]);
    expect(t.sender.status()).toMatchObject({ phase: "stopped", nextAt: null });
    t.sender.start();
    await t.step(0);
    expect(t.posts.map((p) => p.batch.items)).toEqual([
      [1, 2],
      [1, 2],
    ]);
  });

  it("leaves no timer behind", async () => {
    const t = setup();
    t.sender.start();
    await t.step(0);
    expect(t.clock.pending).toBe(1);
    await t.sender.stop();
    expect(t.clock.pending).toBe(0);
  });
});
