// In-memory history since the page opened: a few series (battery, temps, passings) of one unit for the sparklines.
import { unitKey } from "../api/connection.ts";

export interface Point {
  t: number;
  v: number;
}

/** Enough for hours of auto refresh and a long session of manual refreshes. */
export const HISTORY_LIMIT = 240;

const series = new Map<string, Point[]>();
/** The unit (canonical address) whose points are kept: a point of another unit starts the history afresh. */
let unitOfSeries = "";

/** Adds a point of `unit` (any spelling); a non-finite value is ignored; the oldest points fall off past the limit. */
export function record(key: string, v: number | undefined, t: number = Date.now(), unit = ""): void {
  if (typeof v !== "number" || !Number.isFinite(v)) return;
  if (unitKey(unit) !== unitOfSeries) {
    series.clear();
    unitOfSeries = unitKey(unit);
  }
  let list = series.get(key);
  if (!list) {
    list = [];
    series.set(key, list);
  }
  list.push({ t, v });
  if (list.length > HISTORY_LIMIT) list.splice(0, list.length - HISTORY_LIMIT);
}

/**
 * A series of `unit` (any spelling; the readers pass the chosen one): none while the points kept are another unit's
 * (one just left, whose late answer may land after the switch). Without `unit`: whichever unit's are kept.
 */
export function history(key: string, unit?: string): readonly Point[] {
  if (unit !== undefined && unitKey(unit) !== unitOfSeries) return [];
  return series.get(key) ?? [];
}

export function clearHistory(): void {
  series.clear();
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
