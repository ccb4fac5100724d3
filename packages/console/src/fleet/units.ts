// The fleet's unit list: the unit that served the console first, then the addresses added, kept under `fleet`.
import { create } from "zustand";
import { normalizeEndpoint } from "../settings/endpointForm.ts";
import { checkEndpoint } from "../shared/deviceSettings.ts";
import { local, readJson, writeJson } from "../shared/storage.ts";

export const FLEET_KEY = "fleet";

/** The address the list compares: scheme, host and port (lower case), then any path without trailing slashes. */
export function unitAddress(text: string): string {
  const u = new URL(normalizeEndpoint(text));
  return `${u.origin}${u.pathname.replace(/\/+$/, "")}`;
}

/** The origin that served the console: `This unit`. */
export const thisUnit = (): string => location.origin;

/** Why a typed address cannot be added (empty, not an http(s) URL, already listed), or null with its address. */
export function checkNewUnit(
  text: string,
  listed: readonly string[],
): { ok: true; address: string } | { ok: false; reason: string } {
  if (!text.trim()) return { ok: false, reason: "Enter the unit's address, for example http://192.168.4.2" };
  const reason = checkEndpoint(normalizeEndpoint(text));
  if (reason) return { ok: false, reason };
  let address: string;
  try {
    address = unitAddress(text);
  } catch {
    return { ok: false, reason: "Not a valid URL (for example http://192.168.4.2)" };
  }
  if (address === thisUnit()) return { ok: false, reason: "This is the unit that served the console" };
  if (listed.includes(address)) return { ok: false, reason: `${address} is already in the list` };
  return { ok: true, address };
}

function load(): string[] {
  const stored = readJson<unknown>(local, FLEET_KEY);
  if (!Array.isArray(stored)) return [];
  const seen = new Set<string>([thisUnit()]);
  const units: string[] = [];
  for (const item of stored) {
    if (typeof item !== "string" || checkEndpoint(item)) continue;
    try {
      const address = unitAddress(item);
      if (!seen.has(address)) units.push(address);
      seen.add(address);
    } catch {
      // A hand-edited entry that is not an address: left out.
    }
  }
  return units;
}

interface FleetUnits {
  /** The added units' addresses, in the order added (This unit is not stored). */
  added: string[];
  /** Adds a typed address; answers why it was refused, or null. */
  add(text: string): string | null;
  remove(address: string): void;
  reload(): void;
}

export const useFleetUnits = create<FleetUnits>((set, get) => ({
  added: load(),
  add(text) {
    const check = checkNewUnit(text, get().added);
    if (!check.ok) return check.reason;
    const added = [...get().added, check.address];
    set({ added });
    writeJson(local, FLEET_KEY, added);
    return null;
  },
  remove(address) {
    const added = get().added.filter((a) => a !== address);
    set({ added });
    writeJson(local, FLEET_KEY, added);
  },
  reload() {
    set({ added: load() });
  },
}));
