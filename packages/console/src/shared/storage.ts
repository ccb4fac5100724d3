// Safe access to browser storage: a full, blocked or corrupted store never breaks the console.

export function readJson<T>(store: Storage | undefined, key: string): T | undefined {
  try {
    const text = store?.getItem(key);
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
