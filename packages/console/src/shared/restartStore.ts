// The restart banner's shared state: settings changed since the unit last restarted (SPEC §2), and since when.
import { create } from "zustand";
import { persist } from "zustand/middleware";
import { onRebootSeen } from "../api/rebootWatch.ts";
import { fieldStorage, local } from "./storage.ts";
import { LOCAL_KEYS } from "./storageKeys.ts";

type RestartPending = {
  /** Internal names of settings set successfully since the last restart; non-empty shows the banner. */
  changed: string[];
  /** Browser time (epoch ms) of the first of those changes, or null. */
  since: number | null;
};

interface RestartState extends RestartPending {
  configChanged(name: string, at?: number): void;
  /** The unit really rebooted: the banner clears. */
  rebooted(): void;
}

/** A stored value as the store takes it: a list of names, and a time only beside a non-empty list. */
function storedPending(stored: unknown): RestartPending {
  const v = (stored ?? {}) as { changed?: unknown; since?: unknown };
  const changed = Array.isArray(v.changed) ? v.changed.filter((x): x is string => typeof x === "string") : [];
  const since =
    changed.length && typeof v.since === "number" && Number.isFinite(v.since) ? (v.since as number) : null;
  return { changed, since };
}

export const useRestart = create<RestartState>()(
  persist(
    (set, get) => ({
      changed: [],
      since: null,
      configChanged(name, at = Date.now()) {
        const changed = get().changed.includes(name) ? get().changed : [...get().changed, name];
        set({ changed, since: get().since ?? at });
      },
      rebooted: () => set({ changed: [], since: null }),
    }),
    {
      // Two values, each under its own key as before `persist`.
      name: LOCAL_KEYS.restartPending,
      storage: fieldStorage<RestartPending>(
        () => local,
        { changed: LOCAL_KEYS.restartPending, since: LOCAL_KEYS.restartPendingSince },
        { changed: [], since: null },
      ),
      partialize: ({ changed, since }) => ({ changed, since }),
      merge: (stored, current) => ({ ...current, ...storedPending(stored) }),
    },
  ),
);

/**
 * From now on, any watch that sees the unit go away and come back (Restart unit, a firmware update) clears the
 * banner; returns the unsubscribe. Called by the mounted banner, never at import.
 */
export function followReboots(): () => void {
  return onRebootSeen(() => useRestart.getState().rebooted());
}
