// Playwright fixtures: one emulated device per worker (with typed test hooks), baseURL on it, and no page errors.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { test as base, expect } from "@playwright/test";

export { expect };

/** The repository root: the device is started from there. */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/** The device's entry module; TRC_DEVICE_MAIN (relative to the root) replaces it, e.g. for a stub. */
const DEVICE_MAIN = process.env.TRC_DEVICE_MAIN ?? "packages/device/src/main.ts";
const READY_TIMEOUT_MS = 20_000;
const READY_LINE = /TRC device listening on (http:\/\/\S+)/;

/** A fault the device injects: the next `count` requests to `path` answer `status` (and `body`). */
export interface FaultSpec {
  path: string;
  status: number;
  count: number;
  body?: unknown;
}

/** One request as the device's test log records it, and its request statistics (the device's own types). */
import type { LogEntry as RequestLogEntry, RequestStats } from "../../device/src/middleware/request-log.ts";

export type { RequestLogEntry, RequestStats };

export interface DeviceHooks {
  fault(spec: FaultSpec): Promise<void>;
  log(): Promise<RequestLogEntry[]>;
  stats(): Promise<RequestStats>;
  resetStats(): Promise<void>;
  /** Empties the request log. */
  clearLog(): Promise<void>;
  /** Drops every fault still pending. */
  clearFaults(): Promise<void>;
}

export interface Device {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  port: number;
  /** The device's DEVICE_DATA_DIR, fresh for each device. */
  dataDir: string;
  hooks: DeviceHooks;
}

export interface RunningDevice extends Device {
  /** Stops the device and removes its data folder. */
  close(): Promise<void>;
}

async function call(url: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(url, init);
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    throw new Error(`${init?.method ?? "GET"} ${url} answered ${res.status}: ${text.slice(0, 500)}`);
  }
  return res;
}

function makeHooks(url: string): DeviceHooks {
  const api = `${url}/api/__test`;
  const json = { "content-type": "application/json" };
  return {
    async fault(spec) {
      await call(`${api}/fault`, { method: "POST", headers: json, body: JSON.stringify(spec) });
    },
    async log() {
      return (await (await call(`${api}/log`)).json()) as RequestLogEntry[];
    },
    async stats() {
      return (await (await call(`${api}/stats`)).json()) as RequestStats;
    },
    async resetStats() {
      await call(`${api}/stats/reset`, { method: "POST" });
    },
    async clearLog() {
      await call(`${api}/log`, { method: "DELETE" });
    },
    async clearFaults() {
      await call(`${api}/fault`, { method: "DELETE" });
    },
  };
}

/** Devices still running in this worker: killed if the worker exits without tearing them down. */
const live = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(force);
      done();
    });
    child.kill("SIGTERM");
  });
}

/** Starts an emulated device on a free port with a fresh data folder; resolves once it is listening. */
export async function spawnDevice(env: Record<string, string> = {}): Promise<RunningDevice> {
  const tmp = await mkdtemp(join(tmpdir(), "trc-e2e-"));
  // A folder that does not exist yet: the device creates and seeds it as on a new unit.
  const dataDir = join(tmp, "data");
  const dist = resolve(REPO_ROOT, process.env.TRC_DIST ?? "packages/console/dist");
  const child = spawn(process.execPath, ["--import", "tsx", DEVICE_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: "0",
      DEVICE_DATA_DIR: dataDir,
      DEVICE_TEST_HOOKS: "1",
      DEVICE_REBOOT_MS: "1500",
      CONSOLE_DIST: dist,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const echo = !!process.env.TRC_DEVICE_LOG;
  let stderr = "";
  let stdout = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-8_000);
    if (echo) process.stderr.write(chunk);
  });

  live.add(child);
  let closing = false;
  const cleanup = async () => {
    closing = true;
    await stopChild(child);
    live.delete(child);
    await rm(tmp, { recursive: true, force: true });
  };

  let url: string;
  try {
    url = await new Promise<string>((ready, fail) => {
      const why = (reason: string) =>
        new Error(
          `Emulated device ${reason}.\n--- device stderr ---\n${stderr || "(empty)"}\n--- stdout ---\n${stdout}`,
        );
      const timer = setTimeout(
        () => fail(why(`did not say 'TRC device listening on' within ${READY_TIMEOUT_MS / 1000} s`)),
        READY_TIMEOUT_MS,
      );
      child.once("error", (e) => fail(why(`could not start: ${e.message}`)));
      child.once("exit", (code, signal) => fail(why(`exited early (code ${code}, signal ${signal})`)));
      child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
        stdout = (stdout + chunk).slice(-8_000);
        if (echo) process.stdout.write(chunk);
        const m = READY_LINE.exec(stdout);
        if (m?.[1]) {
          clearTimeout(timer);
          ready(m[1].replace(/\/+$/, ""));
        }
      });
    });
  } catch (e) {
    await cleanup();
    throw e;
  }
  child.once("exit", (code, signal) => {
    if (!closing) {
      console.error(`[e2e] emulated device at ${url} died (code ${code}, signal ${signal}):\n${stderr}`);
    }
  });
  // A device bound to every interface is reached on loopback.
  const parsed = new URL(url);
  if (["0.0.0.0", "[::]", "localhost"].includes(parsed.hostname)) parsed.hostname = "127.0.0.1";
  const base = parsed.origin;
  return { url: base, port: Number(parsed.port), dataDir, hooks: makeHooks(base), close: cleanup };
}

/** A second (third...) device for a test that needs one; call `close()` when done. */
export function startExtraDevice(env: Record<string, string> = {}): Promise<RunningDevice> {
  return spawnDevice(env);
}

interface WorkerFixtures {
  /** Extra environment of this worker's device, e.g. `test.use({ deviceEnv: { DEVICE_MODE: "hf" } })`. */
  deviceEnv: Record<string, string>;
  device: Device;
}

interface TestFixtures {
  /** Set true in a test that expects the page to throw; otherwise any uncaught page error fails the test. */
  allowPageErrors: boolean;
  failOnPageError: undefined;
  deviceReady: undefined;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  deviceEnv: [{}, { scope: "worker", option: true }],
  device: [
    async ({ deviceEnv }, use) => {
      const device = await spawnDevice(deviceEnv);
      try {
        const { close: _close, ...exposed } = device;
        await use(exposed);
      } finally {
        await device.close();
      }
    },
    { scope: "worker", timeout: 30_000 },
  ],
  baseURL: async ({ device }, use) => {
    await use(device.url);
  },
  allowPageErrors: [false, { option: true }],
  // Tests share a worker's device: one that rebooted it (REBOOT, a firmware update) must not leave the next test
  // starting while the API is away. Each test starts once the device answers.
  deviceReady: [
    async ({ device }, use) => {
      const until = Date.now() + 20_000;
      for (;;) {
        const ok = await fetch(`${device.url}/api/config/deviceName`, {
          signal: AbortSignal.timeout(2_000),
        }).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (Date.now() > until) throw new Error(`The device at ${device.url} did not answer within 20 s`);
        await new Promise((r) => setTimeout(r, 200));
      }
      await use(undefined);
    },
    { auto: true },
  ],
  failOnPageError: [
    async ({ page, allowPageErrors }, use) => {
      const errors: Error[] = [];
      page.on("pageerror", (e) => errors.push(e));
      await use(undefined);
      if (errors.length && !allowPageErrors) {
        const list = errors.map((e) => `  - ${e.stack ?? e.message}`).join("\n");
        throw new Error(`Uncaught error(s) in the page:\n${list}`);
      }
    },
    { auto: true },
  ],
});

/** Matches an element whose whole text is the device mode, e.g. "uhf", "UHF" or "Mode: uhf". */
export function modeText(mode: "uhf" | "hf"): RegExp {
  return new RegExp(`^\\s*(mode\\s*:?\\s*)?${mode}\\s*$`, "i");
}
