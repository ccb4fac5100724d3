// The header's race control badge (issue 31): "Test mode" or "Timing · file · N passings"; nothing for a unit without
// it. Its words come from the unit's record, as its Fleet row's Mode column does.
import { timingBadgeText, useTiming } from "../shared/race/timing.ts";
import { useApiBase } from "../shared/unit/deviceSettings.ts";
import { useUnitRecord } from "../shared/unit/records.ts";

export function TimingBadge() {
  // The header's query keeps the timing dataset read (every 5 s) while any page shows; its answers fill the record.
  const asked = useTiming();
  const timing = useUnitRecord(useApiBase())?.data.timing ?? asked;
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
