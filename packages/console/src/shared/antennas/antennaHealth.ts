// Each antenna's health (issue 41, D13), pure: its state in words (D13's, or worked out from SPEC's fields on an older
// unit), its reads per minute, the quality of its reads (median RSSI and hits per passing) and the Fleet's summary.
type Maybe<T> = T | undefined | null;

/** D13's port states. */
export const ANTENNA_STATES = ["ok", "noise", "absent", "settling", "off", "fault"] as const;
export type AntennaState = (typeof ANTENNA_STATES)[number];

/** What the operator reads for each state. */
export const STATE_WORDS: Record<AntennaState, string> = {
  ok: "OK",
  noise: "Noise",
  absent: "No antenna",
  settling: "Settling",
  off: "Off",
  fault: "Fault",
};

/** A channel of `uhf/ports`: SPEC's fields, and D13's where the unit has them. */
export interface PortReading {
  id?: number;
  ant?: boolean;
  reads?: number;
  loss?: number;
  pwr?: number;
  state?: string;
  rssi?: number | null;
  hits?: number | null;
  identifying?: boolean;
}

/** A series of a counter's readings over time (a channel's Reads), oldest first. */
export type Counts = readonly { t: number; v: number }[];

const finite = (v: unknown): v is number => Number.isFinite(v);
const isState = (s: unknown): s is AntennaState => ANTENNA_STATES.includes(s as AntennaState);

/**
 * The port's state: D13's `state` when the unit sends one it knows; an older unit's worked out from what it has:
 * no antenna (`ant` false), else OK.
 */
export function antennaState(p: Maybe<PortReading>): AntennaState {
  if (isState(p?.state)) return p.state;
  return p?.ant === false ? "absent" : "ok";
}

/** The reads of the last minute, per minute: from the two readings of the series closest to a minute apart. */
export const RATE_WINDOW_MS = 60_000;
export function readsPerMinute(series: Maybe<Counts>): number | null {
  const last = series?.[series.length - 1];
  if (!series || !last) return null;
  let from: { t: number; v: number } | undefined;
  for (let i = series.length - 2; i >= 0; i--) {
    const p = series[i] as { t: number; v: number };
    from = p;
    if (last.t - p.t >= RATE_WINDOW_MS) break;
  }
  if (!from || last.t - from.t < 10_000 || last.v < from.v) return null;
  return ((last.v - from.v) / (last.t - from.t)) * 60_000;
}

/**
 * Read quality bands from median RSSI and hits per passing (RACE RESULT's guidance: 75–255 hits at −35…−55 dBm is
 * perfect, 1–10 hits at −70…−85 dBm wants the setup checked): Good at −65 dBm or stronger with 10 hits or more;
 * Weak below −70 dBm or under 5 hits; Fair between.
 */
export const GOOD_RSSI_DBM = -65;
export const WEAK_RSSI_DBM = -70;
export const GOOD_HITS = 10;
export const WEAK_HITS = 5;
export type Quality = { band: "good" | "fair" | "weak" | "none"; text: string };

export function readQuality(p: Maybe<PortReading>): Quality {
  const rssi = p?.rssi;
  const hits = p?.hits;
  if (!finite(rssi) && !finite(hits)) return { band: "none", text: "No reads in the last minute" };
  const weakRssi = finite(rssi) && rssi < WEAK_RSSI_DBM;
  const weakHits = finite(hits) && hits < WEAK_HITS;
  if (weakRssi || weakHits) return { band: "weak", text: "Weak: check the mat and the antenna's aim" };
  const good = (!finite(rssi) || rssi >= GOOD_RSSI_DBM) && (!finite(hits) || hits >= GOOD_HITS);
  return good
    ? { band: "good", text: "Good" }
    : { band: "fair", text: "Fair: reads come, with little margin" };
}

/** A port that reads: an antenna on it, not off, not faulty. */
const fitted = (s: AntennaState) => s !== "absent";

/**
 * The Fleet's Antennas column: antennas reading now (OK or Noise with reads in the last minute) over antennas fitted,
 * then each other state's count: `3 / 4: 2 Noise`, `4 / 4`; — without ports.
 */
export function antennasSummary(
  ports: Maybe<readonly Maybe<PortReading>[]>,
  reads: (id: number) => Maybe<Counts>,
): string | null {
  if (!ports) return null;
  const states = ports.map((p) => ({ p, s: antennaState(p) })).filter(({ s }) => fitted(s));
  const reading = states.filter(({ p, s }) => {
    if (s !== "ok" && s !== "noise") return false;
    const rate = finite(p?.id) ? readsPerMinute(reads(p.id)) : null;
    return rate === null ? (p?.reads ?? 0) > 0 : rate > 0;
  }).length;
  const counts = new Map<AntennaState, number>();
  for (const { s } of states) if (s !== "ok") counts.set(s, (counts.get(s) ?? 0) + 1);
  const problems = [...counts].map(([s, n]) => `${n} ${STATE_WORDS[s]}`);
  return `${reading} / ${states.length}${problems.length ? `: ${problems.join(", ")}` : ""}`;
}

/** When a counter last grew (the reading that showed it larger), or null. */
export function lastGrowth(series: Maybe<Counts>): number | null {
  if (!series) return null;
  for (let i = series.length - 1; i > 0; i--)
    if ((series[i] as { v: number }).v > (series[i - 1] as { v: number }).v)
      return (series[i] as { t: number }).t;
  return null;
}

/** An antenna silent this long while another of the unit reads raises `Antenna N silent`. */
export const SILENT_AFTER_MS = 2 * 60_000;

/**
 * Antennas that read before and have read nothing for SILENT_AFTER_MS while another antenna of the unit read in that
 * time (a dead mat, found long before `No reads for N min`, which needs the whole unit silent): each with its minutes.
 */
export function silentAntennas(
  ports: Maybe<readonly Maybe<PortReading>[]>,
  reads: (id: number) => Maybe<Counts>,
  now: number,
): { id: number; minutes: number }[] {
  const grew = (ports ?? []).flatMap((p) => {
    if (!p || !finite(p.id)) return [];
    const s = antennaState(p);
    // Off (switched off by the operator) and settling are not silence; absent and fault have their own words.
    if (s !== "ok" && s !== "noise") return [];
    const at = lastGrowth(reads(p.id));
    return at === null ? [] : [{ id: p.id, at }];
  });
  return grew.flatMap(({ id, at }) => {
    const quiet = now - at;
    const othersRead = grew.some((o) => o.id !== id && o.at > at && now - o.at < SILENT_AFTER_MS);
    return quiet >= SILENT_AFTER_MS && othersRead ? [{ id, minutes: Math.floor(quiet / 60_000) }] : [];
  });
}
