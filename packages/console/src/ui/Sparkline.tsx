// A hand-drawn SVG sparkline (beyond the spec): a telemetry history series of the chosen unit by name, or any points given.

import { history, type Point, sparkPath } from "../shared/readings/telemetryHistory.ts";
import { useApiBase } from "../shared/unit/deviceSettings.ts";

const W = 120;
const H = 24;

interface SparklineProps {
  label: string;
  /** A series of the in-memory telemetry history ("battery", "passings:seen"...). */
  series?: string;
  /** Points to draw instead (e.g. the Live page's reads per second); `label` is then the whole description. */
  points?: readonly Point[];
  className?: string;
}

export function Sparkline({ series, points, label, className = "spark" }: SparklineProps) {
  const unit = useApiBase();
  const drawn = points ?? history(series ?? "", unit);
  const path = sparkPath(drawn, W, H);
  if (!path) return null;
  return (
    <svg
      className={className}
      width={W}
      height={H}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={points ? label : `${label}: ${drawn.length} readings since the page opened`}
    >
      <polyline points={path} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
