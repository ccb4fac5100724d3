// Refreshes the device name and mode from GET /api/config/deviceName and keeps the tab title in step (D1).
import { useQuery } from "@tanstack/react-query";
import { API, DeviceNameResponse, PAGE_TITLE_PREFIX } from "@trc/protocol";
import { useEffect } from "react";
import { requestStrict } from "../api/client.ts";
import { DEVICE_NAME_PLACEHOLDER, useDeviceSettings } from "../shared/deviceSettings.ts";

export function useDeviceIdentity() {
  const rootAPI = useDeviceSettings((s) => s.rootAPI);
  const deviceName = useDeviceSettings((s) => s.deviceName);
  const query = useQuery({
    queryKey: ["deviceName", rootAPI],
    queryFn: () => requestStrict(API.deviceName, DeviceNameResponse),
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
