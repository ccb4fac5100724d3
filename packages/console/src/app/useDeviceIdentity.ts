// Refreshes the device name and mode from GET /api/config/deviceName and keeps the tab title in step (D1, alarms).
import { useQuery } from "@tanstack/react-query";
import { API, DeviceNameResponse, PAGE_TITLE_PREFIX } from "@trc/protocol";
import { useEffect } from "react";
import { useAlarms } from "../alarms/store.ts";
import { requestStrict } from "../api/client.ts";
import {
  DEVICE_NAME_PLACEHOLDER,
  deviceKey,
  useApiBase,
  useDeviceSettings,
} from "../shared/deviceSettings.ts";

/** The tab title must not let an alarm be missed: it starts with this while any listed alarm is unacknowledged. */
export const ALARM_TITLE_PREFIX = "(!) ";

/** `TRC | {deviceName}` (D1), marked while an alarm waits for its acknowledgement. */
export function tabTitle(deviceName: string, unacknowledged: boolean): string {
  return `${unacknowledged ? ALARM_TITLE_PREFIX : ""}${PAGE_TITLE_PREFIX}${deviceName || DEVICE_NAME_PLACEHOLDER}`;
}

/** Keeps the tab title in step with the device name and the alarms. */
export function useTabTitle(): void {
  const deviceName = useDeviceSettings((s) => s.deviceName);
  const unacknowledged = useAlarms((s) => s.list.some((a) => !a.acknowledged));
  useEffect(() => {
    document.title = tabTitle(deviceName, unacknowledged);
  }, [deviceName, unacknowledged]);
}

export function useDeviceIdentity() {
  const base = useApiBase();
  const query = useQuery({
    queryKey: deviceKey(base, "deviceName"),
    queryFn: ({ signal }) => requestStrict(API.deviceName, DeviceNameResponse, { base, signal }),
    retry: 3,
    retryDelay: 2000,
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (query.data)
      useDeviceSettings.getState().update({ deviceName: query.data.deviceName, deviceMode: query.data.mode });
  }, [query.data]);

  useTabTitle();

  return query;
}
