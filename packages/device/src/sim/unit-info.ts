// Declared-but-unused telemetry datasets: GNSS, OS tasks, hardware and UHF configuration.
import type { DeviceMode } from "@trc/protocol";
import { round, smoothNoise } from "./noise.ts";

export function gnss(elapsedMs: number, sinceBootMs: number): Record<string, unknown> {
  const tS = elapsedMs / 1000;
  const fixed = sinceBootMs > 12_000;
  return {
    fix: fixed ? "3D" : "NONE",
    satellites: fixed ? 9 + Math.round(2 * smoothNoise(100, tS, 60)) : 0,
    lat: round(-37.8136 + 0.00002 * smoothNoise(101, tS, 10), 6),
    lon: round(144.9631 + 0.00002 * smoothNoise(102, tS, 10), 6),
    alt: round(31 + 2 * smoothNoise(103, tS, 20), 1),
    hdop: round(0.9 + 0.2 * Math.abs(smoothNoise(104, tS, 30)), 2),
  };
}

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

export function uhfConfig(region: string, power: string, txOn: boolean): Record<string, unknown> {
  return { region, power, tx: txOn ? "ON" : "OFF", session: 1, target: "A", tari_us: 25, q: 4 };
}
