// A timing port server on node:net (D12): one per kind, raw (every read) or filtered (every passing).
//
// At most `maxConnections` programs at once (4): the next connection is closed at once, before anything is sent.
// Each program gets the feed from where the feed says a newcomer starts (filtered: what is Left; raw: live reads),
// every live item once and in order, and the unit-wide replays given while it is connected (see timing-connection.ts for
// the output, heartbeat, idle cut and requests). `notify()` after the feed grew; `replay(items)` sends items again
// to every program connected now and its progress is the slowest one's (timing/replay.ts); a REWIND is one program's own
// and does not show in that progress. `programs()` and `replayProgress()` are the telemetry dataset's parts.
import { createServer, type Server, type Socket } from "node:net";
import { TIMING_PORT, type TimingPortKind, type TimingProgram } from "@trc/protocol";
import { ReplayRun } from "../timing/replay.ts";
import { Connection, type PortSetup } from "./timing-connection.ts";

/** What one program's socket holds before the unit stops writing to it (Node 22 and later default to 64 KiB, 20 to
 * 16 KiB: fixed, so a program that never reads costs the same memory on every Node). */
export const SOCKET_BUFFER_BYTES = 16 * 1024;

export interface TimingPortOptions<T> extends PortSetup<T> {
  maxConnections?: number;
  heartbeatMs?: number;
  idleMs?: number;
}

export class TimingPort<T> {
  #server: Server | null = null;
  #connections = new Set<Connection<T>>();
  #runs: ReplayRun[] = [];
  #rejected = 0;
  #port = 0;

  constructor(private readonly options: TimingPortOptions<T>) {}

  get kind(): TimingPortKind {
    return this.options.kind;
  }

  /** The port listened on (0 before `listen`). */
  get port(): number {
    return this.#port;
  }

  get connections(): number {
    return this.#connections.size;
  }

  /** Connections closed at once because the port was full, since it was made. */
  get rejected(): number {
    return this.#rejected;
  }

  /** Starts listening (port 0: any free one); answers the port. */
  async listen(port: number, host = "0.0.0.0"): Promise<number> {
    if (this.#server) throw new Error(`the ${this.kind} port is already listening`);
    const server = createServer(
      { noDelay: true, keepAlive: true, keepAliveInitialDelay: 10_000, highWaterMark: SOCKET_BUFFER_BYTES },
      (s) => this.#accept(s),
    );
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
    server.on("error", () => {});
    this.#server = server;
    const address = server.address();
    this.#port = typeof address === "object" && address ? address.port : port;
    return this.#port;
  }

  /** Stops listening and disconnects every program. */
  async close(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    for (const c of this.#connections) c.close();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The feed grew: every program takes what it can. */
  notify(): void {
    for (const c of this.#connections) c.pump();
  }

  /** Sends `items` again (R = 1) to every program connected now; answers the replay's run. */
  replay(items: readonly T[]): ReplayRun {
    const run = new ReplayRun(items.length, this.#connections);
    if (!run.done) this.#runs.push(run);
    for (const c of this.#connections) c.replay(items, run);
    return run;
  }

  /** The replays under way together: {total, sent}, or null when none is. */
  replayProgress(): { total: number; sent: number } | null {
    this.#runs = this.#runs.filter((r) => !r.done);
    if (!this.#runs.length) return null;
    let total = 0;
    let sent = 0;
    for (const r of this.#runs) {
      const p = r.progress();
      total += p?.total ?? 0;
      sent += p?.sent ?? 0;
    }
    return { total, sent };
  }

  /** The programs connected, oldest first. */
  programs(): TimingProgram[] {
    return [...this.#connections].map((c) => ({
      port: this.kind,
      address: c.address,
      connectedAt: c.connectedAt,
      sent: c.sent,
      lastSentAt: c.lastSentAt,
    }));
  }

  /** The connections themselves (tests look at what each holds). */
  connectionList(): readonly Connection<T>[] {
    return [...this.#connections];
  }

  #accept(socket: Socket): void {
    const max = this.options.maxConnections ?? TIMING_PORT.maxConnections;
    if (!this.#server || this.#connections.size >= max) {
      this.#rejected++;
      socket.on("error", () => {});
      socket.destroy();
      return;
    }
    const o = this.options;
    const connection = new Connection<T>(socket, {
      kind: o.kind,
      clock: o.clock,
      feed: o.feed,
      lines: o.lines,
      handle: o.handle,
      utcOffsetS: o.utcOffsetS,
      heartbeatMs: o.heartbeatMs ?? TIMING_PORT.heartbeatMs,
      idleMs: o.idleMs ?? TIMING_PORT.idleMs,
      onClose: (c) => this.#connections.delete(c),
    });
    if (!connection.closed) this.#connections.add(connection);
  }
}
