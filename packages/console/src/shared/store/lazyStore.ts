// The one way to make a store: zustand's `create`, run on first use (nothing runs at import; a persisted store reads
// its storage then), and forgotten by `resetAllStores()` so that the next use starts afresh, as a page load does.
import {
  create,
  type Mutate,
  type StateCreator,
  type StoreApi,
  type StoreMutatorIdentifier,
  type UseBoundStore,
} from "zustand";

/** How to forget each store made so far. */
const made = new Set<() => void>();

/**
 * `lazyStore<T>()(initializer)` is `create<T>()(initializer)` made on first use: the hook (`useX(selector)`) and its
 * `getState`, `setState`, `subscribe` and `persist` are the store's, whatever reads them first.
 */
export function lazyStore<T>() {
  return <Mos extends [StoreMutatorIdentifier, unknown][] = []>(
    initializer: StateCreator<T, [], Mos>,
  ): UseBoundStore<Mutate<StoreApi<T>, Mos>> => {
    type Store = UseBoundStore<Mutate<StoreApi<T>, Mos>>;
    let store: Store | undefined;
    const use = (): Store => {
      if (!store) {
        store = create<T>()(initializer);
        made.add(() => {
          store = undefined;
        });
      }
      return store;
    };
    return new Proxy(use as unknown as Store, {
      apply: (_target, _this, args: unknown[]) => (use() as (...a: unknown[]) => unknown)(...args),
      get: (_target, key) => use()[key as keyof Store],
    });
  };
}

/** Forgets every store's state (tests): the next use of each makes it again, from its storage if it persists. */
export function resetAllStores(): void {
  for (const forget of made) forget();
  made.clear();
}
