// The unit's UHF ports at run time (D13): the stored settings (UHF_TX, UHF_PORT), the scenario's overrides, settling
// after a boot or a change, and Identify antennas; what the reader asks before it reads, and what the datasets show.
import { UHF_PORT_SETTLE_MS, type UhfPortConfig, type UhfPortState } from "@trc/protocol";
import { newUhfSettings, type UhfSettingsStore } from "../state/uhf-settings.ts";
import {
  canRead,
  identifyingPort,
  NOISE,
  type PortOverrides,
  portState,
  powerReadFactor,
  powerRssiShift,
  UHF_POWER_DB,
  type UhfPower,
} from "./uhf-ports.ts";

export interface UhfControlDeps {
  /** The unit's host clock (epoch ms). */
  now(): number;
  /** The configuration's uhf_power: the power of a port without its own. */
  globalPower(): UhfPower;
  /** Makes the reads up to now under the settings as they were (the reader), before anything changes. */
  advance(): void;
}

export class UhfControl {
  #overrides: PortOverrides = {};
  #bootedAt: number;
  /** Per port, when it was last switched on or given another power (host ms). */
  #changedAt: number[];
  #txOnAt = Number.NEGATIVE_INFINITY;
  #identify: { at: number; order: readonly number[] } | null = null;

  constructor(
    private readonly store: UhfSettingsStore,
    private readonly deps: UhfControlDeps,
  ) {
    this.#bootedAt = deps.now();
    this.#changedAt = store.value.ports.map(() => Number.NEGATIVE_INFINITY);
  }

  /** How many UHF ports the unit has (none on an HF unit). */
  get count(): number {
    return this.store.value.ports.length;
  }

  get transmitter(): boolean {
    return this.store.value.transmitter;
  }

  /** A boot: every port settles again; an identification under way stops. */
  boot(now: number): void {
    this.#bootedAt = now;
    this.#identify = null;
  }

  /** UHF_TX: off, no port reads; on again, every port settles. Resolves once it is stored. */
  async setTransmitter(on: boolean): Promise<void> {
    this.deps.advance();
    if (on && !this.transmitter) this.#txOnAt = this.deps.now();
    await this.store.set({ ...this.store.value, transmitter: on });
  }

  /** UHF_PORT on a port the unit has: on or off, and its power (null keeps it); stored before it answers. */
  async setPort(id: number, enabled: boolean, pwr: number | null): Promise<UhfPortConfig> {
    this.deps.advance();
    const before = this.store.value.ports[id] ?? { enabled: true, pwr: null };
    const after = { enabled, pwr: pwr ?? before.pwr };
    if (enabled && (!before.enabled || after.pwr !== before.pwr)) this.#changedAt[id] = this.deps.now();
    const ports = this.store.value.ports.map((p, i) => (i === id ? after : p));
    await this.store.set({ ...this.store.value, ports });
    return this.portConfig(id);
  }

  /** The scenario's overrides (replacing the last ones). */
  setOverrides(overrides: PortOverrides): void {
    this.deps.advance();
    this.#overrides = overrides;
  }

  /** Identify antennas: points at each of `order` (channel ids) in turn from now. */
  identify(order: readonly number[]): void {
    this.#identify = { at: this.deps.now(), order: [...order] };
  }

  /** Back to a new unit's settings (the reset hook); resolves once they are stored. */
  async reset(): Promise<void> {
    this.deps.advance();
    this.#identify = null;
    this.#txOnAt = Number.NEGATIVE_INFINITY;
    this.#changedAt = this.#changedAt.map(() => Number.NEGATIVE_INFINITY);
    await this.store.set(newUhfSettings(this.count));
  }

  /** A port's power, dB: the scenario's, else its own, else uhf_power's. */
  power(id: number): number {
    return (
      this.#overrides.power?.[id] ??
      this.store.value.ports[id]?.pwr ??
      UHF_POWER_DB[this.deps.globalPower()] ??
      30
    );
  }

  /** Whether port `id` reads tags (the reader also wants an antenna there). */
  reads(id: number): boolean {
    const enabled = this.store.value.ports[id]?.enabled ?? true;
    return this.transmitter && enabled && canRead(this.#forced(id)) && !this.#overrides.silent?.includes(id);
  }

  readFactor(id: number): number {
    return powerReadFactor(this.power(id)) * (this.#forced(id) === "noise" ? NOISE.readFactor : 1);
  }

  rssiShift(id: number): number {
    return powerRssiShift(this.power(id)) + (this.#forced(id) === "noise" ? NOISE.rssiDb : 0);
  }

  /** The port's state (D13) at `now`, with or without an antenna on it. */
  state(id: number, antenna: boolean, now = this.deps.now()): UhfPortState {
    return portState(
      {
        antenna,
        transmitter: this.transmitter,
        enabled: this.store.value.ports[id]?.enabled ?? true,
        forced: this.#forced(id),
        settlingUntil: Math.max(this.#bootedAt, this.#txOnAt, this.#changedAt[id] ?? 0) + UHF_PORT_SETTLE_MS,
      },
      now,
    );
  }

  identifying(id: number, now = this.deps.now()): boolean {
    const run = this.#identify;
    return run !== null && identifyingPort(run.at, run.order, now) === id;
  }

  /** One port as uhf/config lists it and UHF_PORT answers. */
  portConfig(id: number): UhfPortConfig {
    return { id, enabled: this.store.value.ports[id]?.enabled ?? true, pwr: this.power(id) };
  }

  #forced(id: number): UhfPortState | undefined {
    return this.#overrides.states?.[id];
  }
}
