// One program on a timing port: its live cursor and replays, bounded output, heartbeat, idle cut and requests.
//
// Output is pulled, never queued: while the socket's buffer is below its high-water mark the connection writes the
// next batch of live items (from its cursor into the feed), then of the replay or rewind under way (R = 1), live
// first so a replay never delays a live passing. When the buffer is full it stops and waits for 'drain': all it
// holds is a cursor, the replays' lists (references to passings already stored) and at most one batch over the mark.
// An item counts as taken when its write was handed to the network (the write's callback): only then does the feed
// hear of it (Sent) and the program's `sent` grow. A program that takes nothing for `idleMs` while something waits
// for it is disconnected; what it did not take stays with the feed (Left). `*` goes out after `heartbeatMs` with
// nothing else sent. Requests are taken one line at a time; while an answer is awaited or the output is full the
// socket is paused, so a program that floods requests without reading answers holds nothing more.
import type { Socket } from "node:net";
import {
  parseTimingRequest,
  TIMING_PORT,
  type TimingPortKind,
  type TimingRequest,
  withEol,
} from "@trc/protocol";
import type { Clock, ClockTimer } from "../clock/clock.ts";
import { LineReader } from "../timing/line-reader.ts";
import type { ReplayRun } from "../timing/replay.ts";
import type { PortAnswer, PortFeed, RequestHandler } from "../timing/types.ts";

/** Items written in one go. */
export const BATCH = 64;

/** What a port and each of its connections share: the kind, the clock, what is sent and how requests are answered. */
export interface PortSetup<T> {
  kind: TimingPortKind;
  /** The unit's clock (its time on the wire, its timers for the heartbeat and the idle cut). */
  clock: Clock;
  feed: PortFeed<T>;
  /** The lines of one item (without CR): its passing line, and RACESTART after a live marker's. */
  lines: (item: T, replayed: boolean) => string[];
  handle: RequestHandler<T>;
  /** The unit's utc_offset (seconds), to read the local times of requests. */
  utcOffsetS: () => number;
}

export interface ConnectionDeps<T> extends PortSetup<T> {
  heartbeatMs: number;
  idleMs: number;
  onClose: (connection: Connection<T>) => void;
}

interface Job<T> {
  items: readonly T[];
  next: number;
  run?: ReplayRun;
}

/** `ip:port` of the program, IPv4-mapped addresses shown as IPv4, IPv6 in brackets. */
export function addressOf(socket: Socket): string {
  const ip = (socket.remoteAddress ?? "?").replace(/^::ffff:/, "");
  return `${ip.includes(":") ? `[${ip}]` : ip}:${socket.remotePort ?? 0}`;
}

export class Connection<T> {
  readonly address: string;
  readonly connectedAt: number;
  #sent = 0;
  #lastSentAt: number | null = null;
  #cursor: number;
  #jobs: Job<T>[] = [];
  #reader = new LineReader(TIMING_PORT.maxLineBytes);
  #answering = false;
  #lastWriteAt: number;
  #heartbeat: ClockTimer;
  #idle: ClockTimer | null = null;
  #closed = false;

  constructor(
    readonly socket: Socket,
    private readonly deps: ConnectionDeps<T>,
  ) {
    this.address = addressOf(socket);
    this.connectedAt = this.#lastWriteAt = deps.clock.now();
    this.#cursor = deps.feed.start();
    socket.setNoDelay(true);
    socket.on("data", (chunk: Buffer) => {
      this.#reader.push(chunk);
      this.#readRequests();
    });
    socket.on("drain", () => {
      this.#clearIdle();
      this.pump();
      this.#readRequests();
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => this.#close());
    this.#heartbeat = deps.clock.setTimeout(() => this.#beat(), deps.heartbeatMs).unref();
    this.pump();
  }

  get sent(): number {
    return this.#sent;
  }

  get lastSentAt(): number | null {
    return this.#lastSentAt;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Bytes written to the socket and not yet handed to the network. */
  get buffered(): number {
    return this.socket.writableLength;
  }

  /** Sends `items` again (R = 1) after what is already being sent again; `run` hears of what was taken. */
  replay(items: readonly T[], run?: ReplayRun): void {
    if (this.#closed || !items.length) return;
    this.#jobs.push({ items, next: 0, run });
    this.pump();
  }

  /** Writes live items, then replayed ones, while the socket takes them. */
  pump(): void {
    while (!this.#closed && !this.socket.writableNeedDrain && this.#writeBatch()) {}
  }

  close(): void {
    this.socket.destroy();
  }

  #writeBatch(): boolean {
    const { feed, lines } = this.deps;
    const live = feed.after(this.#cursor, BATCH);
    if (live.items.length) {
      this.#cursor = live.last;
      const { last } = live;
      const count = live.items.length;
      this.#write(
        live.items.flatMap((i) => lines(i, false)),
        () => {
          feed.taken?.(last);
          this.#took(count);
        },
      );
      return true;
    }
    this.#cursor = live.last;
    const job = this.#jobs[0];
    if (!job) return false;
    const items = job.items.slice(job.next, job.next + BATCH);
    job.next += items.length;
    if (job.next >= job.items.length) this.#jobs.shift();
    this.#write(
      items.flatMap((i) => lines(i, true)),
      () => {
        job.run?.took(this, items.length);
        this.#took(items.length);
      },
    );
    return true;
  }

  #write(lines: string[], taken?: () => void): void {
    this.#lastWriteAt = this.deps.clock.now();
    this.socket.write(lines.map(withEol).join(""), (error) => {
      if (error || this.#closed) return;
      taken?.();
      // Progress: the idle cut counts from the last write the network took.
      if (this.#idle !== null) this.#armIdle();
    });
    // Full: from now the program has idleMs to take something.
    if (this.socket.writableNeedDrain && this.#idle === null) this.#armIdle();
  }

  #took(count: number): void {
    this.#sent += count;
    this.#lastSentAt = this.deps.clock.now();
  }

  #beat(): void {
    if (this.#closed) return;
    const { clock, heartbeatMs } = this.deps;
    const quiet = clock.now() - this.#lastWriteAt;
    // The unit's clock set back since the last write (quiet < 0): its time no longer says; beat now.
    const due = quiet >= heartbeatMs || quiet < 0;
    if (due && !this.socket.writableNeedDrain) this.#write([TIMING_PORT.heartbeat]);
    const wait = due ? heartbeatMs : heartbeatMs - quiet;
    this.#heartbeat = clock.setTimeout(() => this.#beat(), wait).unref();
  }

  #armIdle(): void {
    this.#clearIdle();
    this.#idle = this.deps.clock.setTimeout(() => this.socket.destroy(), this.deps.idleMs).unref();
  }

  #clearIdle(): void {
    if (this.#idle !== null) this.deps.clock.clearTimeout(this.#idle);
    this.#idle = null;
  }

  /** Answers request lines one at a time while the output has room and no answer is awaited. */
  #readRequests(): void {
    while (!this.#closed && !this.#answering && !this.socket.writableNeedDrain) {
      const event = this.#reader.next();
      if (!event) break;
      if (event.kind === "too-long") {
        this.#write([TIMING_PORT.error]);
        continue;
      }
      const request = parseTimingRequest(event.text, this.deps.utcOffsetS());
      if (request.kind === "error") {
        this.#write([TIMING_PORT.error]);
        continue;
      }
      this.#answer(request);
    }
    if (this.#closed) return;
    if (this.#reader.pending) this.socket.pause();
    else this.socket.resume();
  }

  #answer(request: Exclude<TimingRequest, { kind: "error" }>): void {
    const done = (answer: PortAnswer<T>) => {
      if (answer.lines.length) this.#write(answer.lines);
      if (answer.replay) this.replay(answer.replay);
    };
    let result: PortAnswer<T> | Promise<PortAnswer<T>>;
    try {
      result = this.deps.handle(request, { kind: this.deps.kind, address: this.address });
    } catch {
      result = { lines: [TIMING_PORT.error] };
    }
    if (!(result instanceof Promise)) {
      done(result);
      return;
    }
    this.#answering = true;
    result
      .catch((): PortAnswer<T> => ({ lines: [TIMING_PORT.error] }))
      .then((answer) => {
        this.#answering = false;
        if (this.#closed) return;
        done(answer);
        this.#readRequests();
      });
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.deps.clock.clearTimeout(this.#heartbeat);
    this.#clearIdle();
    for (const job of this.#jobs) job.run?.leave(this);
    this.#jobs = [];
    this.deps.onClose(this);
  }
}
