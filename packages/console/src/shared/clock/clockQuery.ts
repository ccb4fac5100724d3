// Device Time (SPEC §4, §9): the clock sync as a TanStack query keyed by the unit, its progress, and the verdict.
import { type QueryClient, queryOptions, type UseQueryResult } from "@tanstack/react-query";
import { API, type TimeAccuracy } from "@trc/protocol";
import { type RequestOptions, send } from "../../api/client.ts";
import { DeviceError } from "../../api/errors.ts";
import { lazyStore } from "../store/lazyStore.ts";
import { deviceKey } from "../unit/deviceSettings.ts";
import { accuracyVerdict, SYNC_FAILED_TEXT } from "./accuracy.ts";
import { type ClockEstimate, readDeviceClock, sampleOf, syncClock, type TimeSample } from "./timeSync.ts";

/** Sync requests go after the cards' own requests: their timing is measured when they leave the queue anyway. */
const SYNC_PRIORITY = -1;
/** A sample slower than this is useless for the offset; a hung unit must not hold the sync for 15 × 10 s. */
const SAMPLE_TIMEOUT_MS = 3000;

/**
 * One sample through the API client: its high-resolution send and receive times, and the rtc (or first) source.
 * `opts` names the unit (`base`) and may set a timeout and a signal.
 */
export async function takeSample(opts: RequestOptions = {}): Promise<TimeSample | null> {
  const answer = await send(API.telemetry("time/sources"), {
    priority: SYNC_PRIORITY,
    timeoutMs: SAMPLE_TIMEOUT_MS,
    ...opts,
  });
  if (!answer.ok) throw DeviceError.http(answer.status, answer.body);
  const clock = readDeviceClock(answer.body);
  if (!clock) return null;
  return sampleOf(clock, answer.timing.sent, answer.timing.received);
}

/** What one finished sync found. */
export interface ClockSync {
  estimate: ClockEstimate;
  /** The device's utc_offset (seconds), when it sent one. */
  utcOffset: number | null;
  attempts: number;
}

/** A sync in which every attempt failed: its message is SPEC §8's text, `detail` why the last attempt failed. */
export class ClockSyncError extends Error {
  constructor(readonly detail: string) {
    super(SYNC_FAILED_TEXT);
    this.name = "ClockSyncError";
  }
}

/** The sync's own key: never the card's `time/sources` query (a cached answer has no round trip). */
export const clockKey = (base: string) => deviceKey(base, "clock");

/** Good samples and attempts of the sync under way, per unit (the card's progress line). */
export const useSyncProgress = lazyStore<Record<string, { good: number; attempts: number }>>()(() => ({}));

/** Runs one whole sync of `base` (SPEC §9): up to 15 samples through the API client, stopped when cancelled. */
export async function runClockSync(base: string, signal?: AbortSignal): Promise<ClockSync> {
  const progress = (attempts: number, good: number) =>
    useSyncProgress.setState({ [base]: { attempts, good } });
  progress(0, 0);
  const outcome = await syncClock(() => takeSample(signal ? { base, signal } : { base }), {
    onAttempt: (attempts, good) => !signal?.aborted && progress(attempts, good),
    ...(signal ? { signal } : {}),
  });
  if (!outcome.ok) throw new ClockSyncError(outcome.error);
  return { estimate: outcome.estimate, utcOffset: outcome.utcOffset, attempts: outcome.attempts };
}

/**
 * The dashboard's clock sync of one unit. Run when the Device Time card first shows (and on Requery); a result
 * stays until Requery or Set device time asks again: the clock does not drift within a visit the way data changes.
 */
export function clockQuery(base: string) {
  return queryOptions({
    queryKey: clockKey(base),
    queryFn: ({ signal }) => runClockSync(base, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Another observer of the sync (the alarm watch): reads the result, never starts a sync, keeps one running. */
export function clockResultQuery(base: string) {
  return { ...clockQuery(base), enabled: false };
}

/** What the card shows of the sync: SPEC §4's accuracy states from the query's own status. */
export interface ClockView {
  accuracy: TimeAccuracy;
  /** The last sync's estimate; null before the first and after a failed one. */
  estimate: ClockEstimate | null;
  utcOffset: number | null;
  error: string | null;
  /** Why the last attempt failed, for the tooltip of a faulted query. */
  detail: string | null;
}

export function clockView(q: Pick<UseQueryResult<ClockSync>, "status" | "data" | "error" | "fetchStatus">) {
  const ok = q.status === "success" ? q.data : undefined;
  const failed = q.status === "error" ? q.error : null;
  const accuracy: TimeAccuracy =
    q.fetchStatus === "fetching"
      ? "QUERYING"
      : ok
        ? accuracyVerdict(ok.estimate.offsetMs, ok.estimate.delayMs)
        : failed
          ? "NO_GOOD_RESULTS"
          : "NOT_QUERIED";
  return {
    accuracy,
    estimate: ok?.estimate ?? null,
    utcOffset: ok?.utcOffset ?? null,
    error: failed ? SYNC_FAILED_TEXT : null,
    detail: failed ? (failed instanceof ClockSyncError ? failed.detail : failed.message) : null,
  } satisfies ClockView;
}

/**
 * A sync that starts after any running one has ended, so its samples are all newer than this call (the check after
 * Set device time). Resolves with the sync's result, or null when it failed.
 */
export async function resyncClock(client: QueryClient, base: string): Promise<ClockSync | null> {
  const filters = { queryKey: clockKey(base), exact: true };
  if (client.isFetching(filters)) await client.refetchQueries(filters, { cancelRefetch: false });
  await client.refetchQueries(filters);
  const state = client.getQueryState<ClockSync>(clockKey(base));
  return state?.status === "success" ? (state.data ?? null) : null;
}
