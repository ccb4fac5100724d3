// The Ready check's settings, entered once and kept: the race length in hours (localStorage `readyRaceHours`) and the
// units whose timing program is not needed (`readyTimingNotNeeded`: passings collected another way).
import { READY_RACE_HOURS_DEFAULT, unitAddress } from "@trc/protocol";
import { persist } from "zustand/middleware";
import { lazyStore } from "../store/lazyStore.ts";
import { fieldStorage, local } from "../store/storage.ts";
import { LOCAL_KEYS } from "../store/storageKeys.ts";

/** Longest race length accepted, hours (a 48 h ultra). */
export const RACE_HOURS_MAX = 48;

/** A stored or typed race length: a number of hours above 0 and at most 48 (quarter hours allowed), else null. */
export function raceHours(v: unknown): number | null {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) && n > 0 && n <= RACE_HOURS_MAX ? n : null;
}

/** A unit as the list keeps it: its canonical address (any spelling of it finds it). */
const canonical = (base: string) => unitAddress(base) ?? base;

/** A stored list of unit addresses: its strings, each once in canonical form, else none. */
function addresses(v: unknown): string[] {
  return Array.isArray(v) ? [...new Set(v.filter((a) => typeof a === "string").map(canonical))] : [];
}

/** Whether the operator marked this unit's timing program "not needed" (its passings are collected another way). */
export function timingNotNeeded(list: readonly string[], base: string): boolean {
  return list.includes(canonical(base));
}

interface ReadySettings {
  raceHours: number;
  /** Units (canonical addresses) whose Ready check has no need of a timing program. */
  timingNotNeeded: string[];
  setRaceHours(hours: number): void;
  setTimingNeeded(base: string, needed: boolean): void;
}

type Stored = Pick<ReadySettings, "raceHours" | "timingNotNeeded">;

export const useReadySettings = lazyStore<ReadySettings>()(
  persist(
    (set, get) => ({
      raceHours: READY_RACE_HOURS_DEFAULT,
      timingNotNeeded: [],
      setRaceHours: (hours) => set({ raceHours: raceHours(hours) ?? READY_RACE_HOURS_DEFAULT }),
      setTimingNeeded: (base, needed) => {
        const unit = canonical(base);
        const others = get().timingNotNeeded.filter((a) => a !== unit);
        set({ timingNotNeeded: needed ? others : [...others, unit] });
      },
    }),
    {
      name: LOCAL_KEYS.readyRaceHours,
      storage: fieldStorage<Stored>(
        () => local,
        { raceHours: LOCAL_KEYS.readyRaceHours, timingNotNeeded: LOCAL_KEYS.readyTimingNotNeeded },
        { raceHours: READY_RACE_HOURS_DEFAULT, timingNotNeeded: [] },
      ),
      partialize: ({ raceHours, timingNotNeeded }) => ({ raceHours, timingNotNeeded }),
      merge: (stored, current) => {
        const v = (stored ?? {}) as Partial<Record<keyof Stored, unknown>>;
        return {
          ...current,
          raceHours: raceHours(v.raceHours) ?? READY_RACE_HOURS_DEFAULT,
          timingNotNeeded: addresses(v.timingNotNeeded),
        };
      },
    },
  ),
);
