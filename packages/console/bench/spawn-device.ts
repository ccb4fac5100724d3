// Starts the emulated device as its own process (as a real unit is its own machine) and stops it again.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const READY = /TRC device listening on (http:\/\/\S+)/;

export interface SpawnedDevice {
  url: string;
  close(): Promise<void>;
}

/** `env` holds the DEVICE_* options of packages/device/README.md; the data folder is fresh and removed on close. */
export async function spawnDevice(env: Record<string, string>): Promise<SpawnedDevice> {
  const tmp = await mkdtemp(join(tmpdir(), "trc-bench-device-"));
  const child = spawn(process.execPath, ["--import", "tsx", "packages/device/src/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: "0", DEVICE_DATA_DIR: join(tmp, "data"), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr.setEncoding("utf8").on("data", (c: string) => {
    err = (err + c).slice(-4000);
  });
  const url = await new Promise<string>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`device did not start in 20 s:\n${err}`)), 20_000);
    child.once("exit", (code) => fail(new Error(`device exited (${code}):\n${err}`)));
    child.stdout.setEncoding("utf8").on("data", (c: string) => {
      out += c;
      const m = READY.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        ready(m[1].replace(/\/+$/, "").replace("0.0.0.0", "127.0.0.1"));
      }
    });
  });
  return {
    url,
    async close() {
      if (child.exitCode === null) {
        const gone = new Promise((done) => child.once("exit", done));
        child.kill("SIGTERM");
        await gone;
      }
      await rm(tmp, { recursive: true, force: true });
    },
  };
}
