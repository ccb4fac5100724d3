// The scenario's D13 cases (test hooks only): each port's state, a silent port, a port's power, the GPS fix or no
// GPS, NTP, the RTC's drift; their checks, and what they come to for the ports and the time sources.
import { GNSS_FIXES, type GnssFix, UHF_PORT_POWER, UHF_PORT_STATES, type UhfPortState } from "@trc/protocol";
import type { TimeOverrides } from "./time-keeper.ts";
import type { PortOverrides } from "./uhf-ports.ts";

/** The D13 fields of the scenario (channel ids are zero-based, as uhf/ports' `id`). */
export interface AntennaScenario {
  /** The state a port is made to be in (ok, noise, absent, settling, off, fault). */
  portStates?: Record<string, UhfPortState>;
  /** Ports that read nothing while their antenna is fine (the others go on reading). */
  antennaSilent?: number[];
  /** A port's power, dB, in place of its setting (not stored; RSSI and reads follow it). */
  portPower?: Record<string, number>;
  /** The GPS fix, pinned (the living GPS: none for 12 s after each boot, then 3d). */
  gpsFix?: GnssFix;
  /** true: the unit has no GPS (gnss answers 404, time/sources has no gps). */
  gpsAbsent?: boolean;
  /** NTP answers (true) or not (false); the living unit's answers. */
  ntp?: boolean;
  /** How fast the RTC runs while the clock follows it, ppm (default 2). */
  rtcDriftPpm?: number;
}

type Check = (v: unknown) => boolean;

const isChannelKey = (k: string) => /^\d{1,2}$/.test(k);
const byChannel =
  (each: Check): Check =>
  (v) =>
    !!v &&
    typeof v === "object" &&
    !Array.isArray(v) &&
    Object.entries(v).every(([k, x]) => isChannelKey(k) && each(x));
const isPower: Check = (v) => typeof v === "number" && v >= UHF_PORT_POWER.min && v <= UHF_PORT_POWER.max;

/** Each D13 field of POST /api/__test/scenario and its check (null clears one, as for every field). */
export const ANTENNA_SCENARIO_FIELDS: Record<keyof AntennaScenario, Check> = {
  portStates: byChannel((x) => (UHF_PORT_STATES as readonly unknown[]).includes(x)),
  antennaSilent: (v) => Array.isArray(v) && v.every((x) => Number.isInteger(x) && x >= 0 && x < 100),
  portPower: byChannel(isPower),
  gpsFix: (v) => (GNSS_FIXES as readonly unknown[]).includes(v),
  gpsAbsent: (v) => typeof v === "boolean",
  ntp: (v) => typeof v === "boolean",
  rtcDriftPpm: (v) => typeof v === "number" && Number.isFinite(v) && Math.abs(v) <= 100,
};

const numbered = <T>(record: Record<string, T> | undefined): Record<number, T> | undefined =>
  record && Object.fromEntries(Object.entries(record).map(([k, v]) => [Number(k), v]));

/** What the scenario says of the ports. */
export function portOverrides(s: AntennaScenario): PortOverrides {
  return { states: numbered(s.portStates), silent: s.antennaSilent, power: numbered(s.portPower) };
}

/** What the scenario says of the time sources. */
export function timeOverrides(s: AntennaScenario): TimeOverrides {
  const { gpsFix, gpsAbsent, ntp, rtcDriftPpm } = s;
  return { gpsFix, gpsAbsent, ntp, rtcDriftPpm };
}
