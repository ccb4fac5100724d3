// Unit tests of the upload's sender (D14) when posts or the disk fail: the same post again after 1, 2, 4 … 60 s ± 20 %,
// nothing dropped or skipped. The fakes: sender.fakes.ts.
import { describe, expect, it } from "vitest";
import { setup } from "./sender.fakes.ts";
import { retryDelay } from "./sender.ts";

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
