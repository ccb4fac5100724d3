// Watches the unit go away and come back after a restart, by polling its identity call.

import { API, DeviceNameResponse } from "@trc/protocol";
import { requestStrict } from "./client.ts";
import { sleep } from "./sleep.ts";

export type RebootPhase = "waiting-down" | "waiting-up" | "back" | "timeout";

export interface RebootWatchOptions {
  /** Give up after this long (default 2 minutes). */
  timeoutMs?: number;
  pollMs?: number;
  /** If the unit never seems to go away, count it as back after this long (it may reboot faster than a poll). */
  assumeDownAfterMs?: number;
  signal?: AbortSignal;
  onPhase?: (phase: RebootPhase) => void;
}

const rebootListeners = new Set<() => void>();

/** Calls `listener` whenever a watch saw the unit go away and answer again (a real reboot); returns the unsubscribe. */
export function onRebootSeen(listener: () => void): () => void {
  rebootListeners.add(listener);
  return () => rebootListeners.delete(listener);
}

/** Resolves "back" once the unit has gone away and answers again, or "timeout". */
export async function watchReboot(opts: RebootWatchOptions = {}): Promise<RebootPhase> {
  const { timeoutMs = 120_000, pollMs = 1000, assumeDownAfterMs = 15_000, signal, onPhase } = opts;
  const started = Date.now();
  let phase: RebootPhase = "waiting-down";
  let sawDown = false;
  onPhase?.(phase);
  while (Date.now() - started < timeoutMs) {
    let up = false;
    try {
      await requestStrict(API.deviceName, DeviceNameResponse, {
        timeoutMs: 2000,
        priority: 5,
        ...(signal ? { signal } : {}),
      });
      up = true;
    } catch (err) {
      if (signal?.aborted) throw err;
    }
    if (!up) sawDown = true;
    if (phase === "waiting-down" && (!up || Date.now() - started > assumeDownAfterMs)) {
      phase = "waiting-up";
      onPhase?.(phase);
    }
    if (phase === "waiting-up" && up) {
      if (sawDown) for (const listener of rebootListeners) listener();
      onPhase?.("back");
      return "back";
    }
    await sleep(pollMs, signal);
  }
  onPhase?.("timeout");
  return "timeout";
}
