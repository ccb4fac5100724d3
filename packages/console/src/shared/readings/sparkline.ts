// A sparkline's drawing, pure: a series of readings over time (a unit record's, shared/unit/record.ts) as SVG points.

export interface Point {
  t: number;
  v: number;
}

/** SVG polyline points for a series in a w×h box (value axis from min to max, time left to right). */
export function sparkPath(points: readonly Point[], w: number, h: number): string {
  if (points.length < 2) return "";
  const first = points[0] as Point;
  const last = points[points.length - 1] as Point;
  const span = last.t - first.t || 1;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const p of points) {
    lo = Math.min(lo, p.v);
    hi = Math.max(hi, p.v);
  }
  const range = hi - lo || 1;
  const pad = 1;
  return points
    .map((p) => {
      const x = ((p.t - first.t) / span) * w;
      const y = hi === lo ? h / 2 : pad + (1 - (p.v - lo) / range) * (h - 2 * pad);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
}
