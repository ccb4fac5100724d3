// Small statistics for the benchmarks: percentiles of absolute errors, formatted as a Markdown table row.

/** The p-th percentile (0..100) by linear interpolation between closest ranks. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (rank - lo);
}

export const ms = (v: number, digits = 2) => (Number.isFinite(v) ? `${v.toFixed(digits)} ms` : "—");

export function verdict(ok: boolean): string {
  return ok ? "met" : "**not met**";
}
