// Refreshes the device name and mode from GET /api/config/deviceName and keeps the tab title in step (D1).
import { useQuery } from "@tanstack/react-query";
import { API, DeviceNameResponse, PAGE_TITLE_PREFIX } from "@trc/protocol";
import { useEffect } from "react";
import { requestStrict } from "../api/client.ts";
import {
  DEVICE_NAME_PLACEHOLDER,
  deviceKey,
  useApiBase,
  useDeviceSettings,
} from "../shared/deviceSettings.ts";

export function useDeviceIdentity() {
  const base = useApiBase();
  const deviceName = useDeviceSettings((s) => s.deviceName);
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

  useEffect(() => {
    document.title = `${PAGE_TITLE_PREFIX}${deviceName || DEVICE_NAME_PLACEHOLDER}`;
  }, [deviceName]);

  return query;
}
