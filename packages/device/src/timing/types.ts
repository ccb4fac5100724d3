// Types the timing modules share: the clock they are given and what a timing port sends from (its feed).

/** The unit's clock and timers (a test gives a fake one); never Date.now() or the global timers directly. */
export interface TimingClock {
  /** Epoch ms by the unit's clock. */
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** What a timing port sends live: items numbered in order (numbers may skip), read through a cursor. */
export interface PortFeed<T> {
  /** The cursor a program that connects starts after. */
  start(): number;
  /** Up to `max` items numbered above `after`, oldest first, and the number of the last one given (`after` for none). */
  after(after: number, max: number): { items: readonly T[]; last: number };
  /** A program took every item up to `last` (written and handed to the network). */
  taken?(last: number): void;
}
