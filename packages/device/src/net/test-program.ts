// Test helpers for the timing port: a timing program on a real loopback socket, a wait, and a filtered port to try.
import { connect, type Socket } from "node:net";
import { type FilteredPassing, filteredLines, type TagRead } from "@trc/protocol";
import { manualClock } from "../clock/manual-clock.ts";
import { type RequestActions, timingRequests } from "../timing/requests.ts";
import { type Passing, TimingSessions } from "../timing/session.ts";
import { TimingPort } from "./timing-port.ts";

/** Waits (real time) until `cond` holds; fails after `ms`. */
export async function until(cond: () => boolean, ms = 10_000, what = "the condition"): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Real time passes (to show that something does not come). */
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A timing program: what it received, split into lines at CR. */
export class Program {
  text = "";
  closed = false;

  private constructor(readonly socket: Socket) {
    socket.setEncoding("latin1");
    socket.on("data", (d: string) => {
      this.text += d;
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      this.closed = true;
    });
  }

  /** Connects; `paused`: it never reads what it is sent. */
  static async connect(port: number, paused = false): Promise<Program> {
    const socket = connect(port, "127.0.0.1");
    const program = new Program(socket);
    if (paused) socket.pause();
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("error", reject);
    });
    return program;
  }

  /** Complete lines received (ended by CR). */
  lines(): string[] {
    const parts = this.text.split("\r");
    parts.pop();
    return parts;
  }

  /** Lines other than heartbeats. */
  data(): string[] {
    return this.lines().filter((l) => l !== "*");
  }

  send(text: string): void {
    this.socket.write(text);
  }

  async waitLines(n: number, ms = 10_000): Promise<string[]> {
    await until(() => this.data().length >= n, ms, `${n} lines (have ${this.data().length})`);
    return this.data();
  }

  end(): void {
    this.socket.destroy();
  }
}

let seq = 0;
/** A filter's passing of `tag` at `time`. */
export function passing(tag: string, time: number, ant = 0): FilteredPassing {
  const read: TagRead = { seq: ++seq, tag, ant, rssi: -50, time };
  return { kind: "FS", read, reads: 1 };
}

/** A filtered port on a session that is timing, on a manual clock; `add(k)` stores k passings and notifies. */
export async function filteredPort(actions: Partial<RequestActions<Passing>> = {}, maxConnections?: number) {
  const clock = manualClock();
  const sessions = new TimingSessions({ now: () => clock.now(), append: () => {} });
  sessions.start([]);
  const clockSets: number[] = [];
  const port = new TimingPort<Passing>({
    kind: "filtered",
    clock,
    feed: sessions.feed,
    lines: (p, replayed) => filteredLines(p, replayed, 0),
    utcOffsetS: () => 0,
    maxConnections,
    handle: timingRequests<Passing>({
      now: () => clock.now(),
      utcOffsetS: () => 0,
      mode: () => sessions.mode,
      setClock: (t) => {
        clockSets.push(t);
      },
      startTiming: () => {
        sessions.start([]);
      },
      stopTiming: () => {
        sessions.stop();
      },
      rewind: (from, to) => sessions.stored().filter((p) => p.time >= from && p.time <= to),
      ...actions,
    }),
  });
  const number = await port.listen(0, "127.0.0.1");
  let t = clock.now();
  const add = (k: number) => {
    const stored = sessions.record(Array.from({ length: k }, (_, i) => passing(`T${i}`, t + 10 * (i + 1))));
    t += 10 * k;
    port.notify();
    return stored;
  };
  return { clock, sessions, port, number, add, clockSets };
}

/** The SEQ field of passing lines with R = `r`. */
export function seqs(lines: readonly string[], r: 0 | 1): number[] {
  return lines.filter((l) => l.endsWith(`;;${r}`)).map((l) => Number(l.split(";")[3]));
}

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
