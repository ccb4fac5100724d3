// The unit's uhf/config (D13: region, uhf_power, the transmitter, each port on or off and its power) as its own query,
// keyed as every dataset (`telemetryKey`); null for a unit without it (404: the card shows nothing of it, no error).
import { useQuery } from "@tanstack/react-query";
import { API, TELEMETRY_SCHEMAS } from "@trc/protocol";
import { request } from "../api/client.ts";
import { DeviceError } from "../api/errors.ts";
import { shouldRetry } from "../shared/readings/datasetState.ts";
import { intervalMs, refreshMinutes } from "../shared/readings/refreshInterval.ts";
import { type Reading, telemetryKey } from "../shared/readings/telemetryQueries.ts";
import { useApiBase } from "../shared/unit/deviceSettings.ts";

/**
 * After the dashboard's cards (the alarm watch's traffic: background, lowest priority): the settings change only by a
 * command or a configuration set, and the card's own commands read it again at once.
 */
const CONFIG_TRAFFIC = { background: true, priority: -2 } as const;

export function uhfConfigQuery(base: string) {
  return {
    queryKey: telemetryKey(base, "uhf/config"),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Reading<"uhf/config"> | null> => {
      try {
        const parsed = await request(API.telemetry("uhf/config"), TELEMETRY_SCHEMAS["uhf/config"], {
          base,
          signal,
          ...CONFIG_TRAFFIC,
        });
        return { data: parsed.data as Reading<"uhf/config">["data"], issues: parsed.issues };
      } catch (err) {
        if (err instanceof DeviceError && err.status === 404) return null;
        throw err;
      }
    },
    // As often as the card's ports (its caption's interval): Auto: OFF reads neither again by itself.
    refetchInterval: intervalMs(refreshMinutes("uhf/ports")),
    refetchIntervalInBackground: true,
    retry: shouldRetry,
  };
}

/** The chosen unit's uhf/config: its reading, null without one (404), undefined while loading or failed. */
export function useUhfConfig() {
  return useQuery(uhfConfigQuery(useApiBase()));
}
