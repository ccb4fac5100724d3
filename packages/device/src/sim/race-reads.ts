// Reads that scenarios add to the living reader (test hooks): a mass start's schedule and a test tag held at an antenna.
import { round, seededRandom, wholeBetween } from "./noise.ts";

/** A read planned at a host time; `first` marks a tag's first read (it counts as a unique passing). */
export interface PlannedRead {
  at: number;
  tag: string;
  ant: number;
  rssi: number;
  first: boolean;
}

/** N tags pass within `seconds`, each read `readsPerTag` [min, max] times on `antennas` [min, max] channels. */
export interface MassStart {
  tags: number;
  seconds: number;
  readsPerTag: [number, number];
  antennas: [number, number];
  /** The same seed gives the same tags, counts, channels and times (relative to the start). Default 1. */
  seed?: number;
}

/** A tag held at one channel: `perSecond` reads a second until removed. */
export interface TestTag {
  tag: string;
  ant: number;
  perSecond: number;
}

/** Most reads one mass start may plan. */
export const MASS_START_MAX_READS = 200_000;
/** How long a tag stays in the field while it passes (its reads spread over this). */
const PASS_MS = 1500;

/** Mass start tags are 1xxxxx; the living reader's athletes are 2xxxxx. */
export const massStartTag = (i: number) => String(100_001 + i);

/** Plans a mass start from `start` (host ms) on the channels `channels` (those with an antenna), sorted by time. */
export function planMassStart(spec: MassStart, start: number, channels: readonly number[]): PlannedRead[] {
  const random = seededRandom(spec.seed ?? 1);
  const out: PlannedRead[] = [];
  const spanMs = spec.seconds * 1000;
  for (let i = 0; i < spec.tags; i++) {
    const tag = massStartTag(i);
    const passAt = start + random() * Math.max(0, spanMs - PASS_MS);
    const count = wholeBetween(random, spec.readsPerTag[0], spec.readsPerTag[1]);
    const free = [...channels];
    const wanted = Math.min(free.length, wholeBetween(random, spec.antennas[0], spec.antennas[1]));
    const ants = Array.from(
      { length: wanted },
      () => free.splice(Math.floor(random() * free.length), 1)[0] ?? 0,
    );
    const reads = Array.from({ length: count }, (_, k) => ({
      at: passAt + random() * PASS_MS,
      tag,
      ant: ants[k % ants.length] ?? 0,
      rssi: round(-72 + 22 * random(), 1),
      first: false,
    })).sort((a, b) => a.at - b.at);
    if (reads[0]) reads[0].first = true;
    out.push(...reads);
  }
  return out.sort((a, b) => a.at - b.at);
}

/** Why a mass start cannot be planned, or null. */
export function massStartProblem(v: unknown): string | null {
  const m = v as Partial<MassStart> | null;
  if (!m || typeof m !== "object" || Array.isArray(m)) return "massStart must be an object";
  const whole = (x: unknown, lo: number, hi: number) =>
    typeof x === "number" && Number.isInteger(x) && x >= lo && x <= hi;
  const range = (x: unknown, lo: number, hi: number) =>
    Array.isArray(x) && x.length === 2 && whole(x[0], lo, hi) && whole(x[1], x[0] as number, hi);
  const known = ["tags", "seconds", "readsPerTag", "antennas", "seed"];
  const unknown = Object.keys(m).find((k) => !known.includes(k));
  if (unknown) return `Unknown massStart field: ${unknown}`;
  if (!whole(m.tags, 1, 100_000)) return "massStart.tags must be a whole number from 1 to 100000";
  if (!whole(m.seconds, 1, 3600)) return "massStart.seconds must be a whole number from 1 to 3600";
  if (!range(m.readsPerTag, 1, 100)) return "massStart.readsPerTag must be [min, max] within 1..100";
  if (!range(m.antennas, 1, 16)) return "massStart.antennas must be [min, max] within 1..16";
  if (m.seed !== undefined && !whole(m.seed, 0, 2 ** 32 - 1)) return "massStart.seed must be a whole number";
  if ((m.tags as number) * ((m.readsPerTag as number[])[1] ?? 0) > MASS_START_MAX_READS) {
    return `massStart plans more than ${MASS_START_MAX_READS} reads (tags × readsPerTag max)`;
  }
  return null;
}

/** Why a test tag cannot be held, or null. */
export function testTagProblem(v: unknown): string | null {
  const t = v as Partial<TestTag> | null;
  if (!t || typeof t !== "object" || Array.isArray(t)) return "testTag must be an object or null";
  const unknown = Object.keys(t).find((k) => !["tag", "ant", "perSecond"].includes(k));
  if (unknown) return `Unknown testTag field: ${unknown}`;
  if (typeof t.tag !== "string" || !/^[0-9A-Za-z]{1,32}$/.test(t.tag)) {
    return "testTag.tag must be 1 to 32 letters or digits";
  }
  if (typeof t.ant !== "number" || !Number.isInteger(t.ant) || t.ant < 0 || t.ant > 15) {
    return "testTag.ant must be a channel id from 0 to 15";
  }
  if (typeof t.perSecond !== "number" || !(t.perSecond > 0 && t.perSecond <= 1000)) {
    return "testTag.perSecond must be above 0 and at most 1000";
  }
  return null;
}
