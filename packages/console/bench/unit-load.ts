// What the emulated units received, counted on their side: each unit's own request monitor (its first middleware),
// with the units that have a request open at once and the requests open over all of them.
import type { RequestStats, RunningDevice } from "@trc/device";

export interface LoadFigures {
  /** API requests the units received. */
  requests: number;
  /** The most requests any one unit had open (received, not yet answered) at once: its monitor's own figure. */
  perUnit: number;
  /** The most units with at least one request open at once. */
  units: number;
  /** The most requests open over all units at once. */
  inAll: number;
}

/** Counts from now: gives each unit's monitor fresh statistics whose open count reports its changes. */
export function countLoad(units: readonly RunningDevice[]): { figures(): LoadFigures } {
  let unitsOpen = 0;
  let mostUnits = 0;
  let inAll = 0;
  let mostInAll = 0;
  const stats = units.map((unit): RequestStats => {
    let open = 0;
    const counted: RequestStats = {
      maxInFlight: 0,
      requests: 0,
      maxHandling: 0,
      handling: 0,
      get inFlight() {
        return open;
      },
      set inFlight(next: number) {
        inAll += next - open;
        if (open === 0 && next > 0) unitsOpen++;
        if (open > 0 && next === 0) unitsOpen--;
        open = next;
        mostUnits = Math.max(mostUnits, unitsOpen);
        mostInAll = Math.max(mostInAll, inAll);
      },
    };
    unit.instruments.monitor.stats = counted;
    return counted;
  });
  return {
    figures: () => ({
      requests: stats.reduce((sum, s) => sum + s.requests, 0),
      perUnit: Math.max(0, ...stats.map((s) => s.maxInFlight)),
      units: mostUnits,
      inAll: mostInAll,
    }),
  };
}
