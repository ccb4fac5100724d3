// What a UHF Antennas tile says (issue "The antennas and the clock a result depends on", item 1), pure: each antenna's
// state in words (D13's, or worked out on an older unit), reads per minute over the last minute, median RSSI and hits
// per passing in a quality band, return loss and power. The rules are shared/antennas/antennaHealth.ts's.
import { UHF_PORT_POWER } from "@trc/protocol";
import {
  type AntennaState,
  antennaState,
  type Counts,
  type PortReading,
  type Quality,
  readQuality,
  readsPerMinute,
  STATE_WORDS,
} from "../shared/antennas/antennaHealth.ts";
import {
  type ChannelVerdict,
  type Colour,
  channelVerdict,
  MISSING,
  num,
} from "../shared/readings/telemetryFormat.ts";

/** The Power (dB) input's limits (D13's UHF_PORT): "10.0 to 31.5 dB in steps of 0.5". */
export const POWER_LIMITS = `${UHF_PORT_POWER.min.toFixed(1)} to ${UHF_PORT_POWER.max} dB in steps of ${UHF_PORT_POWER.step}`;
/** What the unit-wide UHF transmitter off means. */
export const TRANSMITTER_OFF = "Off: no antenna reads";

/** A state's colour: OK green, Settling yellow, Noise orange, Fault red; No antenna and Off (nothing to read) grey. */
export const STATE_COLOURS: Record<AntennaState, Colour> = {
  ok: "green",
  settling: "yellow",
  noise: "orange",
  fault: "red",
  absent: "grey",
  off: "grey",
};

/** A quality band's colour. */
export const QUALITY_COLOURS: Record<Quality["band"], Colour> = {
  good: "green",
  fair: "yellow",
  weak: "orange",
  none: "grey",
};

/** True when the unit sends D13's fields (a `state` on any channel): tiles; else an older unit's grid. */
export function hasPortStates(channels: readonly unknown[]): boolean {
  return channels.some((c) => !!c && typeof c === "object" && (c as PortReading).state !== undefined);
}

/** The channel as shown, 1-based ("?" for a channel without an id). */
export function channelNumber(p: PortReading | undefined): string {
  return typeof p?.id === "number" && Number.isFinite(p.id) ? String(p.id + 1) : "?";
}

/** Reads per minute over the last minute ("42/min"), "—/min" until the record has a minute of readings. */
export function rateText(series: Counts | undefined): string {
  const rate = readsPerMinute(series);
  return `${rate === null ? MISSING : Math.round(rate)}/min`;
}

const finite = (v: unknown): v is number => Number.isFinite(v);

/** A median as sent: whole, or to 0.1 ("3.5"). */
const median = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

export interface TileView {
  /** "Antenna 2". */
  name: string;
  state: AntennaState;
  /** `OK`, `Noise`, `No antenna`, `Settling`, `Off`, `Fault`. */
  stateWords: string;
  stateColour: Colour;
  identifying: boolean;
  /** "Reads 1234 · 42/min". */
  reads: string;
  /** "RSSI -58.5 dBm · 7 hits/passing" (the medians of the unit's last 60 s). */
  signal: string;
  quality: Quality;
  qualityColour: Colour;
  /** "Loss 18.0 dB (fine)". */
  loss: string;
  verdict: ChannelVerdict;
  /** "Power 30.0 dB". */
  power: string;
}

/** A D13 channel's tile; `series` is the record's `reads:<id>`. */
export function tileView(p: PortReading | undefined, series: Counts | undefined): TileView {
  const state = antennaState(p);
  const quality = readQuality(p);
  const verdict = channelVerdict(p?.ant, p?.loss);
  const rssi = finite(p?.rssi) ? `${p.rssi.toFixed(1)} dBm` : `${MISSING} dBm`;
  const hits = finite(p?.hits) ? median(p.hits) : MISSING;
  return {
    name: `Antenna ${channelNumber(p)}`,
    state,
    stateWords: STATE_WORDS[state],
    stateColour: STATE_COLOURS[state],
    identifying: p?.identifying === true,
    reads: `Reads ${num(p?.reads)} · ${rateText(series)}`,
    signal: `RSSI ${rssi} · ${hits} hits/passing`,
    quality,
    qualityColour: QUALITY_COLOURS[quality.band],
    loss: `Loss ${num(p?.loss, 1)} dB (${verdict})`,
    verdict,
    power: `Power ${num(p?.pwr, 1)} dB`,
  };
}
