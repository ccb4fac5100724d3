// Fleet polling: one TanStack query per unit (a liveness probe, then its datasets) and one for a short clock sync.
import type { QueryClient } from "@tanstack/react-query";
import { API, TELEMETRY_SCHEMAS, TIMING_DATASET } from "@trc/protocol";
import { type RequestOptions, request } from "../api/client.ts";
import { errorText } from "../api/errors.ts";
import { takeSample } from "../shared/clock/clockQuery.ts";
import { type ClockEstimate, syncClock } from "../shared/clock/timeSync.ts";
import { readTiming, timingQuery } from "../shared/race/timing.ts";
import { datasetQuery } from "../shared/readings/telemetryQueries.ts";
import { fedTo } from "../shared/store/queryFeed.ts";
import { apiBase, deviceKey } from "../shared/unit/deviceSettings.ts";
import { identityQuery } from "../shared/unit/unit.ts";
import { useFleetHistory } from "./fleetHistory.ts";
import type { FleetAnswer, FleetData, FleetDataset, FleetReading } from "./reading.ts";

export type { FleetAnswer, FleetData, FleetDataset, FleetReading } from "./reading.ts";

/** Each unit is polled this often (while the tab is visible). */
export const FLEET_POLL_MS = 15_000;
/** A request to a unit that takes longer has failed: a dead unit holds a slot no longer than this. */
export const FLEET_TIMEOUT_MS = 5_000;
/** The clock is synced again this often; a short sync: 3 good samples wanted, 6 attempts at most. */
export const FLEET_CLOCK_MS = 5 * 60_000;
export const FLEET_SYNC = { wanted: 3, maxAttempts: 6 } as const;

/** A unit that did not answer its last poll: its probe waits until no other unit's request is waiting. */
const SUSPECT_PRIORITY = -2;

/** A request to one unit of the fleet (through its own gate and the client's gate over all units), 5 s timeout. */
export function fleetRequest(base: string, signal?: AbortSignal): RequestOptions & { base: string } {
  return { base, timeoutMs: FLEET_TIMEOUT_MS, signal };
}

/** Read at every poll (timing: the Mode and Programs columns, race control's D12 dataset). */
const EVERY_POLL = [
  "battery",
  "passings",
  "uhf/ports",
  TIMING_DATASET,
] as const satisfies readonly FleetDataset[];
/** Read at every other poll (30 s, as often as the alarm watch reads them): they change slowly; only firmware is
 * shown, the rest feed the alarm rules, so those go after every unit's shown figures (lower priority). */
const EVERY_OTHER_POLL = [
  "firmware",
  "storage",
  "hw/temp",
  "cellular",
] as const satisfies readonly FleetDataset[];
const ALARMS_ONLY = new Set<FleetDataset>(["storage", "hw/temp", "cellular"]);

/** The datasets a poll reads (uhf/ports only on a uhf unit; the slow ones at even polls or when never read). */
export function fleetDatasets(mode: string, poll: number, have: FleetData = {}): FleetDataset[] {
  const slow = EVERY_OTHER_POLL.filter((d) => poll % 2 === 0 || have[d] === undefined);
  return [...EVERY_POLL, ...slow].filter((d) => d !== "uhf/ports" || mode === "uhf");
}

/** The fleet's query keys, one factory: everything the fleet keeps of a unit starts with `unit(base)`. */
export const fleetKeys = {
  unit: (base: string) => deviceKey(base, "fleet"),
  poll: (base: string) => deviceKey(base, "fleet", "poll"),
  clock: (base: string) => deviceKey(base, "fleet", "clock"),
  /** Its configuration values, read for the Profile column (fleet/useProfileCompare.ts). */
  config: (base: string) => deviceKey(base, "fleet", "config"),
};

/**
 * One poll, which only fetches and answers what it read: the name first (a dead unit costs one request, not eight),
 * then the datasets side by side. `last`: the unit's reading so far (from the fleet's history), which says which slow
 * datasets are due. `failed`: the last poll got no answer, so the probe goes after every other unit's requests.
 * `shared`: the console's cache. The name and mode are read fresh through the unit's identity query, so a unit opened
 * from the fleet has them at once (`selectUnit`); the unit the console is pointed at is read through its telemetry
 * queries (`readDataset`).
 */
export async function pollUnit(
  shared: QueryClient,
  base: string,
  last?: FleetReading,
  signal?: AbortSignal,
  failed = false,
): Promise<FleetAnswer> {
  const opts = fleetRequest(base, signal);
  const probe = { timeoutMs: FLEET_TIMEOUT_MS, ...(failed ? { priority: SUSPECT_PRIORITY } : {}) };
  const id = await shared.fetchQuery({ ...identityQuery(base, probe), staleTime: 0, retry: false });
  const mode = id.mode;
  const due = fleetDatasets(mode, last ? last.poll + 1 : 0, last?.mode === mode ? last.data : {});
  const data: FleetData = {};
  const errors: FleetAnswer["errors"] = {};
  await Promise.all(
    due.map(async (dataset) => {
      try {
        const priority = ALARMS_ONLY.has(dataset) ? -1 : 0;
        (data as Record<string, unknown>)[dataset] = await readDataset(
          dataset,
          { ...opts, priority },
          shared,
        );
      } catch (err) {
        if (signal?.aborted) throw err;
        errors[dataset] = errorText(err);
      }
    }),
  );
  return { name: id.deviceName, mode, data, errors, at: Date.now() };
}

/**
 * One dataset of a poll. The unit the console is pointed at is read through the dashboard's and the alarm watch's
 * query (the same key; timing: the header's), so a reading either of them took in the last poll period is used, not
 * asked for again.
 */
async function readDataset(
  dataset: FleetDataset,
  opts: RequestOptions & { base: string },
  shared: QueryClient,
): Promise<unknown> {
  const here = opts.base === apiBase();
  if (dataset === TIMING_DATASET)
    return here
      ? shared.fetchQuery({ ...timingQuery(opts.base), staleTime: FLEET_POLL_MS - 1000, retry: false })
      : readTiming(opts);
  if (here) {
    const traffic = { background: true, priority: opts.priority ?? 0 };
    const query = datasetQuery(shared, opts.base, dataset, traffic);
    return (await shared.fetchQuery({ ...query, staleTime: FLEET_POLL_MS - 1000, retry: false })).data;
  }
  return (await request(API.telemetry(dataset), TELEMETRY_SCHEMAS[dataset], opts)).data;
}

/**
 * A unit's poll. Its function only fetches; each answer then feeds the fleet's history (`record`), which keeps what
 * the row shows; `last` (that history's reading) says which slow datasets the next poll reads.
 */
export function fleetQuery(client: QueryClient, base: string, last?: FleetReading) {
  const queryKey = fleetKeys.poll(base);
  return {
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      pollUnit(client, base, last, signal, client.getQueryState(queryKey)?.status === "error"),
    ...fedTo<FleetAnswer>(client, {
      answer: (answer) => useFleetHistory.getState().record(base, answer),
      removed: () => useFleetHistory.getState().forget(base),
    }),
    refetchInterval: FLEET_POLL_MS,
    // TanStack skips interval ticks while the tab is hidden, and polls again when it is shown.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: FLEET_POLL_MS - 1000,
    retry: false,
  };
}

/** A short clock sync of one unit (low priority: the polls go first); fails when no sample came back. */
export async function syncUnitClock(base: string, signal?: AbortSignal): Promise<ClockEstimate> {
  const outcome = await syncClock(
    () => takeSample({ ...fleetRequest(base, signal), timeoutMs: 3000 }),
    signal ? { ...FLEET_SYNC, signal } : FLEET_SYNC,
  );
  if (!outcome.ok) throw new Error(outcome.error || "Unable to fetch device time.");
  return outcome.estimate;
}

export function fleetClockQuery(base: string, enabled: boolean) {
  return {
    queryKey: fleetKeys.clock(base),
    queryFn: ({ signal }: { signal: AbortSignal }) => syncUnitClock(base, signal),
    enabled,
    refetchInterval: FLEET_CLOCK_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: false,
    staleTime: FLEET_CLOCK_MS,
    retry: false,
  };
}
