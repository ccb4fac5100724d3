// Playwright fixtures: each worker's emulated units, one per environment (typed test hooks), reset before each test,
// baseURL on the test's unit, no page errors; and, from clocks.ts, one clock for the page and its unit (installClocks,
// advanceClocks).
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { test as base } from "@playwright/test";
import {
  type ClockHooks,
  clockHooksClient,
  type FaultRequest,
  type LogEntry as RequestLogEntry,
  type RequestStats,
  type StreamHooks,
  startChildDevice,
  streamHooksClient,
  type TestHooks,
  testHooksClient,
} from "@trc/device";
import { expect } from "./expect.ts";
import { type ScenarioHooks, scenarioHooks } from "./scenario-hooks.ts";

export { advanceClocks, advanceClocksUntil, expectOffsetHolds, installClocks } from "./clocks.ts";
export type { ScenarioHooks, ScenarioPatch, ScenarioState } from "./scenario-hooks.ts";
export { expect };

/** The repository root. */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** A fault the device injects: the next `count` requests to `path` answer `status` (and `body`). */
export type FaultSpec = FaultRequest;
/** One request as the device's test log records it, and its request statistics (the device's own types). */
export type { RequestLogEntry, RequestStats };
/**
 * The device's test hooks: faults, request log, request statistics, alarm scenarios, the read stream's hooks, and its
 * clock (`advanceClock(ms)`, `clock()`: move a test's time with `advanceClocks`, which moves the page's too).
 */
export type DeviceHooks = TestHooks & ScenarioHooks & StreamHooks & ClockHooks;

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
 * TRC_DIST (default packages/console/dist); resolves once it is listening. It runs the bundle of the emulator
 * (scripts/build-test-device.mjs, Playwright's globalSetup) when built, else main.ts through tsx. TRC_DEVICE_LOG=1
 * echoes its output; TRC_DEVICE_MAIN (relative to the root) replaces its entry module, e.g. for a stub.
 */
export async function spawnDevice(env: Record<string, string> = {}): Promise<RunningDevice> {
  const dist = resolve(REPO_ROOT, process.env.TRC_DIST ?? "packages/console/dist");
  const unit = await startChildDevice({
    env: { DEVICE_TEST_HOOKS: "1", DEVICE_REBOOT_MS: "1500", CONSOLE_DIST: dist, ...env },
    tempPrefix: "trc-e2e-",
    echo: !!process.env.TRC_DEVICE_LOG,
    main: process.env.TRC_DEVICE_MAIN,
    bundle: true,
    onUnexpectedExit: (code, signal, stderr) =>
      console.error(`[e2e] emulated device died (code ${code}, signal ${signal}):\n${stderr.slice(-8000)}`),
  });
  const { url, port, dataDir } = unit;
  return {
    url,
    port,
    dataDir,
    hooks: {
      ...testHooksClient(url),
      ...scenarioHooks(url),
      ...streamHooksClient(url),
      ...clockHooksClient(url),
    },
    close: unit.close,
  };
}

/** A second (third...) device for a test that needs one; call `close()` when done. */
export function startExtraDevice(env: Record<string, string> = {}): Promise<RunningDevice> {
  return spawnDevice(env);
}

/** True when the unit at `url` answers its identity call (within 2 s). */
export async function unitAnswers(url: string): Promise<boolean> {
  return fetch(`${url}/api/config/deviceName`, { signal: AbortSignal.timeout(2_000) }).then(
    (r) => r.ok,
    () => false,
  );
}

/** Resolves once the unit at `url` answers its identity call, asking every 200 ms; fails after `timeoutMs`. */
export async function waitForUnit(url: string, timeoutMs = 20_000): Promise<void> {
  await expect
    .poll(() => unitAnswers(url), {
      message: `The device at ${url} answers within ${timeoutMs / 1000} s`,
      timeout: timeoutMs,
      intervals: [200],
    })
    .toBe(true);
}

/** The pool's key of an environment: its entries sorted by name, so the same variables in any order are one unit. */
export const envKey = (env: Record<string, string>): string =>
  JSON.stringify(Object.entries(env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** A worker's units, one per extra environment: each started on first use and kept until close(). */
export class DevicePool {
  readonly #units = new Map<string, Promise<RunningDevice>>();

  /** The unit for `env`, started now if the worker has none yet (a start that failed is tried again next time). */
  get(env: Record<string, string>): Promise<RunningDevice> {
    const key = envKey(env);
    let unit = this.#units.get(key);
    if (!unit) {
      unit = spawnDevice(env);
      unit.catch(() => this.#units.delete(key));
      this.#units.set(key, unit);
    }
    return unit;
  }

  /** Stops the unit for `env` and removes its data folder: the next get() starts a new one. */
  async retire(env: Record<string, string>): Promise<void> {
    const key = envKey(env);
    const unit = this.#units.get(key);
    this.#units.delete(key);
    await unit?.then((u) => u.close()).catch(() => undefined);
  }

  /** Stops every unit and removes their data folders. */
  async close(): Promise<void> {
    const units = [...this.#units.values()];
    this.#units.clear();
    await Promise.allSettled(units.map(async (unit) => (await unit).close()));
  }
}

/**
 * Whether a test moved the unit's clock on (or left the unit not answering): a reset does not take its clock back, so
 * such a unit is not handed to the next test, whose page starts on this machine's real clock.
 */
async function clockMoved(device: Device): Promise<boolean> {
  try {
    return (await device.hooks.clock()).warpMs > 0;
  } catch {
    return true;
  }
}

/** The reset hook; if the unit did not take it (away: an earlier test's reboot), again once it answers (20 s). */
async function resetUnit(device: Device): Promise<void> {
  try {
    await device.hooks.reset();
  } catch {
    await waitForUnit(device.url, 20_000);
    await device.hooks.reset();
  }
}

interface WorkerFixtures {
  /** The worker's units by environment (the `device` of each test comes from it); closed when the worker ends. */
  devicePool: DevicePool;
}

interface TestFixtures {
  /**
   * Extra environment of the test's device, e.g. `test.use({ deviceEnv: { DEVICE_MODE: "hf" } })`: the worker's
   * unit with that environment (started on first use and shared by every test asking for it, no new worker).
   */
  deviceEnv: Record<string, string>;
  device: Device;
  /** Reset the unit to a new one's state before the test (default true; false keeps what earlier tests did). */
  resetDevice: boolean;
  /** Set true in a test that expects the page to throw; otherwise any uncaught page error fails the test. */
  allowPageErrors: boolean;
  failOnPageError: undefined;
  /** The unit answering and reset (unless resetDevice is false): started first, awaited by `ready`. */
  deviceReady: Promise<void>;
  /** The test starts once its page is made and its unit is ready: the browser and the unit get there side by side. */
  ready: undefined;
}

/** A console line written by React (its error decoder links, its component stack, its warnings' wording). */
const REACT_MESSAGE = /react\.dev\/errors|Minified React error|React|component stack|unique "key"|act\(/;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  devicePool: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const pool = new DevicePool();
      try {
        await use(pool);
      } finally {
        await pool.close();
      }
    },
    { scope: "worker", timeout: 60_000 },
  ],
  deviceEnv: [{}, { option: true }],
  device: [
    async ({ devicePool, deviceEnv }, use) => {
      const { close: _close, ...exposed } = await devicePool.get(deviceEnv);
      await use(exposed);
      // One clock (docs/TESTING.md): each test starts with its unit on this machine's real time.
      if (await clockMoved(exposed)) await devicePool.retire(deviceEnv);
    },
    { timeout: 30_000 },
  ],
  baseURL: async ({ device }, use) => {
    await use(device.url);
  },
  resetDevice: [true, { option: true }],
  allowPageErrors: [false, { option: true }],
  // Tests share a worker's units: one that rebooted its unit (REBOOT, a firmware update) must not leave the next test
  // starting while the API is away, nor with what it changed. Each test starts once its unit answers, reset (`ready`
  // waits for it, after the page is made: the reset runs meanwhile).
  deviceReady: [
    async ({ device, resetDevice }, use) => {
      const ready = resetDevice ? resetUnit(device) : waitForUnit(device.url, 20_000);
      // Awaited by `ready`; until then a failure must not count as an unhandled rejection.
      ready.catch(() => {});
      await use(ready);
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
  ready: [
    async ({ page, deviceReady }, use) => {
      // The reused context (playwright.config.ts) keeps a network switched off: a test failed offline must not fail the next.
      await page.context().setOffline(false);
      await deviceReady;
      await use(undefined);
    },
    { auto: true, timeout: 30_000 },
  ],
});

/** Matches an element whose whole text is the device mode, e.g. "uhf", "UHF" or "Mode: uhf". */
export const modeText = (mode: "uhf" | "hf"): RegExp => new RegExp(`^\\s*(mode\\s*:?\\s*)?${mode}\\s*$`, "i");
