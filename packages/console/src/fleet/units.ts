// The fleet's unit list: the unit that served the console first, then the addresses added, kept under `fleet`.
import { checkUnitAddress, unitAddress } from "@trc/protocol";
import { persist } from "zustand/middleware";
import { lazyStore } from "../shared/store/lazyStore.ts";
import { local, plainStorage } from "../shared/store/storage.ts";
import { LOCAL_KEYS } from "../shared/store/storageKeys.ts";
import { apiBase } from "../shared/unit/deviceSettings.ts";

export const FLEET_KEY = LOCAL_KEYS.fleet;

/** The origin that served the console: `This unit`, in the canonical form of a unit's address. */
export const thisUnit = (): string => apiBase("");

/** Why a typed address cannot be added (empty, not an http(s) URL, already listed), or null with its address. */
export function checkNewUnit(
  text: string,
  listed: readonly string[],
): { ok: true; address: string } | { ok: false; reason: string } {
  const check = checkUnitAddress(text);
  if (!check.ok) return check;
  const { address } = check;
  if (address === thisUnit()) return { ok: false, reason: "This is the unit that served the console" };
  if (listed.includes(address)) return { ok: false, reason: `${address} is already in the list` };
  return { ok: true, address };
}

/** A stored list, whatever wrote it: each address in its canonical form (old spellings migrate), once, This unit left out. */
export function readUnits(stored: unknown): string[] {
  if (!Array.isArray(stored)) return [];
  const seen = new Set<string>([thisUnit()]);
  const units: string[] = [];
  for (const item of stored) {
    const address = typeof item === "string" ? unitAddress(item) : null;
    if (address && !seen.has(address)) units.push(address);
    if (address) seen.add(address);
  }
  return units;
}

interface FleetUnits {
  /** The added units' addresses, in the order added (This unit is not stored). */
  added: string[];
  /** Adds a typed address; answers why it was refused, or null. */
  add(text: string): string | null;
  remove(address: string): void;
}

export const useFleetUnits = lazyStore<FleetUnits>()(
  persist(
    (set, get) => ({
      added: [],
      add(text) {
        const check = checkNewUnit(text, get().added);
        if (!check.ok) return check.reason;
        set({ added: [...get().added, check.address] });
        return null;
      },
      remove(address) {
        set({ added: get().added.filter((a) => a !== address) });
      },
    }),
    {
      name: FLEET_KEY,
      storage: plainStorage<string[]>(() => local),
      partialize: (s) => s.added,
      merge: (stored, current) => ({ ...current, added: readUnits(stored) }),
    },
  ),
);
