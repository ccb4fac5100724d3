// Temperatures of the unit's sensors, drifting slowly with the time of day and the reader's activity.
import type { DeviceMode, TempsTelemetry } from "@trc/protocol";
import { round, smoothNoise } from "./noise.ts";

export function temperatures(elapsedMs: number, mode: DeviceMode, txOn: boolean): TempsTelemetry {
  const tS = elapsedMs / 1000;
  const day = Math.sin((2 * Math.PI * tS) / 3600);
  const rf = txOn ? 6 : 0;
  return {
    temps: [
      { name: "cpu", temp: round(47 + 2 * day + 1.5 * smoothNoise(70, tS, 40) + rf / 3, 1) },
      { name: "board", temp: round(35 + 1.5 * day + 0.8 * smoothNoise(71, tS, 90), 1) },
      { name: mode, temp: round(38 + 1 * day + 2 * smoothNoise(72, tS, 30) + rf, 1) },
      { name: "battery", temp: round(29 + 1 * day + 0.5 * smoothNoise(73, tS, 120), 1) },
    ],
  };
}
