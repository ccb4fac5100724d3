// The rules of one UHF antenna port (D13): its state, how many reads it makes and how strong at its power, and which
// port Identify antennas points at. Pure: the caller gives the facts and the time.
import type { UhfPortState } from "@trc/protocol";

export type UhfPower = "LOW" | "MEDIUM" | "HIGH";

/** The configuration's uhf_power as a port's power, dB (a port without its own power has it). */
export const UHF_POWER_DB: Record<UhfPower, number> = { LOW: 24, MEDIUM: 27, HIGH: 30 };
/** The power at which a port reads as the living unit always did (HIGH). */
const FULL_POWER_DB = 30;
/** Identify antennas points at each port this long, one after the other. */
export const IDENTIFY_MS = 5000;
/** A noisy port (reflections, a damaged cable): the share of its reads it still makes, its RSSI loss, its return loss. */
export const NOISE = { readFactor: 0.6, rssiDb: -4, lossDb: 6 } as const;

/** The scenario's say over the ports, by channel id; what it leaves out is the living unit's. */
export interface PortOverrides {
  /** The state a port is made to be in. */
  states?: Readonly<Record<number, UhfPortState>>;
  /** Ports that read nothing while their antenna is fine (nobody passes there). */
  silent?: readonly number[];
  /** A port's power, dB, in place of its setting (not stored). */
  power?: Readonly<Record<number, number>>;
}

export interface PortFacts {
  /** An antenna is on the port. */
  antenna: boolean;
  /** The transmitter is on (UHF_TX) and the port switched on (UHF_PORT). */
  transmitter: boolean;
  enabled: boolean;
  /** The state the scenario gives it, if any. */
  forced?: UhfPortState;
  /** Host ms until which the port settles (30 s after boot or a change). */
  settlingUntil: number;
}

/** A fault (the port does not answer) before off, off before absent, then what the scenario says, then settling. */
export function portState(f: PortFacts, now: number): UhfPortState {
  if (f.forced === "fault") return "fault";
  if (!f.transmitter || !f.enabled || f.forced === "off") return "off";
  if (!f.antenna || f.forced === "absent") return "absent";
  if (f.forced) return f.forced;
  return now < f.settlingUntil ? "settling" : "ok";
}

/** Whether a port the scenario puts in `forced` can read at all (off, faulty or without antenna it cannot). */
export const canRead = (forced: UhfPortState | undefined) =>
  forced !== "off" && forced !== "fault" && forced !== "absent";

/** Whether a port in `state` transmits (its pwr is shown). */
export const transmits = (state: UhfPortState) => state !== "off" && state !== "fault";

/** A port's reads at `db` relative to full power: less range, fewer reads (24 dB: 55 %, 31.5 dB: 110 %). */
export function powerReadFactor(db: number): number {
  return Math.min(1.1, Math.max(0.1, 1 + (db - FULL_POWER_DB) * 0.075));
}

/** A read's RSSI at `db` relative to full power: the tag's backscatter follows the power that reaches it, dB for dB. */
export const powerRssiShift = (db: number) => db - FULL_POWER_DB;

/** The port Identify antennas points at, at `now`: each of `order` in turn for IDENTIFY_MS from `startedAt`. */
export function identifyingPort(startedAt: number, order: readonly number[], now: number): number | null {
  if (now < startedAt) return null;
  return order[Math.floor((now - startedAt) / IDENTIFY_MS)] ?? null;
}

/** What the tag reader asks of its ports (UhfControl). */
export interface ReaderPorts {
  /** The UHF transmitter (UHF_TX): off, nothing is read. */
  readonly transmitter: boolean;
  /** Whether port `id` reads (switched on, not made off, faulty or silent by the scenario). */
  reads(id: number): boolean;
  /** Its reads relative to a port at full power (its power, its noise). */
  readFactor(id: number): number;
  /** dB added to the RSSI of its reads (its power, its noise). */
  rssiShift(id: number): number;
}

/** Ports that all read at the configuration's uhf_power, transmitter on (a reader given no ports). */
export function globalPorts(power: () => UhfPower): ReaderPorts {
  const db = () => UHF_POWER_DB[power()] ?? FULL_POWER_DB;
  return {
    transmitter: true,
    reads: () => true,
    readFactor: () => powerReadFactor(db()),
    rssiShift: () => powerRssiShift(db()),
  };
}
