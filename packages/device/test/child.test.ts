// startChildDevice: a unit as its own process — ready line, loopback address, output kept, temp folder removed, failures told.
import { existsSync } from "node:fs";
import { API } from "@trc/protocol";
import { expect, it } from "vitest";
import { STOP_GRACE_MS } from "../src/child.ts";
import { startChildDevice } from "../src/index.ts";

it("starts on every interface, is reached on 127.0.0.1, and close() removes the folder it made", async () => {
  const dev = await startChildDevice({ env: { HOST: "0.0.0.0", CONSOLE_DIST: "/nonexistent" } });
  try {
    expect(dev.url).toBe(`http://127.0.0.1:${dev.port}`);
    const res = await fetch(`${dev.url}${API.configGet}`);
    expect(res.status).toBe(200);
    expect(existsSync(dev.dataDir)).toBe(true);
    expect(dev.output().stdout).toMatch(/TRC device listening on http:\/\/0\.0\.0\.0:/);
  } finally {
    await dev.close();
  }
  expect(existsSync(dev.dataDir)).toBe(false);
  expect(dev.child.signalCode ?? dev.child.exitCode).not.toBeNull();
}, 30_000);

it("kill() is a power cut: the process is gone at once", async () => {
  const dev = await startChildDevice({ env: { CONSOLE_DIST: "/nonexistent" } });
  await dev.kill();
  expect(dev.child.signalCode).toBe("SIGKILL");
  await expect(fetch(`${dev.url}${API.configGet}`)).rejects.toThrow();
  await dev.close();
  expect(existsSync(dev.dataDir)).toBe(false);
}, 30_000);

it("a unit that cannot start rejects with its stderr", async () => {
  await expect(startChildDevice({ env: { DEVICE_MODE: "vhf" } })).rejects.toThrow(
    /exited early[\s\S]*DEVICE_MODE must be uhf or hf/,
  );
}, 30_000);

it("stop() sends SIGTERM, then SIGKILL to a unit still running 5 s later", async () => {
  const dev = await startChildDevice({ main: "packages/device/test/fixtures/deaf-device.ts" });
  expect(dev.url).toBe("http://127.0.0.1:9");
  const t0 = Date.now();
  await dev.stop();
  expect(Date.now() - t0).toBeGreaterThanOrEqual(STOP_GRACE_MS - 100);
  expect(dev.child.signalCode).toBe("SIGKILL");
  expect(dev.output().stdout).toContain("ignoring SIGTERM");
  await dev.close();
}, 30_000);
