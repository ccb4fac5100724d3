// The figures shown while the firmware loads: bytes, percentage, speed and time left.
import type { LoadProgress } from "./stages.ts";

export interface LoadFigures {
  bytes: string;
  percent: string;
  speed: string;
  timeLeft: string;
}

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${String(s % 60).padStart(2, "0")} s`;
}

export function loadFigures(load: LoadProgress): LoadFigures {
  const fraction = load.total > 0 ? load.sent / load.total : 0;
  const seconds = (load.now - load.startedAt) / 1000;
  const rate = seconds > 0 ? load.sent / seconds : 0;
  return {
    bytes: `${load.sent} / ${load.total} bytes`,
    percent: `${Math.floor(fraction * 100)} %`,
    speed: rate > 0 ? `${(rate / 1000).toFixed(1)} kB/s` : "- kB/s",
    timeLeft:
      load.sent >= load.total
        ? "0 s left"
        : rate > 0
          ? `${formatDuration((load.total - load.sent) / rate)} left`
          : "time left: estimating...",
  };
}
