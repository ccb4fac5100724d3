// The unit the console talks to: the one way to choose it (selectUnit) and what follows from it (identity, mode).
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { API, type DeviceMode, DeviceNameResponse, unitAddress } from "@trc/protocol";
import { type RequestOptions, requestStrict } from "../../api/client.ts";
import { chooseUnit, currentUnit, useConnection } from "../../api/connection.ts";
import { useAlarms } from "../alarms/alarmStore.ts";
import { useTelemetryHistory } from "../readings/telemetryHistory.ts";
import { apiBase, deviceKey, useApiBase, useDeviceSettings } from "./deviceSettings.ts";

/**
 * Points the console at a unit: the first load, Developer settings' Submit and the fleet's Open all come here.
 * `rootAPI` is an address in any spelling (stored in its canonical form), or empty for the origin that served the
 * page. Another unit than the one before forgets what was known about that one, here and nowhere else: its
 * connection state, its alarms and alarm memory, its sparkline history, its name and mode (they come again with the
 * new unit's identity).
 * The first choice (the first load) has nothing to forget: the stored name and mode are the stored unit's. A unit
 * whose identity `client` has cached (one chosen before) has its name and mode back at once. Cached queries stay: they are keyed by their unit (the clock sync too), so nothing shows another unit's data, nothing is
 * invalidated, and going back to a unit finds its data still there.
 */
export function selectUnit(rootAPI: string, client?: QueryClient): void {
  const stored = rootAPI.trim() ? (unitAddress(rootAPI) ?? rootAPI.trim()) : "";
  const unit = apiBase(stored);
  const changed = useConnection.getState().unit !== null && unit !== currentUnit();
  const settings = useDeviceSettings.getState();
  if (changed) {
    const known = client?.getQueryData<DeviceNameResponse>(identityQuery(unit).queryKey);
    settings.update({
      rootAPI: stored,
      deviceName: known?.deviceName ?? "",
      deviceMode: known?.mode ?? null,
    });
  } else if (settings.rootAPI !== stored) settings.update({ rootAPI: stored });
  chooseUnit(unit);
  if (changed) {
    useAlarms.getState().reset();
    useTelemetryHistory.getState().reset();
  }
}

/**
 * What the unit says it is (GET /api/config/deviceName). Its answer also refreshes the stored settings (SPEC §3).
 * `opts`: the request's timeout and priority (the fleet's poll reads it as its liveness probe).
 */
export function identityQuery(base: string, opts: Pick<RequestOptions, "timeoutMs" | "priority"> = {}) {
  return {
    queryKey: deviceKey(base, "deviceName"),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const identity = await requestStrict(API.deviceName, DeviceNameResponse, { ...opts, base, signal });
      // Stored only while the unit is still the chosen one: the stored name and mode are about that unit.
      if (apiBase(base) === currentUnit())
        useDeviceSettings.getState().update({ deviceName: identity.deviceName, deviceMode: identity.mode });
      return identity;
    },
    retry: 3,
    retryDelay: 2000,
    staleTime: Number.POSITIVE_INFINITY,
  };
}

/**
 * The identity's place in the unit's request queue: ahead of the page's reads (the dashboard's are queued before the
 * first render), so the header's name and mode, and the cards that depend on the mode, come first.
 */
const IDENTITY_PRIORITY = 1;

/** The chosen unit's identity query (one per unit, shared by every caller). */
export function useUnitIdentity() {
  return useQuery(identityQuery(useApiBase(), { priority: IDENTITY_PRIORITY }));
}

/**
 * The chosen unit's name: its identity's answer, else the stored one (from its last answer, kept over a reload;
 * emptied when another unit is chosen).
 */
export function useDeviceName(): string {
  const answered = useUnitIdentity().data?.deviceName;
  const stored = useDeviceSettings((s) => s.deviceName);
  return answered ?? stored;
}

/**
 * The chosen unit's mode, from its identity: null while unknown (another unit just chosen and not answered yet).
 * Until it answers, the mode stored from its last answer stands in (kept over a reload, cleared by a switch), so an hf
 * unit never shows or polls the UHF Antennas card, not even for a moment after a switch from a uhf one.
 */
export function useDeviceMode(): DeviceMode | null {
  const answered = useUnitIdentity().data?.mode;
  const stored = useDeviceSettings((s) => s.deviceMode);
  return answered ?? stored;
}
