// Reads per second from the unit's counters (a unit without the read stream): passings "seen" and each channel's reads.

/** One poll of the counters: when it was answered (ms), passings seen, the channels of uhf/ports. */
export interface CounterSample {
  at: number;
  seen: number | undefined;
  channels: readonly { id: number; ant: boolean; reads: number }[];
}

export interface CounterRates {
  /** All reads per second (passings seen), null until two polls (or after a counter went back: a reboot). */
  total: number | null;
  channels: { id: number; ant: boolean; perSecond: number | null }[];
}

const rate = (before: number | undefined, after: number | undefined, seconds: number): number | null =>
  before === undefined || after === undefined || after < before || seconds <= 0
    ? null
    : (after - before) / seconds;

/** The rates between two polls (`prev` null: the first poll, every rate unknown). */
export function counterRates(prev: CounterSample | null, next: CounterSample): CounterRates {
  const seconds = prev ? (next.at - prev.at) / 1000 : 0;
  return {
    total: prev ? rate(prev.seen, next.seen, seconds) : null,
    channels: next.channels.map((c) => ({
      id: c.id,
      ant: c.ant,
      perSecond: prev ? rate(prev.channels.find((p) => p.id === c.id)?.reads, c.reads, seconds) : null,
    })),
  };
}

/** "12.5 reads/s", or "—" while unknown. */
export const perSecondText = (v: number | null): string => (v === null ? "—" : `${v.toFixed(1)} reads/s`);
