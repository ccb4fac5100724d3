// The tag reader: every read it makes goes to the read log (the stream's reads, Passings "Seen", each channel's
// "Reads"); reads are made lazily from elapsed time on the unit's host clock when someone asks (no timers of its own).
// Which ports read, how many reads and how strong, it asks its ports (D13: the transmitter, UHF_PORT, the scenario).
import type { DeviceMode, PassingsTelemetry } from "@trc/protocol";
import { round, seededRandom, smoothNoise, wholeBetween } from "./noise.ts";
import { type MassStart, type PlannedRead, planMassStart, type TestTag } from "./race-reads.ts";
import type { NewRead, ReadLog } from "./read-log.ts";
import { globalPorts, type ReaderPorts, type UhfPower } from "./uhf-ports.ts";

export type { ReaderPorts, UhfPower } from "./uhf-ports.ts";

/** Share of each port in the reads; port 4 has no antenna. */
const ALL_PORTS = [
  { ant: true, share: 0.4 },
  { ant: true, share: 0.33 },
  { ant: true, share: 0.27 },
  { ant: false, share: 0 },
] as const;
/** How many antenna ports a UHF unit has. */
export const UHF_CHANNELS = ALL_PORTS.length;
/** The antenna-missing scenario: port 2's antenna is gone too (no reads there). */
const PORT_2_MISSING = ALL_PORTS.map((p, i) => (i === 1 ? { ant: false, share: 0 } : p));
const READS_PER_TAG = 11;
const FILTERED_PER_TAG = 2.5;
const SEND_LAG_S = 3;
const DELTA_WINDOW_MS = 60_000;
/** The living reader's athletes: tags 200000..201999. */
const ATHLETES = 2000;

export interface ReaderOptions {
  log: ReadLog;
  /** The unit's host clock (epoch ms): reads are made up to it when no time is given. */
  now: () => number;
  /** The unit's clock at a host time (reads carry the unit's time). */
  unitTime: (hostMs: number) => number;
  antennaMissing?: boolean;
  /** The ports' say (D13); without it every port reads at uhf_power. */
  ports?: ReaderPorts;
}

/** The newest `keep` of `reads`; the older ones are counted per channel into `counted`. */
function countOlder(reads: NewRead[], keep: number, counted: Map<number, number>): NewRead[] {
  const older = reads.length - keep;
  for (let i = 0; i < older; i++) {
    const ant = reads[i]?.ant ?? 0;
    counted.set(ant, (counted.get(ant) ?? 0) + 1);
  }
  return reads.slice(older);
}

export class TagReader {
  #last: number;
  #control: ReaderPorts;
  #stopped = false;
  /** The link-down scenario: true holds the upstream server away, false holds it up, null leaves it to the noise. */
  #serverDown: boolean | null = null;
  /** Passings the link sends a minute once up (the drain scenario); null: all at once when held up, else the noise's. */
  #drainPerMinute: number | null = null;
  /** Channels whose antenna the antenna-lost scenario took away. */
  #lost = new Set<number>();
  #ports: readonly { ant: boolean; share: number }[];
  #random = seededRandom(7);
  #readCarry = 0;
  /** The athlete being read now, and how many reads of their tag are still to come. */
  #passing: { tag: string; left: number } | null = null;
  #unique = 0;
  #filtered = 0;
  #sent = 0;
  #planned: PlannedRead[] = [];
  #testTag: (TestTag & { carry: number }) | null = null;
  /** (time, unique) samples of the last two minutes, for the recent rate. */
  #history: { t: number; unique: number }[] = [];
  readonly log: ReadLog;

  constructor(
    private readonly start: number,
    mode: DeviceMode,
    power: () => UhfPower,
    private readonly options: ReaderOptions,
  ) {
    this.log = options.log;
    this.#control = options.ports ?? globalPorts(power);
    this.#ports =
      mode === "hf" ? [{ ant: true, share: 1 }] : options.antennaMissing ? PORT_2_MISSING : ALL_PORTS;
    this.#last = start;
    this.#history.push({ t: start, unique: 0 });
  }

  /** How many channels the reader has (channel ids 0..n-1). */
  get channelCount(): number {
    return this.#ports.length;
  }

  /** Host ms of power-on (the reader's living noise counts from it). */
  get startedAt(): number {
    return this.start;
  }

  /** The UHF transmitter (UHF_TX, kept by the ports). */
  get txOn(): boolean {
    return this.#control.transmitter;
  }

  /** Whether channel `id` has an antenna (not taken away by the antenna-lost scenario). */
  hasAntenna(id: number): boolean {
    return !!this.#ports[id]?.ant && !this.#lost.has(id);
  }

  /** The "reads stop" scenario: no read at all (living, mass start, test tag) while stopped. */
  setStopped(stopped: boolean, now = this.options.now()): void {
    this.advance(now);
    this.#stopped = stopped;
  }

  /** The link-down scenario: nothing is sent while down (Left grows with the reads); null gives it back to the noise. */
  setServerDown(down: boolean | null, now = this.options.now()): void {
    this.advance(now);
    this.#serverDown = down;
  }

  /** The drain scenario: the link, once up, sends at most `perMinute` passings a minute (null: no bound). */
  setDrainPerMinute(perMinute: number | null, now = this.options.now()): void {
    this.advance(now);
    this.#drainPerMinute = perMinute;
  }

  /** The antenna-lost scenario: no read on these channels. */
  setLostChannels(ids: readonly number[], now = this.options.now()): void {
    this.advance(now);
    this.#lost = new Set(ids);
  }

  /** Whether channel `i` can read a tag: it has an antenna, not taken away, and its port reads. */
  private readable(i: number): boolean {
    return this.hasAntenna(i) && this.#control.reads(i);
  }

  /** Channel `i`'s part of the living reads: its share at its power, 0 when it cannot read. */
  private weight(i: number): number {
    return this.readable(i) ? (this.#ports[i]?.share ?? 0) * this.#control.readFactor(i) : 0;
  }

  /** Plans a mass start from now on the channels with an antenna. */
  massStart(spec: MassStart, now = this.options.now()): number {
    this.advance(now);
    const channels = this.#ports.flatMap((p, i) => (p.ant ? [i] : []));
    const plan = planMassStart(spec, now, channels);
    this.#planned = [...this.#planned, ...plan].sort((a, b) => a.at - b.at);
    return plan.length;
  }

  /** Holds a test tag at a channel (null takes it away). */
  setTestTag(tag: TestTag | null, now = this.options.now()): void {
    this.advance(now);
    this.#testTag = tag && { ...tag, carry: 0 };
  }

  /** Takes away the test tag and every planned read not made yet. */
  clearRaceReads(now = this.options.now()): void {
    this.advance(now);
    this.#planned = [];
    this.#testTag = null;
  }

  /** Athletes arrive in waves: unique tags per second at `tS` seconds since power-on. */
  private tagRate(tS: number): number {
    const wave = Math.max(0, Math.sin((2 * Math.PI * tS) / 900)) ** 2;
    return Math.max(0, 0.35 + 1.2 * wave + 0.25 * smoothNoise(1, tS, 20));
  }

  /** The upstream server is away now and then; passings queue up (left grows) until it is back. */
  private serverUp(tS: number): boolean {
    return smoothNoise(7, tS, 120) < 0.6;
  }

  /** A readable channel picked by the ports' weights. */
  private pickPort(total: number): number {
    let x = this.#random() * total;
    for (const i of this.#ports.keys()) {
      if (!this.readable(i)) continue;
      x -= this.weight(i);
      if (x < 0) return i;
    }
    return this.#ports.findIndex((_, i) => this.readable(i));
  }

  /** The reads of one stretch [t, t + dtMs): living athletes, the test tag and the planned reads. */
  private readsIn(t: number, dtMs: number, tS: number): NewRead[] {
    const out: (NewRead & { at: number })[] = [];
    const live = this.#control.transmitter && !this.#stopped;
    const shift = (ant: number) => this.#control.rssiShift(ant);
    const end = t + dtMs;
    let planned = 0;
    while ((this.#planned[planned]?.at ?? end) < end) planned++;
    const due = this.#planned.splice(0, planned);
    if (!live) return [];
    const total = this.#ports.reduce((a, _, i) => a + this.weight(i), 0);
    const mean = READS_PER_TAG * total;
    // Reads come steadily while athletes pass: each athlete's tag is read a few times, then the next one's.
    this.#readCarry += this.tagRate(tS) * mean * (dtMs / 1000);
    const n = Math.floor(this.#readCarry);
    this.#readCarry -= n;
    for (let k = 0; k < n; k++) {
      if (!this.#passing || this.#passing.left <= 0) {
        const left = Math.max(3, wholeBetween(this.#random, Math.round(mean * 0.6), Math.round(mean * 1.4)));
        this.#passing = { tag: String(200_000 + Math.floor(this.#random() * ATHLETES)), left };
        this.#unique++;
        this.#filtered += FILTERED_PER_TAG;
      }
      this.#passing.left--;
      const draw = this.#random();
      const ant = this.pickPort(total);
      const rssi = round(-78 + 22 * draw + shift(ant), 1);
      out.push({ at: t + ((k + this.#random()) * dtMs) / n, tag: this.#passing.tag, ant, rssi, time: 0 });
    }
    const test = this.#testTag;
    if (test) {
      test.carry += test.perSecond * (dtMs / 1000);
      const n = Math.floor(test.carry);
      test.carry -= n;
      for (let k = 0; k < n; k++) {
        const rssi = round(-50 + 4 * this.#random() + shift(test.ant), 1);
        out.push({ at: t + ((k + 0.5) * dtMs) / n, tag: test.tag, ant: test.ant, rssi, time: 0 });
      }
    }
    for (const p of due) {
      out.push({ at: p.at, tag: p.tag, ant: p.ant, rssi: round(p.rssi + shift(p.ant), 1), time: 0 });
      if (p.first) {
        this.#unique++;
        this.#filtered += FILTERED_PER_TAG;
      }
    }
    // A tag at a channel without an antenna is not read (the test tag there, a mass start's read after a loss).
    return out
      .filter((r) => this.readable(r.ant))
      .sort((a, b) => a.at - b.at)
      .map(({ at, ...r }) => ({ ...r, time: Math.round(this.options.unitTime(at)) }));
  }

  /**
   * The link is up for `dtMs`: held up by the scenario everything goes out at once (a test sees Left 0), up on its
   * own the backlog goes within a few seconds; a drain rate bounds either, so Left falls over time.
   */
  private send(dtMs: number): void {
    const backlog = this.#unique - this.#sent;
    const unbounded = this.#serverDown === false ? backlog : backlog * Math.min(1, dtMs / 1000 / SEND_LAG_S);
    const rate = this.#drainPerMinute;
    this.#sent += rate === null ? unbounded : Math.min(unbounded, (rate * dtMs) / 60_000);
  }

  /** Makes every read up to `now` (the stream calls this on each tick; telemetry before it answers). */
  advance(now = this.options.now()): void {
    if (now <= this.#last) return;
    const gap = now - this.#last;
    const step = Math.max(1000, gap / 2000);
    // A long stretch nobody asked about holds at most the newest 2 × capacity reads at a time; only the newest
    // `capacity` are kept (the log keeps no more), the older ones are counted without being kept.
    const capacity = this.log.capacity;
    let kept: NewRead[] = [];
    const unkept = new Map<number, number>();
    for (let t = this.#last; t < now; ) {
      const dtMs = Math.min(step, now - t);
      const tS = (t + dtMs / 2 - this.start) / 1000;
      for (const r of this.readsIn(t, dtMs, tS)) kept.push(r);
      if (kept.length >= 2 * capacity) kept = countOlder(kept, capacity, unkept);
      if (this.#serverDown === false || (this.#serverDown === null && this.serverUp(tS))) this.send(dtMs);
      t += dtMs;
      const lastSample = this.#history[this.#history.length - 1];
      if (!lastSample || t - lastSample.t >= 1000) this.#history.push({ t, unique: this.#unique });
    }
    this.#last = now;
    if (kept.length > capacity) kept = countOlder(kept, capacity, unkept);
    this.log.append(kept, unkept);
    const cutoff = now - 2 * DELTA_WINDOW_MS;
    while (this.#history.length > 2 && (this.#history[1]?.t ?? now) < cutoff) this.#history.shift();
  }

  passings(now = this.options.now()): PassingsTelemetry {
    this.advance(now);
    const seen = this.log.total;
    const unique = Math.min(seen, this.#unique);
    const sent = Math.min(unique, Math.floor(this.#sent));
    const filtered = Math.min(seen, Math.max(unique, Math.floor(this.#filtered)));
    let before = this.#history[0] ?? { t: this.start, unique: 0 };
    for (const sample of this.#history) if (sample.t <= now - DELTA_WINDOW_MS) before = sample;
    const delta = Math.max(0, unique - Math.min(unique, before.unique));
    return { seen, filtered, unique, sent, left: unique - sent, delta };
  }
}
