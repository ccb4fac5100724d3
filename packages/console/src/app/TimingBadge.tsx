// The header's race control badge (issue 31): "Test mode" or "Timing · file · N passings"; nothing for a unit without it.
import { timingBadgeText, useTiming } from "../shared/race/timing.ts";

export function TimingBadge() {
  const timing = useTiming();
  const text = timingBadgeText(timing);
  if (!text) return null;
  return (
    <span
      className={`badge ${timing?.mode === "timing" ? "badge-green" : "badge-yellow"}`}
      data-testid="timing-badge"
    >
      {text}
    </span>
  );
}
