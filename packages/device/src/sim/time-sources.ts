// The time/sources dataset: GPS and the real-time clock, both on the device clock, their accuracy drifting.
import type { TimeSourcesTelemetry } from "@trc/protocol";
import { round, smoothNoise } from "./noise.ts";

/** The time sources at `deviceNow` (the device clock; the console prefers rtc). */
export function timeSources(deviceNow: number, utcOffsetS: number, elapsedMs: number): TimeSourcesTelemetry {
  const tS = elapsedMs / 1000;
  return {
    sources: [
      { name: "gps", accuracy: round(0.1 + 0.05 * Math.abs(smoothNoise(90, tS, 20)), 3), time: deviceNow },
      { name: "rtc", accuracy: Math.round(500 + 300 * Math.abs(smoothNoise(91, tS, 60))), time: deviceNow },
    ],
    utc_offset: utcOffsetS,
  };
}
