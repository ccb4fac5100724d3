// Whether the event's clocks agree (issue 41), pure: from each unit's offset against the browser (a sync's estimate
// with its error bound, or a broker's one-way figure), how far apart they are and, past 100 ms, which two disagree.
import { READY_CLOCK_WITHIN_MS } from "@trc/protocol";

/** Units whose clocks are further apart than this (the Ready check's 100 ms) disagree: results across them are off by that much. */
export const CLOCKS_AGREE_WITHIN_MS = READY_CLOCK_WITHIN_MS;

export interface UnitClock {
  name: string;
  offsetMs: number;
  /** The sync's error bound, ms (0 for a one-way figure). */
  errorBoundMs: number;
  /** How it was measured: `sync`, or `one way` (a broker's). */
  how: string;
}

export interface ClockSpread {
  /** The largest difference between two units' offsets, ms. */
  spreadMs: number;
  agree: boolean;
  /** The two units furthest apart (earliest, latest). */
  low: UnitClock;
  high: UnitClock;
  text: string;
}

const ms = (v: number) => `${Math.round(v)} ms`;

/** The spread of two units or more, or null (fewer than two units with a known offset: nothing to compare). */
export function clockSpread(clocks: readonly UnitClock[]): ClockSpread | null {
  const known = clocks.filter((c) => Number.isFinite(c.offsetMs));
  if (known.length < 2) return null;
  const sorted = known.toSorted((a, b) => a.offsetMs - b.offsetMs);
  const low = sorted[0] as UnitClock;
  const high = sorted[sorted.length - 1] as UnitClock;
  const spreadMs = high.offsetMs - low.offsetMs;
  const agree = spreadMs <= CLOCKS_AGREE_WITHIN_MS;
  const text = agree
    ? `Clocks within ${ms(spreadMs)}`
    : `Clocks disagree: ${ms(spreadMs)} between ${low.name} and ${high.name}`;
  return { spreadMs, agree, low, high, text };
}

/** One unit's offset in the words of the spread's details: `DECODER-01 +12 ms ± 3 ms (sync)`. */
export function unitClockText(c: UnitClock): string {
  const o = Math.round(c.offsetMs);
  const sign = o > 0 ? "+" : o < 0 ? "−" : "";
  const bound = c.errorBoundMs > 0 ? ` ± ${Math.max(1, Math.round(c.errorBoundMs))} ms` : "";
  return `${c.name} ${sign}${Math.abs(o)} ms${bound} (${c.how})`;
}
