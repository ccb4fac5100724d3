// A hand-drawn SVG sparkline of an in-memory history series (beyond the spec).
import { history, sparkPath } from "../shared/telemetryHistory.ts";

const W = 120;
const H = 24;

export function Sparkline({ series, label }: { series: string; label: string }) {
  const points = history(series);
  const path = sparkPath(points, W, H);
  if (!path) return null;
  return (
    <svg
      className="spark"
      width={W}
      height={H}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`${label}: ${points.length} readings since the page opened`}
    >
      <polyline points={path} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
