// Safe access to browser storage: a full, blocked or corrupted store never breaks the console.
import type { PersistStorage } from "zustand/middleware";

export function readJson<T>(store: Storage | undefined, key: string): T | undefined {
  try {
    const text = storedText(store, key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeJson(store: Storage | undefined, key: string, value: unknown): void {
  try {
    if (value === undefined) store?.removeItem(key);
    else store?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the value lives in memory only.
  }
}

export const local = typeof localStorage === "undefined" ? undefined : localStorage;
export const session = typeof sessionStorage === "undefined" ? undefined : sessionStorage;

/** The stored text under a key, or null (absent, or a blocked store). */
function storedText(store: Storage | undefined, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Whether a write of `value` changes nothing: the same text is stored, or nothing is and `value` is the default. */
function unchanged(store: Storage | undefined, key: string, value: unknown, fallback: unknown): boolean {
  const text = JSON.stringify(value);
  const before = storedText(store, key);
  return before === text || (before === null && fallback !== undefined && text === JSON.stringify(fallback));
}

/**
 * A zustand `persist` storage that keeps the state as plain JSON under its key (no `{ state, version }` wrapper), so
 * values stored before the stores used `persist` read as they are. `store` is looked up on each use (tests swap it).
 * A write that changes nothing is skipped, and the `defaults` are not written until something else was: the console
 * stores only what someone chose or a unit answered.
 */
export function plainStorage<S>(store: () => Storage | undefined, defaults?: S): PersistStorage<S> {
  return {
    getItem: (name) => {
      const state = readJson<S>(store(), name);
      return state === undefined ? null : { state, version: 0 };
    },
    setItem: (name, value) => {
      if (!unchanged(store(), name, value.state, defaults)) writeJson(store(), name, value.state);
    },
    removeItem: (name) => writeJson(store(), name, undefined),
  };
}

/**
 * Like `plainStorage`, each field under its own key (`fields`: field → key); the persist name is unused. A field is
 * written only when its value changed, and not at all while it still has its default (`defaults`) and was never
 * stored: the console writes only what someone chose.
 */
export function fieldStorage<S extends Record<string, unknown>>(
  store: () => Storage | undefined,
  fields: { [K in keyof S]: string },
  defaults: S,
): PersistStorage<S> {
  const entries = Object.entries(fields) as [keyof S, string][];
  return {
    getItem: () => {
      const state: Partial<S> = {};
      for (const [field, key] of entries) {
        const value = readJson<S[keyof S]>(store(), key);
        if (value !== undefined) state[field] = value;
      }
      return Object.keys(state).length ? { state: state as S, version: 0 } : null;
    },
    setItem: (_name, value) => {
      for (const [field, key] of entries)
        if (!unchanged(store(), key, value.state[field], defaults[field]))
          writeJson(store(), key, value.state[field]);
    },
    removeItem: () => {
      for (const [, key] of entries) writeJson(store(), key, undefined);
    },
  };
}
