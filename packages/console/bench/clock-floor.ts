// What the benchmark's jitter allows at best: a simulation (not a measurement) of an ideal interval intersection.
import { percentile } from "./stats.ts";

export interface FloorOptions {
  jitterMs: readonly [number, number];
  attempts: number;
  /** Syncs per benchmark run, to say how often such a run's p95 meets the target. */
  syncsPerRun: number;
  targetP95Ms: number;
  seed?: number;
}

export interface Floor {
  medianMs: number;
  p95Ms: number;
  /** Share of simulated runs of `syncsPerRun` syncs whose p95 is within the target. */
  runsMeetingTarget: number;
}

/** mulberry32: a small seeded generator, so the figures repeat run to run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Each attempt waits a uniform `jitterMs` before the device reads its clock and another after, with no other
 * noise (no timer slack, no whole-millisecond flooring). Intersecting every attempt's bounds leaves
 * [offset − min(after), offset + min(before)], so the ideal estimate is off by |min(before) − min(after)| / 2.
 */
export function simulateFloor(o: FloorOptions): Floor {
  const random = seeded(o.seed ?? 2026);
  const [lo, hi] = o.jitterMs;
  const wait = () => lo + (hi - lo) * random();
  const sync = () => {
    let before = Number.POSITIVE_INFINITY;
    let after = Number.POSITIVE_INFINITY;
    for (let i = 0; i < o.attempts; i++) {
      before = Math.min(before, wait());
      after = Math.min(after, wait());
    }
    return Math.abs(before - after) / 2;
  };
  const many = Array.from({ length: 100_000 }, sync);
  const runs = 2000;
  let meeting = 0;
  for (let r = 0; r < runs; r++) {
    const run = Array.from({ length: o.syncsPerRun }, sync);
    if (percentile(run, 95) <= o.targetP95Ms) meeting++;
  }
  return {
    medianMs: percentile(many, 50),
    p95Ms: percentile(many, 95),
    runsMeetingTarget: meeting / runs,
  };
}
