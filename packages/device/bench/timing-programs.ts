// The benchmark's side of the timing port benchmark: the unit's process and the timing programs. Each program checks
// SEQ order as lines arrive and notes, per live line, when it arrived (Date.now(), the clock the unit's own clock runs
// on) and the read time it carries.
import { type ChildProcess, spawn } from "node:child_process";
import { connect, type Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { parseTimingDateTime } from "@trc/protocol";
import type { ChildMessage, MadeBatch } from "./timing-unit-child.ts";

const CHILD = fileURLToPath(new URL("timing-unit-child.ts", import.meta.url));
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const until = async (done: () => boolean, ms: number, what: () => string) => {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out: ${what()}`);
    await sleep(20);
  }
};

/** The unit in a process of its own (timing-unit-child.ts), its HTTP API, and a way to ask it things over IPC. */
export async function startUnit() {
  const child: ChildProcess = spawn(process.execPath, ["--expose-gc", "--import", "tsx", CHILD], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = <K extends ChildMessage["kind"]>(kind: K) =>
    new Promise<Extract<ChildMessage, { kind: K }>>((resolve) => {
      const on = (m: ChildMessage) => {
        if (m.kind !== kind) return;
        child.off("message", on);
        resolve(m as Extract<ChildMessage, { kind: K }>);
      };
      child.on("message", on);
    });
  const ready = await next("ready");
  const call = async (path: string, body?: unknown) => {
    const res = await fetch(`${ready.url}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as Record<string, unknown> & { session?: { passings: number } | null };
  };
  const ask = <K extends ChildMessage["kind"]>(message: unknown, kind: K) => {
    const answer = next(kind);
    child.send(message as string);
    return answer;
  };
  const close = async () => {
    const exited = new Promise((r) => child.once("exit", r));
    child.send("close");
    await Promise.race([exited, sleep(15_000)]);
    child.kill("SIGKILL");
  };
  return { ready, call, ask, send: (m: string) => child.send(m), close };
}

/** The unit's clock against Date.now() (its offset) and its utc_offset: what turns a line's time into host ms. */
export interface LineTime {
  clockOffsetMs: number;
  utcOffsetS: number;
}

/** Epoch ms by the unit's clock of a line's `dd-mm-yyyy hh:mm:ss.ccc` (its local time): the protocol's own parser. */
function unitMs(text: string, utcOffsetS: number): number {
  const [date = "", clock = ""] = text.split(" ");
  const [time = "", ms = ""] = clock.split(".");
  const at = /^\d{3}$/.test(ms) ? parseTimingDateTime(date, time, utcOffsetS) : null;
  return at === null ? Number.NaN : at + Number(ms);
}

export class BenchProgram {
  /** Live lines taken (passings or reads). */
  count = 0;
  /** The highest SEQ taken. */
  last = 0;
  heartbeats = 0;
  /** Bytes received. */
  bytes = 0;
  closed = false;
  closedAt = 0;
  #carry = "";
  #problems: string[] = [];
  #problemCount = 0;
  readonly arrivals: number[] = [];
  readonly seqs: number[] = [];
  /** The read time each line carries, epoch ms by the unit's clock. */
  readonly times: number[] = [];

  private constructor(
    readonly socket: Socket,
    readonly kind: "raw" | "filtered",
    readonly time: LineTime,
  ) {
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => this.#take(chunk, Date.now()));
    socket.on("error", () => {});
    socket.on("close", () => {
      this.closed = true;
      this.closedAt = Date.now();
    });
  }

  static async connect(port: number, kind: "raw" | "filtered", time: LineTime): Promise<BenchProgram> {
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("error", reject);
    });
    return new BenchProgram(socket, kind, time);
  }

  /** Stops reading: the socket's buffer fills, then the kernel's, then the unit stops writing to it. */
  pause(): void {
    this.socket.pause();
  }

  resume(): void {
    this.socket.resume();
  }

  end(): void {
    this.socket.destroy();
  }

  /** When the line with this SEQ arrived. */
  arrivalOf(seq: number): number | undefined {
    let lo = 0;
    let hi = this.seqs.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = this.seqs[mid] ?? 0;
      if (s === seq) return this.arrivals[mid];
      if (s < seq) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  /** What went wrong: a gap, a duplicate, a line sent again, a disconnection; for filtered, not SEQ 1..expected. */
  check(expected: number | null, name: string): string[] {
    const out = this.#problems.map((p) => `${name}: ${p}`);
    if (this.#problemCount > this.#problems.length)
      out.push(`${name}: ${this.#problemCount} problems in all`);
    if (expected !== null && (this.count !== expected || this.last !== expected)) {
      out.push(`${name}: ${this.count} lines up to SEQ ${this.last}, expected 1..${expected}`);
    }
    if (this.closed) out.push(`${name}: disconnected`);
    return out;
  }

  /** Read → line (ms) of the lines `keep` keeps (by arrival, SEQ and read time, both times Date.now() ms). */
  latencies(keep: (arrival: number, seq: number, read: number) => boolean = () => true): number[] {
    const out: number[] = [];
    const offset = this.time.clockOffsetMs;
    this.arrivals.forEach((at, i) => {
      const read = (this.times[i] ?? 0) - offset;
      if (keep(at, this.seqs[i] ?? 0, read)) out.push(at - read);
    });
    return out;
  }

  #problem(text: string): void {
    this.#problemCount++;
    if (this.#problems.length < 5) this.#problems.push(text);
  }

  #take(chunk: string, at: number): void {
    this.bytes += chunk.length;
    const parts = (this.#carry + chunk).split("\r");
    this.#carry = parts.pop() ?? "";
    for (const line of parts) {
      if (line === "*") {
        this.heartbeats++;
        continue;
      }
      const f = line.split(";");
      if (f.length !== 6) {
        this.#problem(`unexpected line ${JSON.stringify(line.slice(0, 40))}`);
        continue;
      }
      const seq = Number(f[3]);
      if (f[5] !== "0") this.#problem(`line sent again (R = ${f[5]}), SEQ ${seq}`);
      // The raw port starts at the read the unit made last when the program connected; the filtered at passing 1.
      const expected = this.kind === "raw" && this.count === 0 ? seq : this.last + 1;
      if (seq < expected) this.#problem(`SEQ ${seq} again or out of order after ${this.last}`);
      else if (seq > expected) this.#problem(`SEQ ${expected}..${seq - 1} missing`);
      this.last = Math.max(this.last, seq);
      this.count++;
      this.arrivals.push(at);
      this.seqs.push(seq);
      this.times.push(unitMs(f[1] ?? "", this.time.utcOffsetS));
    }
  }
}

/**
 * Read → line split at the moment the unit made the read (the batch its read time falls in, noted by the unit), for
 * each line of `p` read from `from` on: `waited` read → made (until race control took the reads), `made` made → line
 * (what the filter, the session and the port add after the reader).
 */
export function splitLatencies(
  p: BenchProgram,
  made: readonly MadeBatch[],
  from: number,
): { waited: number[]; made: number[] } {
  const out = { waited: [] as number[], made: [] as number[] };
  let k = 0;
  p.times.forEach((t, i) => {
    while (k < made.length && (made[k]?.newestTime ?? 0) < t) k++;
    const batch = made[k];
    if (!batch || t - p.time.clockOffsetMs < from) return;
    out.waited.push(batch.at - (t - p.time.clockOffsetMs));
    out.made.push((p.arrivals[i] ?? 0) - batch.at);
  });
  return out;
}

/** The q-quantile (nearest rank) of `xs`; NaN for none. */
export function pct(xs: readonly number[], q: number): number {
  if (!xs.length) return Number.NaN;
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? Number.NaN;
}

export function median(xs: readonly number[]): number {
  return pct(xs, 0.5);
}

export const fmtMs = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : "–");
