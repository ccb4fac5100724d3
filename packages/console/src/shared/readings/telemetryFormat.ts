// Formatting and verdict rules of the telemetry cards (SPEC §3, §8, §9): battery, storage, firmware, cellular, UHF.

import { BATTERY_COLOUR_THRESHOLDS, FACTORY_PARTITION, OTA_PARTITIONS, OTA_WATCHDOG } from "@trc/protocol";
import { formatBytes } from "./bytes.ts";

export type Colour = "green" | "yellow" | "orange" | "red" | "grey";

export const UNKNOWN_STATE = "Unknown state!";
export const MISSING = "—";

/** A finite number (`Number.isFinite` is false for anything but a number: no coercion). */
const finite = (v: unknown): v is number => Number.isFinite(v);

/** A battery percentage of 1 or lower is a fraction (SPEC §9); the result is 0..100. */
export function batteryPercent(raw: number): number {
  const pct = raw <= 1 ? raw * 100 : raw;
  return Math.max(0, Math.min(100, pct));
}

/** Above 75 % green; above 40 % yellow; above 10 % orange; otherwise red (SPEC §9). */
export function batteryColour(percent: number): Colour {
  const t = BATTERY_COLOUR_THRESHOLDS;
  if (percent > t.green) return "green";
  if (percent > t.yellow) return "yellow";
  if (percent > t.orange) return "orange";
  return "red";
}

export interface StateBadge {
  text: string;
  icon: string;
  colour: Colour;
}

const BATTERY_BADGES: Record<string, Omit<StateBadge, "text">> = {
  CHARGING: { icon: "⚡", colour: "green" },
  DISCHARGING: { icon: "▼", colour: "yellow" },
  DISCONNECTED: { icon: "✕", colour: "red" },
  RECOVERY: { icon: "↻", colour: "orange" },
  SUSTAIN: { icon: "■", colour: "green" },
};

/** The battery state badge; any other state is shown as sent, grey, with a question mark. */
export function batteryBadge(state: string | undefined): StateBadge {
  const known = state ? BATTERY_BADGES[state] : undefined;
  if (known) return { text: state as string, ...known };
  return { text: state || "UNKNOWN", icon: "?", colour: "grey" };
}

/** Minutes as hours and minutes: 125 → "2 h 5 min", 45 → "45 min". */
export function hoursMinutes(minutes: number): string {
  if (!finite(minutes) || minutes < 0) return MISSING;
  const total = Math.round(minutes);
  const h = Math.floor(total / 60);
  const m = total % 60;
  return h ? `${h} h ${m} min` : `${m} min`;
}

/** The battery time line: 'Time to full' while charging, else 'Time To Empty' (SPEC §2). */
export function batteryTime(
  state: string | undefined,
  timeFull: number | undefined,
  timeEmpty: number | undefined,
): { label: string; text: string } {
  return state === "CHARGING"
    ? { label: "Time to full", text: hoursMinutes(timeFull ?? Number.NaN) }
    : { label: "Time To Empty", text: hoursMinutes(timeEmpty ?? Number.NaN) };
}

/** Bytes in base-1000 units with 2 decimals (SPEC §9): 1234567 → "1.23 MB"; whole bytes stay whole. */
export const storageSize = (bytes: number): string => formatBytes(bytes, MISSING);

/** used / total as a percentage with one decimal; null when total is not positive. */
export function usedPercent(used: number, total: number): number | null {
  if (!finite(used) || !finite(total) || total <= 0) return null;
  return Math.round((used / total) * 1000) / 10;
}

/** Partition -1 is the factory partition, 0..2 the OTA slots drawn (SPEC §9); anything else is unknown. */
export function partitionText(partition: number | undefined): string {
  if (partition === FACTORY_PARTITION) return "Factory";
  if (finite(partition) && Number.isInteger(partition) && partition >= 0 && partition < OTA_PARTITIONS)
    return `OTA ${partition}`;
  return UNKNOWN_STATE;
}

/** The slots the partition indicator draws, factory first. */
export const PARTITION_SLOTS: readonly number[] = [
  FACTORY_PARTITION,
  ...Array.from({ length: OTA_PARTITIONS }, (_, i) => i),
];

export function watchdogText(state: string | undefined): string {
  return (OTA_WATCHDOG as readonly string[]).includes(state ?? "") ? (state as string) : UNKNOWN_STATE;
}

export function watchdogColour(state: string | undefined): Colour {
  if (state === "COMPLETE") return "green";
  if (state === "WATCHING") return "yellow";
  return "grey";
}

/** BER is a fraction: 0.012 → "1.2 %" (D3). */
export function berPercent(ber: number | undefined): string {
  if (!finite(ber) || ber < 0) return MISSING;
  return `${Number((ber * 100).toFixed(2))} %`;
}

/** 'IMEI being gathered...' and the like while the field is empty (SPEC §8). */
export function cellularId(label: "IMEI" | "IMSI" | "ICCID", value: string | undefined): string {
  return value?.trim() ? value : `${label} being gathered...`;
}

const CELL_GOOD = new Set(["ON", "CONNECTED"]);
const CELL_WAIT = new Set(["ASLEEP", "SEARCH", "PENDING"]);
const CELL_BAD = new Set(["ERROR", "DENIED"]);

export function cellularColour(state: string | undefined): Colour {
  if (!state) return "grey";
  if (CELL_GOOD.has(state)) return "green";
  if (CELL_WAIT.has(state)) return "yellow";
  if (CELL_BAD.has(state)) return "red";
  return "grey";
}

export type ChannelVerdict = "no antenna" | "poor" | "fine";

/** Return loss under this many dB: (almost) everything is reflected, as with no antenna. */
export const RETURN_LOSS_OPEN_DB = 3;
/** Return loss from this many dB: VSWR below about 1.9, a well-matched antenna. */
export const RETURN_LOSS_FINE_DB = 10;

/** Beyond the spec: a channel's verdict from its return loss (a larger loss is a better match). */
export function channelVerdict(ant: boolean | undefined, lossDb: number | undefined): ChannelVerdict {
  if (ant === false) return "no antenna";
  if (!finite(lossDb)) return ant ? "poor" : "no antenna";
  const loss = Math.abs(lossDb);
  if (loss < RETURN_LOSS_OPEN_DB) return "no antenna";
  return loss < RETURN_LOSS_FINE_DB ? "poor" : "fine";
}

export function verdictColour(verdict: ChannelVerdict): Colour {
  return verdict === "fine" ? "green" : verdict === "poor" ? "orange" : "red";
}

/** A number as shown on a card, or the missing mark. */
export function num(v: number | undefined, digits?: number): string {
  if (!finite(v)) return MISSING;
  return digits === undefined ? String(v) : v.toFixed(digits);
}

/** Stable React keys for device lists without ids: the name, plus a counter when a name repeats. */
export function keyed<T>(items: readonly T[], name: (item: T) => unknown): [string, T][] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = String(name(item) ?? "?");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return [n ? `${base}#${n}` : base, item];
  });
}
