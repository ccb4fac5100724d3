// The Local Storage section's logic: every stored key and value, and the wipe that reloads after 500 ms (SPEC §9).
import { LOCAL_STORAGE_WIPE_RELOAD_MS } from "@trc/protocol";

export interface StoredEntry {
  key: string;
  value: string;
}

/** Every key of a store with its raw value, sorted by key; a blocked store reads as empty. */
export function storedEntries(store: Storage | undefined): StoredEntry[] {
  const out: StoredEntry[] = [];
  try {
    if (!store) return out;
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key !== null) out.push({ key, value: store.getItem(key) ?? "" });
    }
  } catch {
    return out;
  }
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

/** Clears the store, then reloads the page after LOCAL_STORAGE_WIPE_RELOAD_MS; returns false if clearing failed. */
export function wipeLocalStorage(
  store: Storage | undefined,
  reload: () => void,
  later: (fn: () => void, ms: number) => unknown = setTimeout,
): boolean {
  let cleared = true;
  try {
    store?.clear();
  } catch {
    cleared = false;
  }
  later(reload, LOCAL_STORAGE_WIPE_RELOAD_MS);
  return cleared;
}
