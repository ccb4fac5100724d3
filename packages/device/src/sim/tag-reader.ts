// The tag reader: passings and per-antenna reads, integrated lazily from elapsed time (no timers).
import type { DeviceMode, PassingsTelemetry, UhfPortsTelemetry } from "@trc/protocol";
import { round, smoothNoise } from "./noise.ts";

export type UhfPower = "LOW" | "MEDIUM" | "HIGH";

/** Share of each port in the reads; port 4 has no antenna. */
const ALL_PORTS = [
  { ant: true, share: 0.4 },
  { ant: true, share: 0.33 },
  { ant: true, share: 0.27 },
  { ant: false, share: 0 },
] as const;
/** The antenna-missing scenario: port 2's antenna is gone too (no reads there). */
const PORT_2_MISSING = ALL_PORTS.map((p, i) => (i === 1 ? { ant: false, share: 0 } : p));
const READS_PER_TAG = 11;
const FILTERED_PER_TAG = 2.5;
const SEND_LAG_S = 3;
const POWER: Record<UhfPower, { factor: number; dbm: number }> = {
  LOW: { factor: 0.55, dbm: 24 },
  MEDIUM: { factor: 0.8, dbm: 27 },
  HIGH: { factor: 1, dbm: 30 },
};
const DELTA_WINDOW_MS = 60_000;

export class TagReader {
  #last: number;
  #txOn = true;
  #ports: readonly { ant: boolean; share: number }[];
  #reads = ALL_PORTS.map(() => 0);
  #filtered = 0;
  #unique = 0;
  #sent = 0;
  /** (time, unique) samples of the last two minutes, for the recent rate. */
  #history: { t: number; unique: number }[] = [];

  constructor(
    private readonly start: number,
    private readonly mode: DeviceMode,
    private readonly power: () => UhfPower,
    antennaMissing = false,
  ) {
    this.#ports = antennaMissing ? PORT_2_MISSING : ALL_PORTS;
    this.#last = start;
    this.#history.push({ t: start, unique: 0 });
  }

  get txOn(): boolean {
    return this.#txOn;
  }

  setTx(on: boolean, now = Date.now()): void {
    this.advance(now);
    this.#txOn = on;
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

  private advance(now: number): void {
    if (now <= this.#last) return;
    const gap = now - this.#last;
    const step = Math.max(1000, gap / 2000);
    const factor = POWER[this.power()]?.factor ?? 1;
    for (let t = this.#last; t < now; ) {
      const dtMs = Math.min(step, now - t);
      const dt = dtMs / 1000;
      const tS = (t + dtMs / 2 - this.start) / 1000;
      if (this.#txOn) {
        const tags = this.tagRate(tS) * dt;
        this.#unique += tags;
        this.#filtered += tags * FILTERED_PER_TAG;
        this.#ports.forEach((p, i) => {
          this.#reads[i] = (this.#reads[i] ?? 0) + tags * READS_PER_TAG * factor * p.share;
        });
      }
      if (this.serverUp(tS)) this.#sent += (this.#unique - this.#sent) * Math.min(1, dt / SEND_LAG_S);
      t += dtMs;
      const lastSample = this.#history[this.#history.length - 1];
      if (!lastSample || t - lastSample.t >= 1000) this.#history.push({ t, unique: this.#unique });
    }
    this.#last = now;
    const cutoff = now - 2 * DELTA_WINDOW_MS;
    while (this.#history.length > 2 && (this.#history[1]?.t ?? now) < cutoff) this.#history.shift();
  }

  passings(now = Date.now()): PassingsTelemetry {
    this.advance(now);
    const unique = Math.floor(this.#unique);
    const sent = Math.min(unique, Math.floor(this.#sent));
    const filtered = Math.max(unique, Math.floor(this.#filtered));
    const seen = Math.max(filtered, Math.floor(this.#reads.reduce((a, b) => a + b, 0)));
    let before = this.#history[0] ?? { t: this.start, unique: 0 };
    for (const sample of this.#history) if (sample.t <= now - DELTA_WINDOW_MS) before = sample;
    const delta = Math.max(0, unique - Math.floor(before.unique));
    return { seen, filtered, unique, sent, left: unique - sent, delta };
  }

  ports(now = Date.now()): UhfPortsTelemetry {
    this.advance(now);
    if (this.mode !== "uhf") return { channels: [] };
    const tS = (now - this.start) / 1000;
    const dbm = POWER[this.power()]?.dbm ?? 30;
    return {
      channels: this.#ports.map((p, id) => ({
        id,
        ant: p.ant,
        reads: Math.floor(this.#reads[id] ?? 0),
        loss: p.ant
          ? round(17 + 3 * smoothNoise(20 + id, tS, 60), 1)
          : round(0.6 + 0.2 * smoothNoise(30, tS, 60), 1),
        pwr: this.#txOn && p.ant ? round(dbm - 0.3 * id + 0.2 * smoothNoise(40 + id, tS, 30), 1) : 0,
      })),
    };
  }
}
