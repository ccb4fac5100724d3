// D13 (antennas and time sources): the port states and source kinds, uhf/config, gnss, UHF_PORT's limits and answer.
import * as z from "zod/mini";

/** What a UHF port is doing (D13); a unit without `state` is an older unit. */
export const UHF_PORT_STATES = ["ok", "noise", "absent", "settling", "off", "fault"] as const;
export const UhfPortState = z.enum(UHF_PORT_STATES);
export type UhfPortState = z.infer<typeof UhfPortState>;

/** What kind of clock a time source is (D13). */
export const TIME_SOURCE_KINDS = ["gps", "ntp", "rtc", "manual"] as const;
export const TimeSourceKind = z.enum(TIME_SOURCE_KINDS);
export type TimeSourceKind = z.infer<typeof TimeSourceKind>;

export const GNSS_FIXES = ["none", "2d", "3d"] as const;
export const GnssFix = z.enum(GNSS_FIXES);
export type GnssFix = z.infer<typeof GnssFix>;

/** UHF_PORT's power argument: dB from 10.0 to 31.5 in steps of 0.5 (D13). */
export const UHF_PORT_POWER = { min: 10, max: 31.5, step: 0.5 } as const;
/** A port settles for at most this long after boot or a change (D13). */
export const UHF_PORT_SETTLE_MS = 30_000;
/** uhf/ports' `rssi` and `hits` are medians over this window (D13). */
export const UHF_PORT_WINDOW_MS = 60_000;
/** An RTC holding over loses this much accuracy per unit of time since the last fix (D13: 18 ms an hour). */
export const RTC_HOLDOVER_PPM = 5;

/** The accuracy (µs) of a clock holding over `sinceMs` after its last fix, from `baseUs` (D13: 5 ppm of the time). */
export function holdoverAccuracyUs(baseUs: number, sinceMs: number): number {
  return baseUs + RTC_HOLDOVER_PPM * 1e-3 * Math.max(0, sinceMs);
}

const POWER_TEXT = /^\d{1,2}(\.\d{1,3})?$/;
export const UHF_PORT_POWER_REASON = `Enter dB from ${UHF_PORT_POWER.min.toFixed(1)} to ${UHF_PORT_POWER.max} in steps of ${UHF_PORT_POWER.step}, or leave it empty`;

/**
 * UHF_PORT's power argument as dB: null when empty (the port keeps its power), undefined when it is not
 * 10.0 to 31.5 in steps of 0.5.
 */
export function parseUhfPortPower(text: string): number | null | undefined {
  const v = text.trim();
  if (!v) return null;
  if (!POWER_TEXT.test(v)) return undefined;
  const db = Number(v);
  const steps = (db - UHF_PORT_POWER.min) / UHF_PORT_POWER.step;
  const inRange = db >= UHF_PORT_POWER.min && db <= UHF_PORT_POWER.max;
  return inRange && Number.isInteger(steps) ? db : undefined;
}

/** One port's settings in uhf/config, and UHF_PORT's answer (D13): channel id (zero-based), on or off, power dB. */
export const UhfPortConfig = z.object({ id: z.int().check(z.gte(0)), enabled: z.boolean(), pwr: z.number() });
export type UhfPortConfig = z.infer<typeof UhfPortConfig>;

/** The uhf/config dataset (SPEC declares it; D13 gives its fields). */
export const UhfConfigTelemetry = z.object({
  region: z.string(),
  power: z.enum(["LOW", "MEDIUM", "HIGH"]),
  transmitter: z.enum(["ON", "OFF"]),
  ports: z.array(UhfPortConfig),
});
export type UhfConfigTelemetry = z.infer<typeof UhfConfigTelemetry>;

/** The gnss dataset (SPEC declares it; D13 gives its fields); a unit without GPS answers 404. */
export const GnssTelemetry = z.object({
  fix: GnssFix,
  satellites: z.int().check(z.gte(0)),
  pps: z.boolean(),
  /** Epoch ms by the unit's clock; null before the first fix. */
  lastFixAt: z.nullable(z.number()),
});
export type GnssTelemetry = z.infer<typeof GnssTelemetry>;
