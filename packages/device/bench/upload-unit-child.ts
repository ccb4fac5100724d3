// The emulated unit of the upload benchmark (upload.bench.ts), in a process of its own so that its heap and CPU are
// the unit's alone and a power cut is a SIGKILL. Run with --expose-gc and an IPC channel; argv: the data folder and
// the device clock's offset (so the unit's time goes on across a power cut). The living athletes are silenced: the
// race is the test tag the benchmark holds at an antenna (20 reads a second, each a passing with reads_2b_sent ALL).
// It sends {kind: "ready", url, now} once listening, then answers each {id, op} with {id, ...}: "advance" (the clock
// moved `ms` on, then up to `settleMs` of real time for the upload's step under way, a post in flight, to end), "gc" (heap after a full GC), "cpu"
// (process.cpuUsage), "upload" (the dataset's upload), "close".
import { join } from "node:path";
import { startDevice } from "../src/server.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const [dataDir = "", offset = "0"] = process.argv.slice(2);

export type ChildRequest =
  | { id: number; op: "advance"; ms: number; settleMs: number }
  | { id: number; op: "gc" | "cpu" | "upload" | "close" };

const unit = await startDevice({
  port: 0,
  dataDir,
  consoleDist: join(dataDir, "..", "no-dist"),
  testHooks: true,
  seed: 14,
  clockOffsetMs: Number(offset),
  log: () => {},
});
const { device } = unit;
// Only the test tag reads: no athlete of the living reader passes (a private method, replaced for the benchmark).
(device.reader as unknown as { tagRate: () => number }).tagRate = () => 0;

const send = (m: object) => process.send?.(m);
send({ kind: "ready", url: unit.url, now: device.clock.now() });

async function settle(ms: number): Promise<void> {
  const end = Date.now() + ms;
  // One turn first: a post due at the end of the advance starts on it.
  await new Promise((r) => setImmediate(r));
  while (device.upload.busy && Date.now() < end) await new Promise((r) => setTimeout(r, 2));
}

process.on("message", async (m: ChildRequest) => {
  switch (m.op) {
    case "advance":
      device.hostClock.advance(m.ms);
      await settle(m.settleMs);
      send({ id: m.id, now: device.clock.now() });
      break;
    case "gc": {
      gc();
      const { heapUsed, rss } = process.memoryUsage();
      send({ id: m.id, heapUsed, rss });
      break;
    }
    case "cpu":
      send({ id: m.id, ...process.cpuUsage(), at: Date.now() });
      break;
    case "upload":
      send({ id: m.id, upload: await device.upload.telemetry(), now: device.clock.now() });
      break;
    case "close":
      await Promise.race([unit.close(), new Promise((r) => setTimeout(r, 10_000))]);
      send({ id: m.id });
      process.exit(0);
  }
});
