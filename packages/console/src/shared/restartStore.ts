// The restart banner's shared state: settings changed since the unit last restarted (SPEC §2), and since when.
import { create } from "zustand";
import { onRebootSeen } from "../api/rebootWatch.ts";
import { local, readJson, writeJson } from "./storage.ts";

const KEY = "restartPending";
const SINCE_KEY = "restartPendingSince";

interface RestartState {
  /** Internal names of settings set successfully since the last restart; non-empty shows the banner. */
  changed: string[];
  /** Browser time (epoch ms) of the first of those changes, or null. */
  since: number | null;
  /** True while a restart was requested and the console waits for the unit to go away and come back. */
  restarting: boolean;
  configChanged(name: string, at?: number): void;
  setRestarting(restarting: boolean): void;
  /** The unit really rebooted: the banner clears. */
  rebooted(): void;
}

function storedChanged(): string[] {
  const stored = readJson<unknown>(local, KEY);
  return Array.isArray(stored) ? stored.filter((x): x is string => typeof x === "string") : [];
}

function storedSince(changed: readonly string[]): number | null {
  const stored = readJson<unknown>(local, SINCE_KEY);
  return changed.length && typeof stored === "number" && Number.isFinite(stored) ? stored : null;
}

const initial = storedChanged();

export const useRestart = create<RestartState>((set, get) => ({
  changed: initial,
  since: storedSince(initial),
  restarting: false,
  configChanged(name, at = Date.now()) {
    const changed = get().changed.includes(name) ? get().changed : [...get().changed, name];
    const since = get().since ?? at;
    writeJson(local, KEY, changed);
    writeJson(local, SINCE_KEY, since);
    set({ changed, since });
  },
  setRestarting: (restarting) => set({ restarting }),
  rebooted() {
    writeJson(local, KEY, undefined);
    writeJson(local, SINCE_KEY, undefined);
    set({ changed: [], since: null, restarting: false });
  },
}));

/**
 * From now on, any watch that sees the unit go away and come back (Restart unit, a firmware update) clears the
 * banner; returns the unsubscribe. Called by the mounted banner, never at import.
 */
export function followReboots(): () => void {
  return onRebootSeen(() => useRestart.getState().rebooted());
}
