// The figures a unit's row and header show, from its one record (issue 40), pure: mode, race control, battery,
// passings, reads per minute, antennas, clock and firmware, in the words every page uses.
import type { TimingTelemetry } from "@trc/protocol";
import { antennasSummary } from "../antennas/antennaHealth.ts";
import { passingsText } from "../race/timing.ts";
import type { Point } from "../readings/sparkline.ts";
import { batteryPercent, MISSING, num } from "../readings/telemetryFormat.ts";
import { current } from "./derive.ts";
import type { UnitRecord } from "./record.ts";

/** Reads per minute is measured between readings of `passings.seen` at least this far apart. */
export const RATE_MIN_SPAN_MS = 10_000;

/** Reads per minute from the record's `passings:seen` series; null without two readings far enough apart, or a reset. */
export function readsPerMinute(seen: readonly Point[] | undefined): number | null {
  const last = seen?.[seen.length - 1];
  if (!seen || !last) return null;
  for (let i = seen.length - 2; i >= 0; i--) {
    const p = seen[i] as Point;
    if (last.t - p.t < RATE_MIN_SPAN_MS) continue;
    return last.v < p.v ? null : ((last.v - p.v) / (last.t - p.t)) * 60_000;
  }
  return null;
}

/** The Mode column (issue 31): `Test`, or `Timing · 1,234 passings`; — for a unit without race control or unread. */
export function timingModeText(t: TimingTelemetry | null | undefined): string {
  if (!t) return MISSING;
  return t.mode === "test" || !t.session ? "Test" : `Timing · ${passingsText(t.session.passings)}`;
}

/** The Programs column: the timing programs connected and the ports they are on; — for a unit without race control. */
export function programsText(t: TimingTelemetry | null | undefined) {
  if (!t) return { programs: MISSING, programsSplit: "" };
  const all = t.programs.length;
  const filtered = t.programs.filter((p) => p.port === "filtered").length;
  return { programs: String(all), programsSplit: all ? `${filtered} filtered · ${all - filtered} raw` : "" };
}

/** The Antennas column: antennas reading over antennas fitted, and what the others are (`3 / 4: 2 Noise`); — on an hf unit. */
export function antennaText(r: UnitRecord | undefined): string {
  const channels = r && current(r, "uhf/ports")?.channels;
  if (r?.mode !== "uhf" || !channels) return MISSING;
  return antennasSummary(channels, (id) => r.series[`reads:${id}`]) ?? MISSING;
}

const signed = (offset: number) => {
  const ms = Math.round(offset);
  return `${ms > 0 ? "+" : ms < 0 ? "−" : ""}${Math.abs(ms)} ms`;
};

/** The clock: a sync's offset and bound (`+2001 ms ± 3 ms`), a broker's one-way figure (`+5 ms one way`), or —. */
export function clockText(clock: UnitRecord["clock"] | undefined): string {
  if (!clock || "failed" in clock) return MISSING;
  if (clock.oneWay) return `${signed(clock.offsetMs)} one way`;
  return `${signed(clock.offsetMs)} ± ${Math.max(1, Math.round(clock.errorBoundMs))} ms`;
}

export function batteryText(r: UnitRecord | undefined): string {
  const b = r && current(r, "battery");
  if (typeof b?.percentage !== "number") return MISSING;
  const pct = `${Math.round(batteryPercent(b.percentage))} %`;
  return b.state === "CHARGING" ? `${pct} charging` : pct;
}

/** The figures a row shows of a unit (polled or from a broker alike). */
export function unitFigures(r: UnitRecord | undefined) {
  const rate = readsPerMinute(r?.series["passings:seen"]);
  const timing = r && current(r, "timing");
  return {
    mode: r?.mode || MISSING,
    timing: timingModeText(timing),
    ...programsText(timing),
    battery: batteryText(r),
    seen: num(r && current(r, "passings")?.seen),
    readsPerMin: rate === null ? MISSING : String(Math.round(rate)),
    antennas: antennaText(r),
    clock: clockText(r?.clock),
    firmware: (r && current(r, "firmware")?.version) || MISSING,
  };
}
