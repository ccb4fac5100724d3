// The battery: charge/discharge cycles computed from elapsed time, with times consistent with current and capacity.
import type { BatteryTelemetry } from "@trc/protocol";
import { round, smoothNoise } from "./noise.ts";

const CAPACITY_MAH = 5200;
const LOW = 0.2;
const HIGH = 1;
const CHARGE_MA = 1400;
const DISCHARGE_MA = 620;
const HOUR_MS = 3600_000;
/** Hours to go from HIGH to LOW, and back. */
const DISCHARGE_H = ((HIGH - LOW) * CAPACITY_MAH) / DISCHARGE_MA;
const CHARGE_H = ((HIGH - LOW) * CAPACITY_MAH) / CHARGE_MA;
/** A new unit starts at 62 % and discharging; in the charging scenario at 35 % and charging. */
const START_H = ((HIGH - 0.62) * CAPACITY_MAH) / DISCHARGE_MA;
const START_CHARGING_H = DISCHARGE_H + ((0.35 - LOW) * CAPACITY_MAH) / CHARGE_MA;

export function battery(elapsedMs: number, startCharging = false): BatteryTelemetry {
  const tS = elapsedMs / 1000;
  const start = startCharging ? START_CHARGING_H : START_H;
  const phase = (start + elapsedMs / HOUR_MS) % (DISCHARGE_H + CHARGE_H);
  const charging = phase >= DISCHARGE_H;
  const fraction = charging
    ? LOW + (CHARGE_MA * (phase - DISCHARGE_H)) / CAPACITY_MAH
    : HIGH - (DISCHARGE_MA * phase) / CAPACITY_MAH;
  const jitter = 1 + 0.03 * smoothNoise(50, tS, 15);
  const current = Math.round((charging ? CHARGE_MA : -DISCHARGE_MA) * jitter);
  const charge = fraction * CAPACITY_MAH;
  return {
    state: charging ? "CHARGING" : "DISCHARGING",
    percentage: round(Math.min(100, Math.max(0, fraction * 100)), 1),
    capacity: CAPACITY_MAH,
    current,
    time_full: charging ? Math.round(((CAPACITY_MAH - charge) / current) * 60) : 0,
    time_empty: charging ? 0 : Math.round((charge / -current) * 60),
  };
}

/** Declared but unused datasets: battery rails and consumption, consistent with the battery above. */
export function powerChannels(elapsedMs: number, startCharging = false): Record<string, unknown> {
  const tS = elapsedMs / 1000;
  const b = battery(elapsedMs, startCharging);
  return {
    channels: [
      { name: "battery", voltage: round(3.3 + 0.9 * (b.percentage / 100), 2), current: b.current },
      { name: "usb", voltage: b.state === "CHARGING" ? 5.05 : 0, current: b.state === "CHARGING" ? 1650 : 0 },
      { name: "3v3", voltage: round(3.3 + 0.01 * smoothNoise(60, tS, 10), 3), current: 410 },
      { name: "uhf", voltage: round(5 + 0.02 * smoothNoise(61, tS, 10), 3), current: 780 },
    ],
  };
}

export function powerConsumption(elapsedMs: number): Record<string, unknown> {
  const tS = elapsedMs / 1000;
  const watts = round(6.4 + 0.5 * smoothNoise(62, tS, 20), 2);
  return { watts, average_watts: 6.4, energy_wh: round((6.4 * elapsedMs) / HOUR_MS, 3) };
}
