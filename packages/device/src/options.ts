// Options of the emulated device: their defaults, and how the environment variables of main.ts map onto them.
import { randomInt } from "node:crypto";
import type { LookupFunction } from "node:net";
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type DeviceMode, escapeControlChars } from "@trc/protocol";

export type DeviceProfile = "default" | "esp32";
/** A state a unit starts in (fleet demos and tests): battery charging, the antenna of port 2 missing. */
export type DeviceScenario = "charging" | "antenna-missing";
export const DEVICE_SCENARIOS: readonly DeviceScenario[] = ["charging", "antenna-missing"];

export interface DeviceOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  dataDir: string;
  mode?: DeviceMode;
  profile?: DeviceProfile;
  /** Fraction (0..1) of /api answers that are a fault. */
  chaos?: number;
  /** Seeds the unit's random draws (chaos, fault probabilities, latencies): the same seed replays the same faults. */
  seed?: number;
  /** Added to the host clock to make the device clock. */
  clockOffsetMs?: number;
  /** Each time/sources answer waits a random [min, max] ms before reading the clock and again after. */
  timeJitterMs?: readonly [number, number] | null;
  /** Folder of the built console. */
  consoleDist?: string;
  testHooks?: boolean;
  /** How long a reboot takes the API away. */
  rebootMs?: number;
  /** How long after the last firmware byte the unit reboots into the new image. */
  firmwareApplyMs?: number;
  /** How long the new image must run before the OTA watchdog reports COMPLETE. */
  otaConfirmMs?: number;
  /** With nothing to send, the read stream's keep-alive comment comes this often (D10: at most 15 s). */
  streamKeepAliveMs?: number;
  /** The read stream (D10) is served; false: the unit has none and answers its path 404 (DEVICE_STREAM=off). */
  readStream?: boolean;
  /** The unit's name, stored over the one in its data folder; empty keeps the stored name. */
  deviceName?: string;
  /** States the unit starts in (see DeviceScenario). */
  scenario?: readonly DeviceScenario[];
  /** Configuration sets require authentication (level CONFIG_AUTH_LEVEL or the item's, whichever is higher). */
  configAuth?: boolean;
  /** MQTT (D11): telemetry is published this often (and when it changes); default 30 s. */
  mqttPublishMs?: number;
  /** MQTT keep-alive in seconds (D11: 15; shorter in tests of the will). */
  mqttKeepAliveS?: number;
  /** How often reads are published to the broker (default 250 ms; an event of many units uses longer). */
  mqttReadsTickMs?: number;
  /** How long the MQTT client waits before it tries the broker again (default 1 s). */
  mqttReconnectMs?: number;
  /**
   * The timing ports (D12): TCP ports for every read (raw) and every passing (filtered). Undefined or null: 0 (a free
   * port, kept across reboots) when `port` is 0, else the configuration's raw_port / filtered_port at each boot.
   */
  rawPort?: number | null;
  filteredPort?: number | null;
  /** With nothing else sent, a timing port sends `*` this often (D12: 5 s; shorter in tests). */
  timingHeartbeatMs?: number;
  /** Under `npm run event`: the event broker's WebSocket address, answered at GET /api/event/broker. */
  eventBroker?: string;
  /** Where the device's own messages go (reboots, errors); default stderr. Never given a password. */
  log?: (line: string) => void;
  /** D14: how the posts resolve names (default the system's; tests give their own, so no name leaves loopback). */
  uploadLookup?: LookupFunction | null;
}

export type ResolvedOptions = Required<DeviceOptions>;

/** A seed is a whole number 0..2^32-1 (DEVICE_SEED). */
export const MAX_SEED = 2 ** 32 - 1;

function checkSeed(seed: number, name = "seed"): number {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
    throw new RangeError(`${name} must be a whole number from 0 to ${MAX_SEED}, got ${seed}`);
  }
  return seed;
}

/** The repository root (packages/device/src → ../../..). */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const DEFAULT_CONSOLE_DIST = resolve(REPO_ROOT, "packages/console/dist");
export const DEFAULT_DATA_DIR = resolve(REPO_ROOT, ".device-data");

/** Every line the unit writes goes out with its control characters escaped: a value cannot forge a line or drive a terminal. */
function escapedLog(log: (line: string) => void): (line: string) => void {
  return (line) => log(escapeControlChars(line));
}

/** A timing port option: a port 0..65535, else the default (see DeviceOptions.rawPort). */
function timingPort(value: number | null | undefined, httpPort: number, name: string): number | null {
  if (value === undefined || value === null) return httpPort === 0 ? 0 : null;
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new RangeError(`${name} must be 0..65535`);
  return value;
}

export function resolveOptions(o: DeviceOptions): ResolvedOptions {
  const port = o.port ?? 0;
  return {
    port,
    host: o.host ?? "127.0.0.1",
    dataDir: resolve(o.dataDir),
    mode: o.mode ?? "uhf",
    profile: o.profile ?? "default",
    chaos: Math.min(1, Math.max(0, o.chaos ?? 0)),
    // Without one, a seed chosen at start (the unit logs it, so a failed soak can be replayed).
    seed: o.seed === undefined ? randomInt(MAX_SEED + 1) : checkSeed(o.seed),
    clockOffsetMs: o.clockOffsetMs ?? 0,
    timeJitterMs: o.timeJitterMs ?? null,
    consoleDist: resolve(o.consoleDist ?? DEFAULT_CONSOLE_DIST),
    testHooks: o.testHooks ?? false,
    rebootMs: Math.max(0, o.rebootMs ?? 4000),
    firmwareApplyMs: Math.max(0, o.firmwareApplyMs ?? 2000),
    otaConfirmMs: Math.max(0, o.otaConfirmMs ?? 5000),
    configAuth: o.configAuth ?? false,
    streamKeepAliveMs: Math.min(15_000, Math.max(50, o.streamKeepAliveMs ?? 15_000)),
    readStream: o.readStream ?? true,
    deviceName: o.deviceName?.trim() ?? "",
    scenario: o.scenario ?? [],
    rawPort: timingPort(o.rawPort, port, "DEVICE_RAW_PORT"),
    filteredPort: timingPort(o.filteredPort, port, "DEVICE_FILTERED_PORT"),
    timingHeartbeatMs: Math.min(5000, Math.max(20, o.timingHeartbeatMs ?? 5000)),
    eventBroker: o.eventBroker ?? "",
    mqttPublishMs: Math.max(100, o.mqttPublishMs ?? 30_000),
    mqttKeepAliveS: Math.min(65_535, Math.max(1, Math.round(o.mqttKeepAliveS ?? 15))),
    mqttReadsTickMs: Math.max(20, o.mqttReadsTickMs ?? 250),
    mqttReconnectMs: Math.max(100, o.mqttReconnectMs ?? 1000),
    log: escapedLog(o.log ?? ((line) => process.stderr.write(`device: ${line}\n`))),
    uploadLookup: o.uploadLookup ?? null,
  };
}

function num(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got "${raw}"`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = (env[name] ?? "").trim().toLowerCase();
  return raw === "1" || raw === "true" || raw === "yes" || raw === "on";
}

function jitter(raw: string | undefined): [number, number] | null {
  if (!raw?.trim()) return null;
  const parts = raw.split(",").map((p) => Number(p.trim()));
  const min = parts[0] ?? Number.NaN;
  const max = parts[1] ?? min;
  if (parts.length > 2 || !Number.isFinite(min) || !Number.isFinite(max) || min < 0 || max < min) {
    throw new Error(`DEVICE_TIME_JITTER_MS must be "min,max" in ms, got "${raw}"`);
  }
  return [min, max];
}

function scenarios(raw: string | undefined): DeviceScenario[] {
  const names = (raw ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!(DEVICE_SCENARIOS as readonly string[]).includes(name)) {
      throw new Error(`DEVICE_SCENARIO must list ${DEVICE_SCENARIOS.join(", ")}; got "${name}"`);
    }
  }
  return names as DeviceScenario[];
}

/** DEVICE_STREAM: on (default) or off (no read stream: its path answers 404, as a unit without it). */
function streamSwitch(raw: string | undefined): boolean {
  const value = (raw ?? "").trim().toLowerCase() || "on";
  if (value !== "on" && value !== "off") throw new Error(`DEVICE_STREAM must be on or off, got "${raw}"`);
  return value === "on";
}

/** A port variable (0..65535), or null when unset. */
function optionalPort(env: NodeJS.ProcessEnv, name: string): number | null {
  if (!env[name]?.trim()) return null;
  const port = num(env, name, 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be 0..65535`);
  return port;
}

/** Reads the DEVICE_* environment of main.ts (README lists them); relative folders are taken from the repo root. */
export function optionsFromEnv(env: NodeJS.ProcessEnv): DeviceOptions {
  const folder = (value: string | undefined, fallback: string) =>
    value?.trim() ? (isAbsolute(value) ? value : resolve(REPO_ROOT, value)) : fallback;
  const mode = env.DEVICE_MODE?.trim() || "uhf";
  if (mode !== "uhf" && mode !== "hf") throw new Error(`DEVICE_MODE must be uhf or hf, got "${mode}"`);
  const profile = env.DEVICE_PROFILE?.trim() || "default";
  if (profile !== "default" && profile !== "esp32") {
    throw new Error(`DEVICE_PROFILE must be default or esp32, got "${profile}"`);
  }
  const chaos = num(env, "DEVICE_CHAOS", 0);
  if (chaos < 0 || chaos > 1) throw new Error(`DEVICE_CHAOS must be between 0 and 1, got ${chaos}`);
  const port = num(env, "PORT", 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0..65535`);
  return {
    port,
    host: env.HOST?.trim() || "127.0.0.1",
    dataDir: folder(env.DEVICE_DATA_DIR, DEFAULT_DATA_DIR),
    mode,
    profile,
    chaos,
    ...(env.DEVICE_SEED?.trim() ? { seed: checkSeed(num(env, "DEVICE_SEED", 0), "DEVICE_SEED") } : {}),
    clockOffsetMs: num(env, "DEVICE_CLOCK_OFFSET_MS", 0),
    timeJitterMs: jitter(env.DEVICE_TIME_JITTER_MS),
    consoleDist: folder(env.CONSOLE_DIST, DEFAULT_CONSOLE_DIST),
    testHooks: flag(env, "DEVICE_TEST_HOOKS"),
    rebootMs: num(env, "DEVICE_REBOOT_MS", 4000),
    firmwareApplyMs: num(env, "DEVICE_FIRMWARE_APPLY_MS", 2000),
    otaConfirmMs: num(env, "DEVICE_OTA_CONFIRM_MS", 5000),
    configAuth: flag(env, "DEVICE_CONFIG_AUTH"),
    streamKeepAliveMs: num(env, "DEVICE_STREAM_KEEPALIVE_MS", 15_000),
    readStream: streamSwitch(env.DEVICE_STREAM),
    deviceName: env.DEVICE_NAME?.trim() ?? "",
    scenario: scenarios(env.DEVICE_SCENARIO),
    mqttPublishMs: num(env, "DEVICE_MQTT_PUBLISH_MS", 30_000),
    mqttKeepAliveS: num(env, "DEVICE_MQTT_KEEPALIVE_S", 15),
    rawPort: optionalPort(env, "DEVICE_RAW_PORT"),
    filteredPort: optionalPort(env, "DEVICE_FILTERED_PORT"),
  };
}
