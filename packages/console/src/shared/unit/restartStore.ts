// The restart banner's shared state, per unit: settings changed since the unit last restarted (SPEC §2), and since when.
import { unitAddress } from "@trc/protocol";
import { persist } from "zustand/middleware";
import { currentUnit, unitKey } from "../../api/connection.ts";
import { onRebootSeen } from "../../api/rebootWatch.ts";
import { lazyStore } from "../store/lazyStore.ts";
import { fieldStorage, local } from "../store/storage.ts";
import { LOCAL_KEYS } from "../store/storageKeys.ts";
import { apiBase, useApiBase, useDeviceSettings } from "./deviceSettings.ts";

/** Each by unit (canonical address); a unit is listed only while a change of it is pending. */
type RestartPending = {
  /** Internal names of settings set successfully since the unit's last restart; listed, the banner shows on it. */
  changed: Record<string, string[]>;
  /** Browser time (epoch ms) of the first of those changes. */
  since: Record<string, number>;
};

interface RestartState extends RestartPending {
  /** A setting of `unit` (default: the chosen one) was set. */
  configChanged(name: string, at?: number, unit?: string): void;
  /** `unit` (default: the chosen one) really rebooted: its banner clears, other units' stay. */
  rebooted(unit?: string): void;
}

const NONE: readonly string[] = [];
const isMap = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/**
 * A stored value as the store takes it: names and a finite time by unit address (anything else is dropped). A value stored before units (one list, one
 * time) is the stored unit's (`generalSettings.rootAPI`: the unit chosen at the first load).
 */
function storedPending(stored: unknown): RestartPending {
  const v = (stored ?? {}) as { changed?: unknown; since?: unknown };
  const old = apiBase(useDeviceSettings.getState().rootAPI);
  const lists = Array.isArray(v.changed) ? { [old]: v.changed } : isMap(v.changed) ? v.changed : {};
  const times = Array.isArray(v.changed) ? { [old]: v.since } : isMap(v.since) ? v.since : {};
  const out: RestartPending = { changed: {}, since: {} };
  for (const [unit, list] of Object.entries(lists)) {
    const names = Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : [];
    const key = unitAddress(unit);
    if (!names.length || !key) continue;
    out.changed[key] = names;
    const at = times[unit];
    if (Number.isFinite(at)) out.since[key] = at as number;
  }
  return out;
}

export const useRestart = lazyStore<RestartState>()(
  persist(
    (set, get) => ({
      changed: {},
      since: {},
      configChanged(name, at = Date.now(), unit = currentUnit()) {
        const key = unitKey(unit);
        const { changed, since } = get();
        const list = changed[key] ?? [];
        set({
          changed: { ...changed, [key]: list.includes(name) ? list : [...list, name] },
          since: { ...since, [key]: since[key] ?? at },
        });
      },
      rebooted(unit = currentUnit()) {
        const { [unitKey(unit)]: _names, ...changed } = get().changed;
        const { [unitKey(unit)]: _at, ...since } = get().since;
        set({ changed, since });
      },
    }),
    {
      // Two values, each under its own key as before `persist`.
      name: LOCAL_KEYS.restartPending,
      storage: fieldStorage<RestartPending>(
        () => local,
        { changed: LOCAL_KEYS.restartPending, since: LOCAL_KEYS.restartPendingSince },
        { changed: {}, since: {} },
      ),
      partialize: ({ changed, since }) => ({ changed, since }),
      merge: (stored, current) => ({ ...current, ...storedPending(stored) }),
    },
  ),
);

/** The chosen unit's pending changes (none: no banner); another unit's show again when it is chosen again. */
export function usePendingChanges(): readonly string[] {
  const unit = useApiBase();
  return useRestart((s) => s.changed[unit]) ?? NONE;
}

/**
 * From now on, any watch that sees the unit go away and come back (Restart unit, a firmware update) clears that
 * unit's banner; returns the unsubscribe. Called by the mounted banner, never at import.
 */
export function followReboots(): () => void {
  return onRebootSeen(() => useRestart.getState().rebooted());
}
