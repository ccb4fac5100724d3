// The chosen unit's identity (GET /api/config/deviceName) and the tab title in step with it and the alarms (D1).
import { PAGE_TITLE_PREFIX } from "@trc/protocol";
import { useEffect } from "react";
import { useAlarms } from "../shared/alarms/alarmStore.ts";
import { DEVICE_NAME_PLACEHOLDER } from "../shared/unit/deviceSettings.ts";
import { useDeviceName, useUnitIdentity } from "../shared/unit/unit.ts";

/** The tab title must not let an alarm be missed: it starts with this while any listed alarm is unacknowledged. */
export const ALARM_TITLE_PREFIX = "(!) ";

/** `TRC | {deviceName}` (D1), marked while an alarm waits for its acknowledgement. */
export function tabTitle(deviceName: string, unacknowledged: boolean): string {
  return `${unacknowledged ? ALARM_TITLE_PREFIX : ""}${PAGE_TITLE_PREFIX}${deviceName || DEVICE_NAME_PLACEHOLDER}`;
}

/** Keeps the tab title in step with the device name and the alarms. */
export function useTabTitle(): void {
  const deviceName = useDeviceName();
  const unacknowledged = useAlarms((s) => s.list.some((a) => !a.acknowledged));
  useEffect(() => {
    document.title = tabTitle(deviceName, unacknowledged);
  }, [deviceName, unacknowledged]);
}

/** The chosen unit's identity query (its name and mode: shared/unit/unit.ts), and the tab title. */
export function useDeviceIdentity() {
  const query = useUnitIdentity();
  useTabTitle();
  return query;
}
