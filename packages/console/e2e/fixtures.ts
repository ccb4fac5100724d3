// Playwright fixtures: one emulated device per worker (with typed test hooks), baseURL on it, and no page errors.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { test as base, expect } from "@playwright/test";
import {
  type FaultRequest,
  type LogEntry as RequestLogEntry,
  type RequestStats,
  type StreamHooks,
  startChildDevice,
  streamHooksClient,
  type TestHooks,
  testHooksClient,
} from "@trc/device";

export { expect };

/** The repository root. */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** A fault the device injects: the next `count` requests to `path` answer `status` (and `body`). */
export type FaultSpec = FaultRequest;
/** One request as the device's test log records it, and its request statistics (the device's own types). */
export type { RequestLogEntry, RequestStats };
/** The device's test hooks: faults, request log, request statistics, alarm scenarios, the read stream's hooks. */
export type DeviceHooks = TestHooks & ScenarioHooks & StreamHooks;

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

/**
 * Starts an emulated device (its own process) on a free port with a fresh data folder, test hooks on, serving
 * TRC_DIST (default packages/console/dist); resolves once it is listening. TRC_DEVICE_LOG=1 echoes its output;
 * TRC_DEVICE_MAIN (relative to the root) replaces its entry module, e.g. for a stub.
 */
export async function spawnDevice(env: Record<string, string> = {}): Promise<RunningDevice> {
  const dist = resolve(REPO_ROOT, process.env.TRC_DIST ?? "packages/console/dist");
  const unit = await startChildDevice({
    env: { DEVICE_TEST_HOOKS: "1", DEVICE_REBOOT_MS: "1500", CONSOLE_DIST: dist, ...env },
    tempPrefix: "trc-e2e-",
    echo: !!process.env.TRC_DEVICE_LOG,
    main: process.env.TRC_DEVICE_MAIN,
    onUnexpectedExit: (code, signal, stderr) =>
      console.error(`[e2e] emulated device died (code ${code}, signal ${signal}):\n${stderr.slice(-8000)}`),
  });
  const { url, port, dataDir } = unit;
  return {
    url,
    port,
    dataDir,
    hooks: { ...testHooksClient(url), ...scenarioHooks(url), ...streamHooksClient(url) },
    close: unit.close,
  };
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

/** A console line written by React (its error decoder links, its component stack, its warnings' wording). */
const REACT_MESSAGE = /react\.dev\/errors|Minified React error|React|component stack|unique "key"|act\(/;

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
      const react: string[] = [];
      page.on("pageerror", (e) => errors.push(e));
      // React's own errors and warnings (production: "Minified React error #N; visit https://react.dev/errors/N").
      page.on("console", (m) => {
        if ((m.type() === "error" || m.type() === "warning") && REACT_MESSAGE.test(m.text()))
          react.push(m.text());
      });
      await use(undefined);
      if (react.length) throw new Error(`React reported in the page console:\n  - ${react.join("\n  - ")}`);
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

// ---- Alarm scenarios (issue 13): typed calls of the device's /api/__test/scenario hook ----

/** Overrides laid over the unit's telemetry (null clears one), and clock moves (ms). */
export interface ScenarioPatch {
  batteryPercent?: number | null;
  storagePercent?: number | null;
  antennaLost?: number[] | null;
  returnLoss?: Record<string, number> | null;
  temps?: Record<string, number> | null;
  cellular?: { power?: string; connection?: string } | null;
  readsStopped?: boolean | null;
  /** The link to the upstream server down (true: Left grows with the reads) or held up (false). */
  serverDown?: boolean | null;
  /** A tag held at a channel, read perSecond times a second (null takes it away). */
  testTag?: { tag: string; ant: number; perSecond: number } | null;
  /** Device clock = host clock + this. */
  clockOffsetMs?: number;
  /** Steps the device clock by this. */
  clockJumpMs?: number;
}

export interface ScenarioState {
  scenario: Omit<ScenarioPatch, "clockOffsetMs" | "clockJumpMs">;
  /** The device's own clock offset from the host clock, ms (the truth). */
  clockOffsetMs: number;
}

export interface ScenarioHooks {
  scenario(patch: ScenarioPatch): Promise<ScenarioState>;
  scenarioState(): Promise<ScenarioState>;
  /** Back to the living unit, clock at its start offset. */
  clearScenario(): Promise<void>;
}

export function scenarioHooks(url: string): ScenarioHooks {
  const at = `${url}/api/__test/scenario`;
  const call = async (init?: RequestInit): Promise<ScenarioState> => {
    const res = await fetch(at, init);
    if (!res.ok)
      throw new Error(`${init?.method ?? "GET"} ${at} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as ScenarioState;
  };
  return {
    scenario: (patch) =>
      call({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(patch) }),
    scenarioState: () => call(),
    clearScenario: async () => {
      await call({ method: "DELETE" });
    },
  };
}
