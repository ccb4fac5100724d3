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

/** What the API client reports of a unit: it answered at `at`, or a request got no answer (why). */
export type UnitReport = { ok: true; at: number } | { ok: false; reason: string; at: number };
type ReportListener = (unit: string, report: UnitReport) => void;
const listeners = new Set<ReportListener>();

/** Hears every unit's answers and failures (the unit records: shared/unit/records.ts); answers how to stop. */
export function onUnitReport(listener: ReportListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function report(unit: string, r: UnitReport): void {
  for (const listener of listeners) listener(unit, r);
}

export const useConnection = create<ConnectionState>((set) => ({
  unit: null,
  ...UNKNOWN,
  answered(at, unit = currentUnit()) {
    const key = unitKey(unit);
    report(key, { ok: true, at });
    if (key === currentUnit()) set({ online: true, lastAnswerAt: at, lastError: null });
  },
  failed(reason, unit = currentUnit()) {
    const key = unitKey(unit);
    report(key, { ok: false, reason, at: Date.now() });
    if (key === currentUnit()) set({ online: false, lastError: reason });
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
