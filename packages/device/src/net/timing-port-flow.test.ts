// The timing port under load on real sockets: a program that never reads, the idle cut, Left, and replays' progress.
import { TimingTelemetry } from "@trc/protocol";
import { afterEach, describe, expect, it } from "vitest";
import type { Passing } from "../timing/session.ts";
import { timingTelemetry } from "../timing/telemetry.ts";
import { filteredPort, Program, pause, range, seqs, until } from "./test-program.ts";
import type { Connection } from "./timing-connection.ts";
import { SOCKET_BUFFER_BYTES } from "./timing-port.ts";

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0)) await f();
});

type Setup = Awaited<ReturnType<typeof filteredPort>>;

async function setup() {
  const s = await filteredPort();
  cleanup.push(() => s.port.close());
  return s;
}

async function program(port: number, paused = false) {
  const p = await Program.connect(port, paused);
  cleanup.push(() => p.end());
  return p;
}

/** The unit's side of a program's connection. */
async function unitSide(s: Setup, p: Program): Promise<Connection<Passing>> {
  const address = `127.0.0.1:${p.socket.localPort}`;
  await until(() => s.port.connectionList().some((c) => c.address === address));
  return s.port.connectionList().find((c) => c.address === address) as Connection<Passing>;
}

/** Adds passings until `conn` (a program that never reads) takes nothing more: its socket and the network full. */
async function fillUntilStalled(s: Setup, conn: Connection<Passing>, replay = false): Promise<void> {
  for (let round = 0; round < 60; round++) {
    if (replay) s.port.replay(s.add(20_000));
    else s.add(20_000);
    const before = conn.sent;
    await pause(300);
    if (conn.sent === before && conn.socket.writableNeedDrain) return;
  }
  throw new Error("the program that never reads kept taking");
}

/** At most the socket's high-water mark and one batch of lines over it. */
const BOUND = SOCKET_BUFFER_BYTES + 64 * 64;

describe("a program that never reads", () => {
  it("holds a bounded buffer, is cut after 30 s taking nothing; what it did not take stays Left for the next", async () => {
    const s = await setup();
    const p = await program(s.number, true);
    const conn = await unitSide(s, p);
    await fillUntilStalled(s, conn);
    expect(s.sessions.counts().sent).toBe(conn.sent);
    expect(s.sessions.counts().left).toBeGreaterThan(0);
    expect(conn.buffered).toBeLessThanOrEqual(BOUND);

    s.clock.advance(29_999);
    await pause(50);
    expect(s.port.connections).toBe(1);
    s.clock.advance(1);
    await until(() => s.port.connections === 0);
    // Taken: what the network took before the cut (it may have taken a little more while waiting).
    const { filtered, sent, left } = s.sessions.counts();
    expect([sent, left]).toEqual([conn.sent, filtered - conn.sent]);
    expect(left).toBeGreaterThan(0);

    const next = await program(s.number);
    expect(seqs(await next.waitLines(left, 30_000), 0)).toEqual(range(sent + 1, filtered));
    await until(() => s.sessions.counts().left === 0);
  }, 60_000);

  it("does not hold back another program, which gets everything once; Left stays 0", async () => {
    const s = await setup();
    const b = await program(s.number);
    const p = await program(s.number, true);
    const conn = await unitSide(s, p);
    await fillUntilStalled(s, conn);
    const { filtered } = s.sessions.counts();
    expect(seqs(await b.waitLines(filtered, 30_000), 0)).toEqual(range(1, filtered));
    await until(() => s.port.programs()[0]?.sent === filtered, 10_000, "the reader's writes taken");
    expect(conn.buffered).toBeLessThanOrEqual(BOUND);
    expect(s.sessions.counts()).toEqual({ filtered, sent: filtered, left: 0 });
    const [first, second] = s.port.programs();
    expect([first?.sent, second?.sent]).toEqual([filtered, conn.sent]);
    expect(conn.sent).toBeLessThan(filtered);

    s.clock.advance(30_000);
    await until(() => s.port.connections === 1);
    s.add(5);
    expect(seqs(await b.waitLines(filtered + 5), 0)).toEqual(range(1, filtered + 5));
  }, 60_000);
});

describe("replays", () => {
  it("go to every program, R 1, oldest first, while live passings go on; progress ends with them", async () => {
    const s = await setup();
    const a = await program(s.number);
    const b = await program(s.number);
    await until(() => s.port.connections === 2);
    const stored = s.add(500);
    await a.waitLines(500);
    const run = s.port.replay(stored);
    expect(run.total).toBe(500);
    for (let i = 0; i < 5; i++) s.add(100);
    for (const p of [a, b]) {
      const lines = await p.waitLines(1500);
      expect(seqs(lines, 0)).toEqual(range(1, 1000));
      expect(seqs(lines, 1)).toEqual(range(1, 500));
    }
    await until(() => run.done);
    expect(s.port.replayProgress()).toBeNull();
  });

  it("with no program connected: over at once", async () => {
    const s = await setup();
    const run = s.port.replay(s.add(10));
    expect(run.done).toBe(true);
    expect(s.port.replayProgress()).toBeNull();
  });

  it("progress is the slowest program's; a program cut leaves it; the telemetry dataset shows it", async () => {
    const s = await setup();
    const a = await program(s.number);
    const p = await program(s.number, true);
    const conn = await unitSide(s, p);
    await until(() => s.port.connections === 2);
    await fillUntilStalled(s, conn, true);
    // The program that never reads holds the progress back (of the replays it has not finished): below the total.
    await pause(300);
    const progress = s.port.replayProgress();
    expect(progress?.total).toBeGreaterThan(0);
    expect(progress?.total).toBeLessThanOrEqual(s.sessions.counts().filtered);
    expect(progress?.sent).toBeLessThan(progress?.total ?? 0);

    const dataset = timingTelemetry({ mode: s.sessions.mode, session: s.sessions.info(), ports: [s.port] });
    expect(TimingTelemetry.safeParse(dataset).success).toBe(true);
    expect(dataset).toMatchObject({ mode: "timing", session: { file: "timing_0001.csv" }, replay: progress });
    expect(dataset.programs).toHaveLength(2);

    s.clock.advance(30_000);
    await until(() => s.port.connections === 1);
    const total = s.sessions.counts().filtered;
    await a.waitLines(2 * total, 60_000);
    await until(() => s.port.replayProgress() === null);
    expect(seqs(a.data(), 1)).toEqual(seqs(a.data(), 0));
  }, 90_000);
});
