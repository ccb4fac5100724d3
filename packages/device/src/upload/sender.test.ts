// Unit tests of the upload's sender (D14) on a manual clock and fake I/O: order and one acknowledgement each, the gap
// between posts, one step at a time, stop during a post, resets, empty batches. Failures: sender-failures.test.ts.
import { describe, expect, it } from "vitest";
import { manualClock } from "../clock/manual-clock.ts";
import { flush, setup, type TestBatch } from "./sender.fakes.ts";
import { type PostResult, Sender } from "./sender.ts";

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
