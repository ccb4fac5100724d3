// Race control (D12) as the console reads it: the unit's timing dataset as a query, and the words every page shows.
import { useQuery } from "@tanstack/react-query";
import { API, TIMING_DATASET, TimingTelemetry } from "@trc/protocol";
import { type RequestOptions, requestStrict } from "../../api/client.ts";
import { DeviceError } from "../../api/errors.ts";
import { lazyStore } from "../store/lazyStore.ts";
import { deviceKey, useApiBase } from "../unit/deviceSettings.ts";

/** How often the timing dataset is read while a page shows it (the header on every page: a mode change shows within it). */
export const TIMING_REFRESH_MS = 5_000;
/** On the Timing page (programs' "last passing sent", a replay's progress). */
export const TIMING_PAGE_REFRESH_MS = 1_000;

export const timingKey = (base: string) => deviceKey(base, "telemetry", TIMING_DATASET);

/**
 * The timing dataset, or null for a unit without race control (it answers 404: the console hides what needs it).
 * Strict: the console acts on it (Start, Stop, the gun), so a wrong-shaped answer is an error, not a guess.
 */
export async function readTiming(opts: RequestOptions): Promise<TimingTelemetry | null> {
  try {
    return await requestStrict(API.telemetry(TIMING_DATASET), TimingTelemetry, opts);
  } catch (err) {
    if (err instanceof DeviceError && err.status === 404) return null;
    throw err;
  }
}

/** `readTiming` of one unit as a query (the header's, the Timing page's, the fleet's for the unit it talks to). */
export function timingQuery(base: string, refetchMs: number = TIMING_REFRESH_MS) {
  return {
    queryKey: timingKey(base),
    queryFn: ({ signal }: { signal: AbortSignal }) => readTiming({ base, signal, background: true }),
    refetchInterval: refetchMs,
    refetchIntervalInBackground: true,
    retry: false,
  };
}

/** The chosen unit's timing dataset (undefined while loading or failed, null for a unit without it). */
export function useTiming(refetchMs?: number): TimingTelemetry | null | undefined {
  const base = useApiBase();
  return useQuery(timingQuery(base, refetchMs)).data;
}

const count = new Intl.NumberFormat("en-US");

/** "1,234 passings" ("1 passing"). */
export function passingsText(n: number): string {
  return `${count.format(n)} ${n === 1 ? "passing" : "passings"}`;
}

/** The header's words (issue 31): "Test mode" or "Timing · timing_0004.csv · 1,234 passings"; null without the dataset. */
export function timingBadgeText(t: TimingTelemetry | null | undefined): string | null {
  if (!t) return null;
  if (t.mode === "test" || !t.session) return "Test mode";
  return `Timing · ${t.session.file} · ${passingsText(t.session.passings)}`;
}

interface TimingIntent {
  /** When this console last asked each unit (canonical address) to stop timing, browser epoch ms. */
  stopAsked: Record<string, number>;
  askedToStop(base: string, at?: number): void;
}

/**
 * What this console asked of each unit's race control: the alarm `Timing stopped` is for a unit that left timing mode
 * some other way (a reboot, a timing program's STOPREAD), so the Timing page's Stop notes its request here first.
 */
export const useTimingIntent = lazyStore<TimingIntent>()((set) => ({
  stopAsked: {},
  askedToStop: (base, at = Date.now()) => set((s) => ({ stopAsked: { ...s.stopAsked, [base]: at } })),
}));
