// The seeded random sequences (mulberry32) behind DEVICE_SEED: repeatable, in [0, 1), independent per stream.
import { describe, expect, it } from "vitest";
import { RANDOM_STREAMS, randomBetween, randomStream, seededRandom, wholeBetween } from "./noise.ts";

const take = (random: () => number, n: number) => Array.from({ length: n }, () => random());

describe("seededRandom", () => {
  it("keeps its sequence: a changed generator would replay no recorded seed", () => {
    // The first draws of seed 1, times 2^32 (pinned when DEVICE_SEED came in).
    expect(take(seededRandom(1), 3).map((x) => x * 2 ** 32)).toEqual([2693262067, 11749833, 2265367787]);
  });

  it("the same seed gives the same sequence, another seed another", () => {
    expect(take(seededRandom(42), 50)).toEqual(take(seededRandom(42), 50));
    expect(take(seededRandom(42), 50)).not.toEqual(take(seededRandom(43), 50));
    // Seeds are 32-bit: 2^32 + 42 is 42.
    expect(take(seededRandom(2 ** 32 + 42), 5)).toEqual(take(seededRandom(42), 5));
  });

  it("stays in [0, 1) and spreads evenly", () => {
    const xs = take(seededRandom(7), 20_000);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    const buckets = Array.from({ length: 10 }, (_, i) => xs.filter((x) => Math.floor(x * 10) === i).length);
    for (const n of buckets) expect(Math.abs(n - 2000)).toBeLessThan(200);
  });
});

describe("randomStream", () => {
  it("gives each use its own repeatable sequence from one seed", () => {
    const chaos = take(randomStream(5, RANDOM_STREAMS.chaos), 20);
    expect(take(randomStream(5, RANDOM_STREAMS.chaos), 20)).toEqual(chaos);
    expect(take(randomStream(5, RANDOM_STREAMS.faults), 20)).not.toEqual(chaos);
    expect(take(randomStream(6, RANDOM_STREAMS.chaos), 20)).not.toEqual(chaos);
  });
});

describe("randomBetween and wholeBetween", () => {
  it("map the draws onto their ranges", () => {
    const draws = [0, 0.5, 0.999999];
    const next = () => draws.shift() ?? 0;
    expect([randomBetween(next, 20, 80), randomBetween(next, 20, 80)]).toEqual([20, 50]);
    expect(randomBetween(next, 20, 80)).toBeLessThan(80);
    const whole = [0, 0.999999];
    const w = () => whole.shift() ?? 0;
    expect([wholeBetween(w, 3, 5), wholeBetween(w, 3, 5)]).toEqual([3, 5]);
  });
});
