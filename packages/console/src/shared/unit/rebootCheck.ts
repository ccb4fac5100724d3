// Notices a reboot the console did not watch (another page's REBOOT, a power cycle, a reboot while the console was
// closed): the unit's uptime is shorter than the time since the first pending change.
import { API } from "@trc/protocol";
import { send } from "../../api/client.ts";
import { currentUnit, useConnection } from "../../api/connection.ts";
import { useRestart } from "./restartStore.ts";

/** Uptime is whole seconds and the answer took a while: a boot within this margin of the change is not counted. */
export const BOOT_MARGIN_MS = 2000;

/**
 * True when the unit booted after `since`: it answered at `answeredAt` with `uptime_s` seconds up.
 * The os telemetry is "declared but unused" by the spec: a unit that does not report uptime_s never counts.
 */
export function bootedAfter(uptimeS: unknown, since: number, answeredAt: number): boolean {
  if (typeof uptimeS !== "number" || !Number.isFinite(uptimeS) || uptimeS < 0) return false;
  return answeredAt - uptimeS * 1000 > since + BOOT_MARGIN_MS;
}

/**
 * Asks the chosen unit for its uptime when its banner is up; clears its banner (only its: another unit's changes
 * have their own time) if it has rebooted since.
 */
export async function checkForReboot(): Promise<boolean> {
  const unit = currentUnit();
  const since = useRestart.getState().since[unit];
  if (!useRestart.getState().changed[unit]?.length || since === undefined) return false;
  try {
    const answer = await send(API.telemetry("os"), { base: unit, background: true, timeoutMs: 5000 });
    const uptime =
      answer.body && typeof answer.body === "object"
        ? (answer.body as { uptime_s?: unknown }).uptime_s
        : undefined;
    if (!answer.ok || !bootedAfter(uptime, since, answer.receivedAt)) return false;
    useRestart.getState().rebooted(unit);
    return true;
  } catch {
    // No answer: the next time the unit is reachable again tells.
    return false;
  }
}

/**
 * Checks once now and every time the device answers again after being unreachable; returns the unsubscribe. Mounted
 * again for each chosen unit (app/RestartWatch.tsx), so a unit chosen again is checked at once.
 */
export function watchForOtherReboots(): () => void {
  void checkForReboot();
  return useConnection.subscribe((now, before) => {
    if (now.online === true && before.online === false) void checkForReboot();
  });
}
