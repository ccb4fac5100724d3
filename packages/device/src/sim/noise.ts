// Smooth, repeatable pseudo-random signals of time (telemetry without timers), and seeded sequences (DEVICE_SEED).

function hash(seed: number, n: number): number {
  let x = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(n, 0xc2b2ae35);
  x ^= x >>> 15;
  x = Math.imul(x, 0x2c1b3c6d);
  x ^= x >>> 12;
  x = Math.imul(x, 0x297a2d39);
  x ^= x >>> 15;
  return (x >>> 0) / 2 ** 32;
}

/** Value noise in [-1, 1]: changes smoothly over `periodS` seconds, the same for the same seed and time. */
export function smoothNoise(seed: number, tSeconds: number, periodS: number): number {
  const x = tSeconds / periodS;
  const i = Math.floor(x);
  const f = x - i;
  const s = f * f * (3 - 2 * f);
  const a = hash(seed, i) * 2 - 1;
  const b = hash(seed, i + 1) * 2 - 1;
  return a + (b - a) * s;
}

export function round(value: number, decimals: number): number {
  const k = 10 ** decimals;
  return Math.round(value * k) / k;
}

/** A number in [min, max) from `random`. */
export function randomBetween(random: () => number, min: number, max: number): number {
  return min + random() * (max - min);
}

/** A repeatable random sequence in [0, 1) for `seed` (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** The unit's random sequences, one per use, so draws for one never shift another's (chaos replays from its seed). */
export const RANDOM_STREAMS = { chaos: 1, faults: 2, latency: 3, upload: 4 } as const;

/** The sequence `stream` of a unit seeded with `seed` (DEVICE_SEED). */
export function randomStream(seed: number, stream: number): () => number {
  return seededRandom(Math.floor(hash(seed, stream) * 2 ** 32));
}

/** A whole number in [min, max] from `random`. */
export function wholeBetween(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
