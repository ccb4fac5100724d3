// Starts an emulated unit as its own process (as a real unit is its own machine) for browser tests, benchmarks and power cuts.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { canonicalAddress } from "./address.ts";
import { REPO_ROOT } from "./options.ts";

/** The one line main.ts prints to stdout once it listens. */
export const READY_LINE = /TRC device listening on (http:\/\/\S+)/;
const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));
/** Where scripts/build-test-device.mjs puts main.ts bundled into one module that plain node runs. */
export const TEST_BUNDLE = fileURLToPath(new URL("../.test-build/main.mjs", import.meta.url));
/** How long stop() waits after SIGTERM before SIGKILL. */
export const STOP_GRACE_MS = 5_000;

export interface ChildDeviceOptions {
  /** Environment of main.ts (PORT, HOST, DEVICE_*, CONSOLE_DIST: see the README), over this process's; PORT defaults to 0. */
  env?: Record<string, string | undefined>;
  /** The unit's data folder. Default: a new one in the temp folder (not created: the unit seeds it), removed by close(). */
  dataDir?: string;
  /** Prefix of that temp folder (default "trc-device-"). */
  tempPrefix?: string;
  /** Copy the unit's stdout and stderr to this process's as they come (default false). */
  echo?: boolean;
  /** How long to wait for the ready line (default 20 s). */
  readyTimeoutMs?: number;
  /** How many characters of stdout and of stderr are kept, the latest (default 256 000). */
  keepChars?: number;
  /** Entry module, absolute or relative to the repository root (default this package's main.ts), e.g. a stub. */
  main?: string;
  /**
   * Run the bundle of main.ts (scripts/build-test-device.mjs; TRC_DEVICE_BUNDLE names another one and turns this on)
   * with plain node, which starts several times faster than main.ts through tsx; tsx when it is missing or `main` given.
   */
  bundle?: boolean;
  /** Called when the process ends without kill(), stop() or close() having been asked (it crashed or exited). */
  onUnexpectedExit?: (code: number | null, signal: NodeJS.Signals | null, stderr: string) => void;
}

export interface ChildDevice {
  /** e.g. http://127.0.0.1:41234 (no trailing slash; an address on every interface is given as 127.0.0.1). */
  readonly url: string;
  readonly port: number;
  /** The unit's DEVICE_DATA_DIR. */
  readonly dataDir: string;
  readonly child: ChildProcess;
  /** What the process wrote so far (the last `keepChars` of each). */
  output(): { stdout: string; stderr: string };
  /** SIGKILL, like pulling the power; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a clean shutdown), SIGKILL if still running after 5 s; resolves once the process is gone. */
  stop(): Promise<void>;
  /** stop(), then removes the data folder when it was made here. */
  close(): Promise<void>;
}

/** Units still running: killed if this process exits without stopping them. */
const live = new Set<ChildProcess>();
let netInstalled = false;
function safetyNet(child: ChildProcess): void {
  live.add(child);
  child.once("exit", () => live.delete(child));
  if (netInstalled) return;
  netInstalled = true;
  process.once("exit", () => {
    for (const c of live) c.kill("SIGKILL");
  });
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Node's arguments for the unit: `main` through tsx, else the bundle when asked for and built, else main.ts through tsx. */
export function nodeArgs(
  options: Pick<ChildDeviceOptions, "main" | "bundle">,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  if (options.main) return ["--import", "tsx", resolve(REPO_ROOT, options.main)];
  const bundle = env.TRC_DEVICE_BUNDLE ? resolve(REPO_ROOT, env.TRC_DEVICE_BUNDLE) : TEST_BUNDLE;
  if ((options.bundle || env.TRC_DEVICE_BUNDLE) && existsSync(bundle)) return [bundle];
  return ["--import", "tsx", MAIN];
}

/** Starts main.ts in a new Node process and resolves once it prints its ready line. */
export async function startChildDevice(options: ChildDeviceOptions = {}): Promise<ChildDevice> {
  const keep = options.keepChars ?? 256_000;
  const timeoutMs = options.readyTimeoutMs ?? 20_000;
  const tmp = options.dataDir ? null : await mkdtemp(join(tmpdir(), options.tempPrefix ?? "trc-device-"));
  const dataDir = resolve(options.dataDir ?? join(tmp as string, "data"));
  const child = spawn(process.execPath, nodeArgs(options), {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: "0", ...options.env, DEVICE_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  safetyNet(child);
  const gone = new Promise<void>((done) => child.once("close", () => done()));
  let stdout = "";
  let stderr = "";
  let asked = false;
  child.stderr?.setEncoding("utf8").on("data", (c: string) => {
    stderr = (stderr + c).slice(-keep);
    if (options.echo) process.stderr.write(c);
  });

  const end = (signal: NodeJS.Signals) => {
    asked = true;
    if (!running(child)) return gone;
    const force = signal === "SIGKILL" ? null : setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    child.kill(signal);
    return gone.finally(() => force && clearTimeout(force));
  };
  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      await end("SIGTERM");
      if (tmp) await rm(tmp, { recursive: true, force: true });
    })();
    return closing;
  };

  let url: string;
  try {
    url = await new Promise<string>((ready, fail) => {
      const why = (reason: string) =>
        new Error(
          `Emulated device ${reason}.\n--- device stderr ---\n${stderr.slice(-8000) || "(empty)"}\n--- stdout ---\n${stdout.slice(-8000)}`,
        );
      const timer = setTimeout(
        () => fail(why(`did not say 'TRC device listening on' within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      child.once("error", (e) => fail(why(`could not start: ${e.message}`)));
      child.once("exit", (code, signal) => fail(why(`exited early (code ${code}, signal ${signal})`)));
      child.stdout?.setEncoding("utf8").on("data", (c: string) => {
        stdout = (stdout + c).slice(-keep);
        if (options.echo) process.stdout.write(c);
        const m = READY_LINE.exec(stdout);
        if (m?.[1]) {
          clearTimeout(timer);
          ready(m[1]);
        }
      });
    });
  } catch (e) {
    await close();
    throw e;
  }
  child.once("exit", (code, signal) => {
    if (!asked) options.onUnexpectedExit?.(code, signal, stderr);
  });
  // A unit listening on every interface (or named localhost) is reached on IPv4 loopback.
  const parsed = new URL(url);
  if (["0.0.0.0", "[::]", "localhost"].includes(parsed.hostname)) parsed.hostname = "127.0.0.1";
  return {
    url: canonicalAddress(parsed.href),
    // A unit on http's own port 80 prints no port.
    port: Number(parsed.port) || 80,
    dataDir,
    child,
    output: () => ({ stdout, stderr }),
    kill: () => end("SIGKILL"),
    stop: () => end("SIGTERM"),
    close,
  };
}
