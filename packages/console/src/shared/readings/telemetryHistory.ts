// In-memory history since the page opened: a few series (battery, temps, passings) of one unit for the sparklines, a
// store fed by the telemetry queries' answers (telemetryCollect.ts), never by a query function.
import { unitKey } from "../../api/connection.ts";
import { lazyStore } from "../store/lazyStore.ts";

export interface Point {
  t: number;
  v: number;
}

/** Enough for hours of auto refresh and a long session of manual refreshes. */
export const HISTORY_LIMIT = 240;

interface TelemetryHistory {
  /** The unit (canonical address) whose points are kept: a point of another unit starts the history afresh. */
  unit: string;
  series: Readonly<Record<string, readonly Point[]>>;
  /** Adds the finite values of one answer of `unit` (any spelling) read at `t`; the oldest fall off past the limit. */
  record(unit: string, t: number, values: Readonly<Record<string, number | undefined>>): void;
  /** Forgets every point (another unit was chosen). */
  reset(): void;
}

export const useTelemetryHistory = lazyStore<TelemetryHistory>()((set, get) => ({
  unit: "",
  series: {},
  record(unit, t, values) {
    const key = unitKey(unit);
    const series = { ...(key === get().unit ? get().series : {}) };
    let added = false;
    for (const [name, v] of Object.entries(values)) {
      if (!Number.isFinite(v)) continue;
      series[name] = [...(series[name] ?? []), { t, v: v as number }].slice(-HISTORY_LIMIT);
      added = true;
    }
    if (added) set({ unit: key, series });
  },
  reset: () => set({ unit: "", series: {} }),
}));

const NONE: readonly Point[] = [];

/**
 * A series of `unit` (any spelling; the readers pass the chosen one): none while the points kept are another unit's
 * (one just left, whose late answer may land after the switch). Without `unit`: whichever unit's are kept.
 */
export function history(key: string, unit?: string): readonly Point[] {
  const kept = useTelemetryHistory.getState();
  if (unit !== undefined && unitKey(unit) !== kept.unit) return NONE;
  return kept.series[key] ?? NONE;
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
