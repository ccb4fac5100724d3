// A device as its own process (like on the unit): started from main.ts, its stdout/stderr kept, killable with SIGKILL.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const READY = /TRC device listening on (http:\/\/\S+)/;

export interface ChildDevice {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far. */
  output(): { stdout: string; stderr: string };
  /** SIGKILL, like pulling the power; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
}

export async function startChildDevice(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ChildDevice> {
  const child = spawn(process.execPath, ["--import", "tsx", "packages/device/src/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: "0", DEVICE_DATA_DIR: dataDir, CONSOLE_DIST: "/nonexistent", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (c: string) => (stderr += c));
  const url = await new Promise<string>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`device did not start:\n${stderr}`)), 20_000);
    child.once("exit", (code) => fail(new Error(`device exited (${code}):\n${stderr}`)));
    child.stdout?.setEncoding("utf8").on("data", (c: string) => {
      stdout += c;
      const m = READY.exec(stdout);
      if (m?.[1]) {
        clearTimeout(timer);
        ready(m[1].replace(/\/+$/, ""));
      }
    });
  });
  const gone = new Promise<void>((done) => child.once("exit", () => done()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await gone;
  };
  return {
    url,
    child,
    output: () => ({ stdout, stderr }),
    kill: () => end("SIGKILL"),
    stop: () => end("SIGTERM"),
  };
}
