// The backlog line (issue 20 §3) for the Passings card and the Live page: Left now, its trend, drain rate, time to clear.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type Backlog, backlog, backlogText, passingsPoints } from "../shared/readings/backlog.ts";
import { datasetQuery } from "../shared/readings/telemetryQueries.ts";
import { useApiBase } from "../shared/unit/deviceSettings.ts";

/**
 * The chosen unit's backlog from the passings readings kept since the page opened. It only observes the passings
 * query (the card, the Live page's polling or the alarm watch fetch it) and recomputes on each answer.
 */
export function useBacklog(): Backlog {
  const client = useQueryClient();
  const base = useApiBase();
  const q = useQuery({ ...datasetQuery(client, base, "passings"), enabled: false });
  // The history is recorded by the query's fetch; each answer's time makes it recompute (ages are at that time).
  return backlog(passingsPoints(), q.dataUpdatedAt);
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
