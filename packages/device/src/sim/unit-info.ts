// Declared-but-unused telemetry datasets: OS tasks and the hardware configuration.
import type { DeviceMode } from "@trc/protocol";
import { round, smoothNoise } from "./noise.ts";

const TASKS = [
  "main",
  "uhf_reader",
  "tag_filter",
  "http_server",
  "http_post",
  "mqtt",
  "cell_modem",
  "gnss",
  "fs_logger",
  "ota",
  "buzzer",
  "watchdog",
];

export function os(elapsedMs: number, sinceBootMs: number): Record<string, unknown> {
  const tS = elapsedMs / 1000;
  return {
    uptime_s: Math.floor(sinceBootMs / 1000),
    heap_free: Math.round(148_000 + 12_000 * smoothNoise(110, tS, 20)),
    heap_min: 96_512,
    cpu_load: round(0.35 + 0.15 * smoothNoise(111, tS, 10), 2),
    tasks: TASKS.map((name, i) => ({
      name,
      priority: 5 + (i % 4),
      stack_free: 1024 + ((i * 397) % 2048),
      state: i === 0 ? "RUNNING" : "BLOCKED",
    })),
  };
}

export function hwConfig(mode: DeviceMode, serial: string, whitelabel: string): Record<string, unknown> {
  return {
    board: "TRC-DEC rev C",
    serial,
    whitelabel,
    flash_mb: 16,
    psram_mb: 8,
    reader_module: mode === "uhf" ? "Impinj E710" : "ST25R3916",
    antenna_ports: mode === "uhf" ? 4 : 1,
  };
}
