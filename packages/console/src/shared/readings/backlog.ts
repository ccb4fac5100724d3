// The backlog (issue 20 §3), pure: from Passings readings over time, Left now, its trend, how fast it drains, when it clears.
import { history } from "./telemetryHistory.ts";

/** One answer of the passings dataset: `left` passings not yet sent, `seen` reads so far, read at `t` (epoch ms). */
export interface PassingsPoint {
  t: number;
  left: number;
  seen: number;
}

export type BacklogTrend = "empty" | "growing" | "draining" | "steady" | "unknown";

export interface Backlog {
  /** Left at the latest reading; null before any. */
  left: number | null;
  trend: BacklogTrend;
  /** Net passings sent per minute (Left falling), when draining. */
  drainPerMinute: number | null;
  /** Net passings added per minute (Left rising), when growing. */
  growPerMinute: number | null;
  /** Time until Left reaches 0 at the drain rate, ms, when draining. */
  clearInMs: number | null;
  /** How long Left has grown while reads came in (0 when it is not growing), ms: the `Backlog growing` alarm. */
  growingForMs: number;
  /** Age of the latest reading at `now`, ms. */
  ageMs: number | null;
}

/** The trend and its rate: since Left last turned, at most this far back (at least the previous step). */
export const TREND_WINDOW_MS = 2 * 60_000;
/** Readings are compared in steps at least this long (the watch reads every 30 s, the Live page may every 2 s). */
export const STEP_MS = 20_000;

/** A finite number (`Number.isFinite` is false for anything but a number: no coercion). */
const finite = (v: unknown): v is number => Number.isFinite(v);

/** The readings compared, newest first: the latest, then each the latest one at least STEP_MS before the last taken. */
function steps(points: readonly PassingsPoint[]): PassingsPoint[] {
  const out: PassingsPoint[] = [];
  for (const p of points.toReversed()) {
    const after = out[out.length - 1];
    if (!after || after.t - p.t >= STEP_MS) out.push(p);
  }
  return out;
}

/** The history's passings series joined by time (both are recorded from one answer), oldest first. */
export function passingsPoints(
  left: readonly { t: number; v: number }[] = history("passings:left"),
  seen: readonly { t: number; v: number }[] = history("passings:seen"),
): PassingsPoint[] {
  const seenAt = new Map(seen.map((p) => [p.t, p.v]));
  return left.flatMap((p) => {
    const s = seenAt.get(p.t);
    return finite(s) ? [{ t: p.t, left: p.v, seen: s }] : [];
  });
}

/**
 * How long Left has been growing while reads came in: over the steps back from the latest reading, each showing Left
 * and Seen higher than the step before; a step where Left did not rise (reads came in and the link sent them, or
 * nothing came in) or Seen did not ends it. 0 when the latest step is not one of growth.
 */
export function growingForMs(points: readonly PassingsPoint[]): number {
  const [last, ...older] = steps(points);
  let from = last;
  for (const p of older) {
    if (!from || p.left >= from.left || p.seen >= from.seen) break;
    from = p;
  }
  return last && from ? last.t - from.t : 0;
}

/** The backlog from the readings (any order; non-finite ones ignored) at `now`. */
export function backlog(readings: readonly PassingsPoint[], now: number): Backlog {
  const points = readings
    .filter((p) => finite(p.t) && finite(p.left) && finite(p.seen))
    .toSorted((a, b) => a.t - b.t);
  const last = points[points.length - 1];
  const none = { drainPerMinute: null, growPerMinute: null, clearInMs: null };
  if (!last) return { left: null, trend: "unknown", ...none, growingForMs: 0, ageMs: null };
  const base = { left: last.left, growingForMs: growingForMs(points), ageMs: Math.max(0, now - last.t) };
  if (last.left <= 0) return { ...base, trend: "empty", ...none };
  // The reference: back from the previous step while Left kept moving the way it moves now, within the window.
  const [, prev, ...older] = steps(points);
  if (!prev) return { ...base, trend: "unknown", ...none };
  let ref = prev;
  const up = last.left > prev.left;
  for (const p of last.left === prev.left ? [] : older) {
    if (p.t < last.t - TREND_WINDOW_MS || (up ? p.left >= ref.left : p.left <= ref.left)) break;
    ref = p;
  }
  const perMinute = ((last.left - ref.left) / (last.t - ref.t)) * 60_000;
  if (perMinute > 0) return { ...base, trend: "growing", ...none, growPerMinute: perMinute };
  if (perMinute < 0) {
    const drain = -perMinute;
    return {
      ...base,
      trend: "draining",
      ...none,
      drainPerMinute: drain,
      clearInMs: (last.left / drain) * 60_000,
    };
  }
  return { ...base, trend: "steady", ...none };
}

/** A duration for people, rounded up to what matters: "45 s", "3 min", "2 h 10 min". */
export function durationText(ms: number): string {
  if (!finite(ms) || ms < 0) return "—";
  const s = Math.ceil(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.ceil(s / 60);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

const rate = (n: number) => (n >= 10 ? Math.round(n).toString() : n.toFixed(1));

/** The one line shown on the Passings card and the Live page. */
export function backlogText(b: Backlog): string {
  if (b.left === null) return "Backlog: no reading yet";
  if (b.trend === "empty") return "Backlog: empty, every passing sent";
  const head = `Backlog: ${b.left} unsent`;
  switch (b.trend) {
    case "growing":
      return `${head}, growing (+${rate(b.growPerMinute ?? 0)}/min)`;
    case "draining":
      return `${head}, draining ${rate(b.drainPerMinute ?? 0)}/min, clear in ${durationText(b.clearInMs ?? 0)}`;
    case "steady":
      return `${head}, steady (not draining)`;
    default:
      return `${head}, trend after the next reading`;
  }
}
