// Beyond the spec: on every page (the alarm watch runs it), ask the device something small when it has been quiet for
// a while, so the header's indicator and the 'Unit offline' alarm follow a dying unit within seconds.
import { API } from "@trc/protocol";
import { useEffect } from "react";
import { send } from "./client.ts";
import { useConnection } from "./connection.ts";

/** Ping when the device has not answered for this long. */
export const HEARTBEAT_QUIET_MS = 10_000;
/** How often the page looks. */
export const HEARTBEAT_CHECK_MS = 5_000;
const PING_TIMEOUT_MS = 5_000;

/** Due when the device never answered or has been quiet for HEARTBEAT_QUIET_MS, and no ping is under way. */
export function heartbeatDue(now: number, lastAnswerAt: number | null, pinging: boolean): boolean {
  if (pinging) return false;
  return lastAnswerAt === null || now - lastAnswerAt >= HEARTBEAT_QUIET_MS;
}

export function useHeartbeat(): void {
  useEffect(() => {
    let pinging = false;
    const id = setInterval(() => {
      if (!heartbeatDue(Date.now(), useConnection.getState().lastAnswerAt, pinging)) return;
      pinging = true;
      // The client records the answer or the failure in the connection state; nothing else to do here.
      send(API.deviceName, { background: true, timeoutMs: PING_TIMEOUT_MS })
        .catch(() => {})
        .finally(() => {
          pinging = false;
        });
    }, HEARTBEAT_CHECK_MS);
    return () => clearInterval(id);
  }, []);
}
