// The backlog line (issue 20 §3) for the Passings card and the Live page: Left now, its trend, drain rate, time to clear.
import { type Backlog, backlogText } from "../shared/readings/backlog.ts";
import { unitBacklog } from "../shared/unit/backlog.ts";
import { useApiBase } from "../shared/unit/deviceSettings.ts";
import { useUnitRecord } from "../shared/unit/records.ts";

/**
 * The chosen unit's backlog from its record's passings series (the card, the Live page's polling or the alarm watch
 * fetch them); recomputed on each answer, its ages at that answer's time.
 */
export function useBacklog(): Backlog {
  const record = useUnitRecord(useApiBase());
  return unitBacklog(record, record?.readAt.passings ?? 0);
}

/** One line, e.g. "Backlog: 40 unsent, draining 20/min, clear in 2 min"; `data-trend` for styling and tests. */
export function BacklogSummary({ className = "backlog" }: { className?: string }) {
  const b = useBacklog();
  return (
    <p className={className} data-testid="backlog" data-trend={b.trend}>
      {backlogText(b)}
    </p>
  );
}
