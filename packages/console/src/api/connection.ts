// The unit the console talks to (its canonical address) and its connection state as the API client sees it.
import { unitAddress } from "@trc/protocol";
import { create } from "zustand";

interface ConnectionState {
  /** The chosen unit's canonical address; null until the first load chooses one (= the origin that served the page). */
  unit: string | null;
  online: boolean | null;
  lastAnswerAt: number | null;
  lastError: string | null;
  /** The unit answered (any status). An answer of another unit than the chosen one changes nothing. */
  answered(at: number, unit?: string): void;
  /** No answer from the unit (network error, timeout). */
  failed(reason: string, unit?: string): void;
}

const UNKNOWN = { online: null, lastAnswerAt: null, lastError: null } as const;

/** The origin that served the console, as a unit address. */
export function originUnit(): string {
  const origin = typeof location === "undefined" ? "http://127.0.0.1:8080" : location.origin;
  return unitAddress(origin) ?? origin;
}

/** The canonical address of the unit the console talks to. */
export function currentUnit(): string {
  return useConnection.getState().unit ?? originUnit();
}

/** One key per unit, whatever its spelling: the canonical address (an address that is none is kept as it is). */
export function unitKey(base: string): string {
  return unitAddress(base) ?? base;
}

export const useConnection = create<ConnectionState>((set) => ({
  unit: null,
  ...UNKNOWN,
  answered(at, unit = currentUnit()) {
    if (unitKey(unit) === currentUnit()) set({ online: true, lastAnswerAt: at, lastError: null });
  },
  failed(reason, unit = currentUnit()) {
    if (unitKey(unit) === currentUnit()) set({ online: false, lastError: reason });
  },
}));

/**
 * Makes `unit` (a canonical address) the unit the console talks to; another unit than before starts with its
 * connection state unknown. Called by `selectUnit` (shared/unit/unit.ts), the one way to switch units.
 */
export function chooseUnit(unit: string): void {
  const changed = unit !== currentUnit();
  useConnection.setState(changed ? { unit, ...UNKNOWN } : { unit });
}
