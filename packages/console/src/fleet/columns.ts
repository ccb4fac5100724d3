// The Fleet table's columns: what decides (the unit, State, Mode, Ready, Alarms) always shown, the other figures as
// columns the operator chooses, kept under `fleetColumns`; and a row's details, every figure of the unit in a list.
import { persist } from "zustand/middleware";
import { MISSING } from "../shared/readings/telemetryFormat.ts";
import { lazyStore } from "../shared/store/lazyStore.ts";
import { local, plainStorage } from "../shared/store/storage.ts";
import { LOCAL_KEYS } from "../shared/store/storageKeys.ts";
import type { FleetRow } from "./model.ts";

export const COLUMNS_KEY = LOCAL_KEYS.fleetColumns;

/** The figures an operator may show as columns (`id`: the cells' `data-col`), in the table's order. */
export const OPTIONAL_COLUMNS = [
  { id: "source", field: "source", label: "Source", title: "Polled from this browser, or heard on a broker" },
  { id: "reader", field: "mode", label: "Reader", title: "uhf or hf" },
  { id: "programs", field: "programs", label: "Programs", title: "Timing programs connected" },
  { id: "battery", field: "battery", label: "Battery", title: undefined },
  { id: "seen", field: "seen", label: "Passings seen", title: undefined },
  { id: "rate", field: "readsPerMin", label: "Reads / min", title: undefined },
  {
    id: "antennas",
    field: "antennas",
    label: "Antennas",
    title: "Antennas reading / antennas fitted, then the others' states (3 / 4: 2 Noise)",
  },
  { id: "clock", field: "clock", label: "Clock offset", title: undefined },
  { id: "firmware", field: "firmware", label: "Firmware", title: undefined },
] as const satisfies readonly {
  id: string;
  field: keyof FleetRow;
  label: string;
  title: string | undefined;
}[];

export type ColumnId = (typeof OPTIONAL_COLUMNS)[number]["id"];

/** The columns shown always: the unit, State, Mode, Ready, Alarms and the actions (and Profile while comparing). */
export const FIXED_COLUMNS = 6;

/** A stored choice, whatever wrote it: the known columns, once each, in the table's order. */
export function readColumns(stored: unknown): ColumnId[] {
  if (!Array.isArray(stored)) return [];
  return OPTIONAL_COLUMNS.map((c) => c.id).filter((id) => stored.includes(id));
}

interface FleetColumns {
  /** The optional columns shown, in the table's order (none until the operator chooses one). */
  shown: ColumnId[];
  /** Shows (`on`) or hides one optional column. */
  choose(id: ColumnId, on: boolean): void;
}

export const useFleetColumns = lazyStore<FleetColumns>()(
  persist(
    (set, get) => ({
      shown: [],
      choose(id, on) {
        const others = get().shown.filter((c) => c !== id);
        set({ shown: readColumns(on ? [...others, id] : others) });
      },
    }),
    {
      name: COLUMNS_KEY,
      storage: plainStorage<string[]>(() => local, []),
      partialize: (s) => s.shown,
      merge: (stored, current) => ({ ...current, shown: readColumns(stored) }),
    },
  ),
);

/** One figure of a row's details: its label and its text (a list: one item each, e.g. the alarms). */
export interface Detail {
  /** The figure's column (`data-detail`). */
  key: ColumnId | "state" | "problem" | "timing" | "alarms" | "ready";
  label: string;
  text: string | readonly string[];
}

export const STATE_TEXT = { online: "Online", offline: "Offline", checking: "Checking..." } as const;

/** The line under the state: `last answer 10:04:05` (`last message` from a broker), `never answered`, or "". */
export function lastAnswerText(r: FleetRow, time: (at: number) => string): string {
  if (r.lastAnswer) return `${r.source === "Polled" ? "last answer" : "last message"} ${time(r.lastAnswer)}`;
  return r.state === "offline" ? "never answered" : "";
}

/** The state as a row's details say it: `Online, last answer 10:04:05`, `Offline, never answered`, `Checking...`. */
export function stateText(r: FleetRow, time: (at: number) => string): string {
  const last = lastAnswerText(r, time);
  return last ? `${STATE_TEXT[r.state]}, ${last}` : STATE_TEXT[r.state];
}

/** Every figure of a row, in the table's words, for its details (what the columns not chosen would show, and more). */
export function rowDetails(r: FleetRow, time: (at: number) => string): Detail[] {
  // The optional columns' figures, in their order, with the Mode after the Reader.
  const figures: Detail[] = OPTIONAL_COLUMNS.map((c) => ({
    key: c.id,
    label: c.label,
    text: c.id === "programs" && r.programsSplit ? `${r.programs} (${r.programsSplit})` : r[c.field],
  }));
  figures.splice(2, 0, { key: "timing", label: "Mode", text: r.timing });
  return [
    { key: "state", label: "State", text: stateText(r, time) },
    ...(r.problem ? [{ key: "problem" as const, label: "Last request", text: r.problem }] : []),
    ...figures,
    {
      key: "alarms",
      label: "Alarms",
      text: r.alarms.length ? r.alarms : r.state === "online" ? "None" : MISSING,
    },
    { key: "ready", label: "Ready", text: r.ready ?? MISSING },
  ];
}
