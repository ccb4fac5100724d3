// What a timing port is given by the pure timing modules: what it sends from (its feed) and how requests are answered.
import type { TimingPortKind, TimingRequest } from "@trc/protocol";

/** What a timing port sends live: items numbered in order (numbers may skip), read through a cursor. */
export interface PortFeed<T> {
  /** The cursor a program that connects starts after. */
  start(): number;
  /** Up to `max` items numbered above `after`, oldest first, and the number of the last one given (`after` for none). */
  after(after: number, max: number): { items: readonly T[]; last: number };
  /** A program took every item up to `last` (written and handed to the network). */
  taken?(last: number): void;
}

/** What a request's handler answers: lines to send, and for a rewind the items to send again to this program. */
export interface PortAnswer<T> {
  lines: string[];
  replay?: readonly T[];
}

export type RequestHandler<T> = (
  request: Exclude<TimingRequest, { kind: "error" }>,
  program: { kind: TimingPortKind; address: string },
) => PortAnswer<T> | Promise<PortAnswer<T>>;
