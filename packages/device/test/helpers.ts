// Test helpers: a device on a free port with a fresh data folder, and small fetch wrappers.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DeviceOptions } from "../src/options.ts";
import { type RunningDevice, startDevice } from "../src/server.ts";

// biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field
export type AnyJson = any;

export interface TestDevice extends RunningDevice {
  dataDir: string;
  /** fetch relative to the device URL. */
  call(path: string, init?: RequestInit): Promise<Response>;
  getJson(path: string): Promise<{ status: number; body: AnyJson }>;
  postJson(path: string, body: unknown): Promise<{ status: number; body: AnyJson }>;
  /** Stops the device (its temp folder goes after the test file). */
  dispose(): Promise<void>;
}

const made: string[] = [];

/** A fresh temp folder, removed after the test file. */
export async function tempDir(prefix = "trc-device-"): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes the temp folders made so far (after each test file: test/setup.ts). */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

export async function startTestDevice(
  options: Partial<DeviceOptions> = {},
  dataDir?: string,
): Promise<TestDevice> {
  const dir = dataDir ?? join(await tempDir(), "data");
  const running = await startDevice({
    port: 0,
    dataDir: dir,
    rebootMs: 300,
    firmwareApplyMs: 150,
    otaConfirmMs: 400,
    consoleDist: join(dir, "..", "no-dist"),
    log: () => {},
    ...options,
  });
  const call = (path: string, init?: RequestInit) => fetch(`${running.url}${path}`, init);
  const parse = async (res: Response): Promise<{ status: number; body: AnyJson }> => {
    const text = await res.text();
    try {
      return { status: res.status, body: text ? JSON.parse(text) : null };
    } catch {
      return { status: res.status, body: text };
    }
  };
  return {
    ...running,
    dataDir: dir,
    call,
    getJson: async (path) => parse(await call(path)),
    postJson: async (path, body) =>
      parse(
        await call(path, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
      ),
    dispose: () => running.close(),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` passes or the time is up. */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 5000,
  pauseMs = 50,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch {
      // not yet
    }
    if (Date.now() > end) throw new Error("waitFor: timed out");
    await sleep(pauseMs);
  }
}

/** Whether the device answers at all (false while it reboots). */
export async function reachable(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/api/config/deviceName`, { signal: AbortSignal.timeout(500) });
    return true;
  } catch {
    return false;
  }
}
