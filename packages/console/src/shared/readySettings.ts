// The Ready check's one setting: the race length in hours, entered once and kept (localStorage `readyRaceHours`).
import { READY_RACE_HOURS_DEFAULT } from "@trc/protocol";
import { persist } from "zustand/middleware";
import { lazyStore } from "./lazyStore.ts";
import { fieldStorage, local } from "./storage.ts";
import { LOCAL_KEYS } from "./storageKeys.ts";

/** Longest race length accepted, hours (a 48 h ultra). */
export const RACE_HOURS_MAX = 48;

/** A stored or typed race length: a number of hours above 0 and at most 48 (quarter hours allowed), else null. */
export function raceHours(v: unknown): number | null {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) && n > 0 && n <= RACE_HOURS_MAX ? n : null;
}

interface ReadySettings {
  raceHours: number;
  setRaceHours(hours: number): void;
}

export const useReadySettings = lazyStore<ReadySettings>()(
  persist(
    (set) => ({
      raceHours: READY_RACE_HOURS_DEFAULT,
      setRaceHours: (hours) => set({ raceHours: raceHours(hours) ?? READY_RACE_HOURS_DEFAULT }),
    }),
    {
      name: LOCAL_KEYS.readyRaceHours,
      storage: fieldStorage<{ raceHours: number }>(
        () => local,
        { raceHours: LOCAL_KEYS.readyRaceHours },
        { raceHours: READY_RACE_HOURS_DEFAULT },
      ),
      partialize: ({ raceHours }) => ({ raceHours }),
      merge: (stored, current) => ({
        ...current,
        raceHours:
          raceHours((stored as { raceHours?: unknown } | undefined)?.raceHours) ?? READY_RACE_HOURS_DEFAULT,
      }),
    },
  ),
);
