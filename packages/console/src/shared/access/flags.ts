// Feature flags (DECISIONS D8) with developer overrides kept in localStorage and marked as such.
import { persist } from "zustand/middleware";
import { lazyStore } from "../store/lazyStore.ts";
import { local, plainStorage } from "../store/storage.ts";
import { LOCAL_KEYS } from "../store/storageKeys.ts";

export const FLAG_DEFAULTS = {
  commands: { useAuth: true, filterByLevel: false, allowExecutionRegardless: false, useRemoteStore: false },
  config: { useAuth: false, useRemoteStore: false },
} as const;

export type FlagSection = keyof typeof FLAG_DEFAULTS;
export type FlagName<S extends FlagSection> = keyof (typeof FLAG_DEFAULTS)[S] & string;
export type Flags = { [S in FlagSection]: { [K in FlagName<S>]: boolean } };
type Overrides = { [S in FlagSection]?: Partial<Record<string, boolean>> };

export const FLAG_OVERRIDES_KEY = LOCAL_KEYS.featureFlagOverrides;

function merge(overrides: Overrides): Flags {
  const out = structuredClone(FLAG_DEFAULTS) as unknown as Flags;
  for (const section of Object.keys(FLAG_DEFAULTS) as FlagSection[]) {
    const o = overrides[section] ?? {};
    const target = out[section] as Record<string, boolean>;
    for (const name of Object.keys(target)) if (typeof o[name] === "boolean") target[name] = o[name];
  }
  return out;
}

interface FlagStore {
  overrides: Overrides;
  flags: Flags;
  setOverride(section: FlagSection, name: string, value: boolean | undefined): void;
  reload(): void;
}

/** A stored overrides object: anything that is not an object reads as none (`merge` keeps only known boolean flags). */
const storedOverrides = (v: unknown): Overrides => (v && typeof v === "object" ? (v as Overrides) : {});

export const useFlags = lazyStore<FlagStore>()(
  persist(
    (set, get) => ({
      overrides: {},
      flags: merge({}),
      setOverride(section, name, value) {
        const overrides: Overrides = {
          ...get().overrides,
          [section]: { ...get().overrides[section], [name]: value },
        };
        if (value === undefined) delete overrides[section]?.[name];
        set({ overrides, flags: merge(overrides) });
      },
      reload: () => void useFlags.persist.rehydrate(),
    }),
    {
      name: FLAG_OVERRIDES_KEY,
      storage: plainStorage<Overrides>(() => local, {}),
      partialize: (s) => s.overrides,
      merge: (stored, current) => {
        const overrides = storedOverrides(stored);
        return { ...current, overrides, flags: merge(overrides) };
      },
    },
  ),
);
