// npm run bench:mqtt: 500 emulated units (one process) into Mosquitto and into Aedes (each in a process of its own):
// broker CPU, time until one subscriber holds every unit's retained status and telemetry, a hung unit's will, and a
// 60 s broker outage during reads (every read after it, in order). Figures into docs/PERFORMANCE.md.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { MQTT_TELEMETRY_DATASETS } from "@trc/protocol";
import mqtt from "mqtt";
import { writeSection } from "../../console/bench/docs-section.ts";
import type { RunningBroker } from "../src/broker/embedded-broker.ts";
import { startMosquitto } from "../src/broker/mosquitto.ts";
import { startEvent } from "../src/event.ts";

const UNITS = Number(process.env.BENCH_UNITS || 500);
const OUTAGE_MS = Number(process.env.BENCH_OUTAGE_MS || 60_000);
const STEADY_MS = Number(process.env.BENCH_STEADY_MS || 30_000);
const KEEPALIVE_S = 15;
const CLK_TCK = 100;

/** CPU seconds a process has used (user + system), from /proc. */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

interface Bench {
  broker: RunningBroker;
  pid: () => number;
}

async function aedesInChild(): Promise<Bench> {
  const start = () => {
    // node --import tsx (not the tsx binary, which runs the script in a child of its own): the pid is the broker's.
    const script = fileURLToPath(new URL("aedes-child.ts", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    const lines = createInterface({ input: child.stdout });
    const next = () => new Promise<string>((resolve) => lines.once("line", resolve));
    return { child, next };
  };
  const { child, next } = start();
  const { port, wsPort } = JSON.parse(await next()) as { port: number; wsPort: number };
  const say = async (word: string, proc: ChildProcess) => {
    proc.stdin?.write(`${word}\n`);
    await next();
  };
  return {
    pid: () => child.pid ?? 0,
    broker: {
      host: "127.0.0.1",
      port,
      wsPort,
      url: `mqtt://127.0.0.1:${port}`,
      wsUrl: `ws://127.0.0.1:${wsPort}`,
      server: `127.0.0.1:${port}`,
      pid: () => child.pid,
      clients: () => Number.NaN,
      stop: () => say("stop", child),
      start: () => say("start", child),
      close: async () => {
        child.stdin?.end();
        await new Promise((r) => child.once("exit", r));
      },
    },
  };
}

async function mosquitto(): Promise<Bench> {
  const broker = await startMosquitto();
  return { pid: () => broker.pid() ?? 0, broker };
}

const until = async (done: () => boolean, timeoutMs: number, what: string | (() => string)) => {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out: ${typeof what === "string" ? what : what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

interface Figures {
  kind: string;
  startS: number;
  fillMs: number;
  cpuPct: number;
  msgsPerS: number;
  willMs: number;
  outageReads: number;
  delivered: number;
  duplicates: number;
  inOrder: boolean;
  catchUpMs: number;
}

async function run(kind: string, make: () => Promise<Bench>): Promise<Figures> {
  const { broker, pid } = await make();
  const dataRoot = await mkdtemp(join(tmpdir(), "trc-bench-mqtt-"));
  const t0 = Date.now();
  const event = await startEvent({
    units: UNITS,
    dataRoot,
    broker,
    shared: { log: () => {}, consoleDist: dataRoot },
  });
  await until(() => event.units.every((u) => u.device.mqtt.connected), 120_000, "every unit connected");
  const startS = (Date.now() - t0) / 1000;
  console.log(`[${kind}] ${UNITS} units connected in ${startS.toFixed(1)} s`);

  // One subscriber after the units published: every retained status + telemetry.
  const wanted = UNITS * (1 + MQTT_TELEMETRY_DATASETS.length);
  const retained = new Set<string>();
  const reads = new Map<string, number[]>();
  let count = 0;
  const sub = mqtt.connect(broker.url, { clientId: `bench-${kind}`, clean: false, reconnectPeriod: 200 });
  sub.on("message", (topic, payload, packet) => {
    count++;
    if (topic.endsWith("/reads")) {
      const list = reads.get(topic) ?? [];
      for (const r of (JSON.parse(payload.toString()) as { reads: { seq: number }[] }).reads)
        list.push(r.seq);
      reads.set(topic, list);
    } else if (packet.retain && !topic.endsWith("/identity")) retained.add(topic);
  });
  await new Promise((r) => sub.once("connect", r));
  // Every unit has published its status and telemetry once (a unit publishes on connect) before the measured
  // subscription: a warm-up subscriber sees them all, live or retained, so the broker holds them all.
  const warm = await mqtt.connectAsync(broker.url, { clientId: `bench-warm-${Date.now()}` });
  const seen = new Set<string>();
  warm.on("message", (topic) => {
    if (!topic.endsWith("/reads") && !topic.endsWith("/identity")) seen.add(topic);
  });
  await warm.subscribeAsync("trc/#", { qos: 0 });
  await until(
    () => seen.size >= wanted,
    120_000,
    () => `published: ${seen.size} of ${wanted}`,
  );
  await warm.endAsync(true);
  const subscribedAt = Date.now();
  await sub.subscribeAsync("trc/#", { qos: 1 });
  await until(
    () => retained.size >= wanted,
    120_000,
    () => `retained: ${retained.size} of ${wanted}`,
  );
  const fillMs = Date.now() - subscribedAt;
  console.log(`[${kind}] ${retained.size} retained messages in ${fillMs} ms`);

  // Steady state: broker CPU while every unit publishes.
  const cpu0 = await cpuSeconds(pid());
  const count0 = count;
  const s0 = Date.now();
  await new Promise((r) => setTimeout(r, STEADY_MS));
  const elapsed = (Date.now() - s0) / 1000;
  const cpuPct = (100 * ((await cpuSeconds(pid())) - cpu0)) / elapsed;
  const msgsPerS = (count - count0) / elapsed;
  console.log(`[${kind}] broker CPU ${cpuPct.toFixed(1)} % at ${msgsPerS.toFixed(0)} messages/s`);

  // A unit that hangs with its connection open: its will after 1.5 × keep-alive.
  const hung = event.units[0];
  let offlineAt = 0;
  const onStatus = (topic: string, payload: Buffer) => {
    if (topic === "trc/DECODER-01/status" && payload.toString() === "offline") offlineAt = Date.now();
  };
  sub.on("message", onStatus);
  const frozenAt = Date.now();
  hung?.device.mqtt.freeze();
  await until(() => offlineAt > 0, 60_000, "the hung unit's will");
  const willMs = offlineAt - frozenAt;
  console.log(`[${kind}] will after ${willMs} ms (limit ${1.5 * KEEPALIVE_S * 1000 + 1000})`);

  // A broker outage during reads: every read made meanwhile arrives afterwards, in order.
  const live = event.units.slice(1);
  const before = new Map(
    live.map((u) => [u.device.config.get("mqtt_client_id", ""), u.device.reader.log.lastSeq]),
  );
  await broker.stop();
  await new Promise((r) => setTimeout(r, OUTAGE_MS));
  const madeBy = new Map(
    live.map((u) => [u.device.config.get("mqtt_client_id", ""), u.device.reader.log.lastSeq]),
  );
  const back = Date.now();
  await broker.start();
  const outageReads = [...madeBy].reduce((n, [id, last]) => n + last - (before.get(id) ?? last), 0);
  const got = (id: string) => reads.get(`trc/${id}/reads`) ?? [];
  await until(
    () => [...madeBy].every(([id, last]) => Math.max(0, ...got(id)) >= last),
    300_000,
    "every read after the outage",
  );
  const catchUpMs = Date.now() - back;
  let delivered = 0;
  let duplicates = 0;
  let inOrder = true;
  for (const [id, last] of madeBy) {
    const first = before.get(id) ?? last;
    const seqs = got(id).filter((s) => s > first && s <= last);
    // QoS 1 is at-least-once: a copy the broker sends again after its restart is counted apart, not as disorder.
    const distinct = seqs.filter((s, i) => seqs.indexOf(s) === i);
    delivered += distinct.length;
    duplicates += seqs.length - distinct.length;
    if (distinct.some((s, i) => i > 0 && s !== (distinct[i - 1] ?? 0) + 1)) inOrder = false;
  }
  console.log(
    `[${kind}] outage: ${outageReads} reads made, ${delivered} delivered (${duplicates} again), in order: ${inOrder}, ${catchUpMs} ms`,
  );

  await sub.endAsync(true);
  await event.close();
  await broker.close();
  await rm(dataRoot, { recursive: true, force: true });
  return {
    kind,
    startS,
    fillMs,
    cpuPct,
    msgsPerS,
    willMs,
    outageReads,
    delivered,
    duplicates,
    inOrder,
    catchUpMs,
  };
}

const only = process.env.BENCH_BROKERS ?? "mosquitto,aedes";
const results: Figures[] = [];
if (only.includes("mosquitto")) results.push(await run("Mosquitto 2.0.11", mosquitto));
if (only.includes("aedes")) results.push(await run("Aedes 1.2 (Node, own process)", aedesInChild));
const row = (f: Figures) =>
  `| ${f.kind} | ${f.startS.toFixed(1)} s | ${f.fillMs} ms | ${f.cpuPct.toFixed(1)} % (${f.msgsPerS.toFixed(0)} msg/s) | ${(f.willMs / 1000).toFixed(1)} s | ${f.outageReads} / ${f.delivered} (${f.duplicates} sent again), ${f.inOrder ? "in order" : "OUT OF ORDER"}, ${(f.catchUpMs / 1000).toFixed(1)} s |`;
writeSection(
  "mqtt",
  `## Units on a broker (\`npm run bench:mqtt\`)

${UNITS} emulated units in one Node process publish as D11 says (reads once a second each, telemetry every 30 s)
to the broker, which runs in a process of its own; one mqtt.js subscriber reads \`trc/#\`. Measured on
${new Date().toISOString().slice(0, 10)}, on a 2-core machine shared with other jobs.

| Broker | ${UNITS} units connected | Every retained status + telemetry after subscribing (${UNITS} × 10 messages) | Broker CPU, steady (${STEADY_MS / 1000} s) | Hung unit → offline (limit ${1.5 * KEEPALIVE_S + 1} s) | ${OUTAGE_MS / 1000} s outage: reads made / delivered after, order, catch-up |
|---|---|---|---|---|---|
${results.map(row).join("\n")}

- The hung unit keeps its TCP connection open and stops sending (no ping): the broker sends its will after 1.5 × the
  15 s keep-alive. A unit whose socket closes (power cut of its modem, process killed) is offline at once.
  Mosquitto 2.0 looks at keep-alives once every 6 whole seconds (\`keepalive.c\`), so its will may come up to ~7 s
  past the limit whatever the unit does; Aedes checks each client on its own timer.
- During the outage each unit keeps its reads (Passings "left" grows); when the broker is back, each publishes them
  oldest first; the subscriber's persistent session (clean session off) holds them for it.
- "Sent again" counts seqs that reached the subscriber twice (QoS 1 is at-least-once): the batches a broker took but
  had not acknowledged when it stopped come again after it, and a reader drops them by seq (D10's seqs).
- The page-side figures (rows filled, main thread) are in the Fleet page section.`,
);
console.log("docs/PERFORMANCE.md: section mqtt written");
process.exit(0);
