// The listed unit alarms (kept until acknowledged), the session's alarm memory and the two alarm settings (persisted).
import { ALARM_NO_READS_DEFAULT_MINUTES } from "@trc/protocol";
import { persist } from "zustand/middleware";
import { lazyStore } from "../store/lazyStore.ts";
import { fieldStorage, local } from "../store/storage.ts";
import { LOCAL_KEYS } from "../store/storageKeys.ts";

/** One condition that holds now: a stable id (the same fault keeps it) and the text shown. */
export interface Alarm {
  id: string;
  text: string;
}

/** What the session remembers: channels that had an antenna, the passings `seen` counter's last growth, race control. */
export interface AlarmMemory {
  hadAntenna: readonly number[];
  /** `count` last read at `last`; it last grew (or was first read, or went down) at `since`. */
  seen: { count: number; since: number; last: number } | null;
  /** The last timing reading (D12), absent before any. */
  timing?: TimingMemory | null;
}

/** Race control at the last timing reading, and the two conditions it holds until they clear. */
export interface TimingMemory {
  /** When it was read (browser ms), its mode, and the programs on the filtered port. */
  at: number;
  timing: boolean;
  programs: number;
  /** The last program on the filtered port went away while timing (until one is back or timing stops). */
  programLost: boolean;
  /** The unit left timing mode without this console asking (until it times again). */
  stopped: boolean;
}

export const EMPTY_MEMORY: AlarmMemory = { hadAntenna: [], seen: null };

export interface ListedAlarm extends Alarm {
  /** When it was first raised, epoch ms. */
  since: number;
  acknowledged: boolean;
  /** Its condition holds now. */
  active: boolean;
}

/**
 * The list after the conditions that hold now: a held alarm stays (its text follows the reading); a cleared one stays
 * until acknowledged; an acknowledged one leaves once cleared; a new one is added (and returned as `raised`).
 */
export function reconcile(
  list: readonly ListedAlarm[],
  current: readonly Alarm[],
  now: number,
): { list: ListedAlarm[]; raised: Alarm[] } {
  const held = new Map(current.map((a) => [a.id, a]));
  const next: ListedAlarm[] = [];
  for (const l of list) {
    const c = held.get(l.id);
    if (c) next.push(c.text === l.text && l.active ? l : { ...l, text: c.text, active: true });
    else if (!l.acknowledged) next.push(l.active ? { ...l, active: false } : l);
  }
  const raised = current.filter((a) => !list.some((l) => l.id === a.id));
  for (const a of raised) next.push({ ...a, since: now, acknowledged: false, active: true });
  return { list: next, raised };
}

/** Acknowledging: a cleared alarm leaves; one whose condition holds stays, marked acknowledged. */
export function acknowledge(list: readonly ListedAlarm[], id: string): ListedAlarm[] {
  return list.flatMap((l) => (l.id !== id ? [l] : l.active ? [{ ...l, acknowledged: true }] : []));
}

const same = (a: readonly ListedAlarm[], b: readonly ListedAlarm[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

export const NO_READS_KEY = LOCAL_KEYS.alarmNoReadsMinutes;
export const SOUND_KEY = LOCAL_KEYS.alarmSound;

/** A stored minutes value: a whole number ≥ 0, else the default. */
export function storedMinutes(v: unknown): number {
  return typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : ALARM_NO_READS_DEFAULT_MINUTES;
}

interface AlarmState {
  list: ListedAlarm[];
  memory: AlarmMemory;
  /** Texts of the newest raised alarms, for the live region. */
  announced: string;
  sound: boolean;
  noReadsMinutes: number;
  /** Applies the conditions that hold now; answers the alarms newly raised. */
  update(current: readonly Alarm[], now: number): Alarm[];
  remember(memory: AlarmMemory): void;
  acknowledge(id: string): void;
  setSound(on: boolean): void;
  setNoReadsMinutes(minutes: number): void;
  /** Forget everything: another unit was chosen. */
  reset(): void;
}

/** The live region's new text; the same alarm raised again still changes it (a trailing no-break space comes and goes). */
export function announcement(raised: readonly Alarm[], previous: string): string {
  const text = `New alarm: ${raised.map((a) => a.text).join("; ")}`;
  return text === previous ? `${text}\u00a0` : text;
}

type AlarmSettings = Pick<AlarmState, "sound" | "noReadsMinutes">;

export const useAlarms = lazyStore<AlarmState>()(
  persist(
    (set, get) => ({
      list: [],
      memory: EMPTY_MEMORY,
      announced: "",
      sound: false,
      noReadsMinutes: ALARM_NO_READS_DEFAULT_MINUTES,
      update(current, now) {
        const { list, raised } = reconcile(get().list, current, now);
        if (!same(list, get().list)) set({ list });
        if (raised.length) set({ announced: announcement(raised, get().announced) });
        return raised;
      },
      remember(memory) {
        if (memory !== get().memory) set({ memory });
      },
      acknowledge(id) {
        set({ list: acknowledge(get().list, id) });
      },
      setSound: (sound) => set({ sound }),
      setNoReadsMinutes: (minutes) => set({ noReadsMinutes: storedMinutes(minutes) }),
      reset() {
        set({ list: [], memory: EMPTY_MEMORY, announced: "" });
      },
    }),
    {
      // Two settings, each under its own key as before `persist`; the list and memory are the session's.
      name: SOUND_KEY,
      storage: fieldStorage<AlarmSettings>(
        () => local,
        { sound: SOUND_KEY, noReadsMinutes: NO_READS_KEY },
        { sound: false, noReadsMinutes: ALARM_NO_READS_DEFAULT_MINUTES },
      ),
      partialize: ({ sound, noReadsMinutes }) => ({ sound, noReadsMinutes }),
      merge: (stored, current) => {
        const v = (stored ?? {}) as Partial<Record<keyof AlarmSettings, unknown>>;
        return { ...current, sound: v.sound === true, noReadsMinutes: storedMinutes(v.noReadsMinutes) };
      },
    },
  ),
);
