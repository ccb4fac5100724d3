// Mosquitto (Debian's package) for tests and benchmarks: started with a TCP and a WebSocket listener on free
// loopback ports, an optional login, persistence in its own folder (a stop/start keeps sessions and retained messages).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrokerOptions, RunningBroker } from "./embedded-broker.ts";

export const MOSQUITTO = "/usr/sbin/mosquitto";
const MOSQUITTO_PASSWD = "/usr/bin/mosquitto_passwd";

/** Whether Mosquitto is installed (scripts/ensure-mosquitto.mjs installs it). */
export const hasMosquitto = () => existsSync(MOSQUITTO);

/** Where freePort looks: below Linux's ephemeral range (32768-60999), which outgoing connections take ports from. */
const CHOSEN_PORTS = { from: 20_000, to: 32_767 } as const;

/**
 * A free loopback port for another process to listen on (taken and given back at once). Chosen below the ephemeral
 * range: a port the system picked (listen on 0) is also where it puts the local end of any outgoing connection, so
 * between the check and the other process's listen a test's client socket could take it.
 */
export async function freePort(host = "127.0.0.1"): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = CHOSEN_PORTS.from + Math.floor(Math.random() * (CHOSEN_PORTS.to - CHOSEN_PORTS.from));
    if (await listensOn(host, port)) return port;
  }
  throw new Error(`no free port on ${host} between ${CHOSEN_PORTS.from} and ${CHOSEN_PORTS.to}`);
}

/** Whether a listen on `port` succeeds (then closed at once); false when the port is taken. */
function listensOn(host: string, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", (err: NodeJS.ErrnoException) =>
      err.code === "EADDRINUSE" || err.code === "EACCES" ? resolve(false) : reject(err),
    );
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Real time: waiting for a real process to listen is process management, not a unit's simulated time. */
async function waitListening(host: string, ports: number[], child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited (${child.exitCode}): ${log()}`);
    const up = await Promise.all(ports.map((p) => accepts(host, p)));
    if (up.every(Boolean)) return;
    if (Date.now() > deadline) throw new Error(`mosquitto did not listen within 10 s: ${log()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts Mosquitto with `BrokerOptions` (host, ports, login); same handle as the embedded broker. */
export async function startMosquitto(o: BrokerOptions = {}): Promise<RunningBroker> {
  if (!hasMosquitto()) throw new Error(`${MOSQUITTO} is missing: run node scripts/ensure-mosquitto.mjs`);
  const host = o.host ?? "127.0.0.1";
  const port = o.port || (await freePort(host));
  const wsPort = o.wsPort || (await freePort(host));
  const dir = await mkdtemp(join(tmpdir(), "trc-mosquitto-"));
  const lines = [
    "per_listener_settings false",
    // Run as root, Mosquitto would switch to the user "mosquitto", who cannot read this private folder.
    ...(process.getuid?.() === 0 ? ["user root"] : []),
    `persistence true`,
    `persistence_location ${dir}/`,
    "autosave_interval 1",
    "max_queued_messages 100000",
    "log_dest stderr",
    "log_type error",
    `listener ${port} ${host}`,
    `listener ${wsPort} ${host}`,
    "protocol websockets",
  ];
  if (o.auth) {
    const file = join(dir, "passwd");
    await writeFile(file, "", { mode: 0o600 });
    const r = spawnSync(MOSQUITTO_PASSWD, ["-b", file, o.auth.username, o.auth.password], {
      encoding: "utf8",
    });
    if (r.status !== 0) throw new Error(`mosquitto_passwd failed: ${r.stderr}`);
    lines.push("allow_anonymous false", `password_file ${file}`);
  } else {
    lines.push("allow_anonymous true");
  }
  const conf = join(dir, "mosquitto.conf");
  await writeFile(conf, `${lines.join("\n")}\n`);
  let child: ChildProcess | null = null;
  let output = "";

  async function up(): Promise<void> {
    const proc = spawn(MOSQUITTO, ["-c", conf], { stdio: ["ignore", "ignore", "pipe"] });
    proc.stderr?.on("data", (d: Buffer) => {
      output = (output + d.toString()).slice(-2000);
    });
    child = proc;
    await waitListening(host, [port, wsPort], proc, () => output);
  }

  async function down(): Promise<void> {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
    proc.kill("SIGTERM");
    await exited;
  }

  await up();
  const inUrl = host.includes(":") ? `[${host}]` : host;
  return {
    host,
    port,
    wsPort,
    url: `mqtt://${inUrl}:${port}`,
    wsUrl: `ws://${inUrl}:${wsPort}`,
    server: `${inUrl}:${port}`,
    pid: () => child?.pid,
    clients: () => Number.NaN,
    stop: down,
    start: async () => {
      if (!child) await up();
    },
    close: async () => {
      await down();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
