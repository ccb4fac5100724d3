// The upload benchmark's handle on its unit process (upload-unit-child.ts): start it on a data folder, ask it over IPC
// (the clock, the heap, its CPU, the upload), call its HTTP API as a console would, and cut its power (SIGKILL).
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { API, type UploadTelemetry } from "@trc/protocol";

const CHILD = fileURLToPath(new URL("./upload-unit-child.ts", import.meta.url));

export class BenchUnit {
  #next = 1;
  #waiting = new Map<number, (reply: Record<string, unknown>) => void>();

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.on("message", (m: { id?: number }) => {
      const done = m.id === undefined ? undefined : this.#waiting.get(m.id);
      if (done && m.id !== undefined) {
        this.#waiting.delete(m.id);
        done(m as Record<string, unknown>);
      }
    });
  }

  /** Starts the unit on `dataDir` with its device clock at host time + `offsetMs`. */
  static start(dataDir: string, offsetMs: number): Promise<BenchUnit> {
    const child = spawn(
      process.execPath,
      ["--expose-gc", "--import", "tsx", CHILD, dataDir, String(offsetMs)],
      {
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      },
    );
    return new Promise((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`the unit exited (${code}) before it was ready`)));
      child.once("message", (m: { kind?: string; url?: string }) => {
        if (m.kind === "ready" && m.url) resolve(new BenchUnit(child, m.url));
      });
    });
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  ask<T extends Record<string, unknown>>(op: string, extra: Record<string, unknown> = {}): Promise<T> {
    const id = this.#next++;
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve as (reply: Record<string, unknown>) => void);
      this.child.send({ id, op, ...extra });
    });
  }

  /** Moves the unit's clock on; answers its time after (a post it started had up to `settleMs` to end). */
  async advance(ms: number, settleMs = 200): Promise<number> {
    return (await this.ask<{ now: number }>("advance", { ms, settleMs })).now;
  }

  async upload(): Promise<{ upload: UploadTelemetry; now: number }> {
    return this.ask("upload");
  }

  async heap(): Promise<{ heapUsed: number; rss: number }> {
    return this.ask("gc");
  }

  /** CPU time used so far (µs, user + system) and the wall clock. */
  async cpu(): Promise<{ used: number; at: number }> {
    const c = await this.ask<{ user: number; system: number; at: number }>("cpu");
    return { used: c.user + c.system, at: c.at };
  }

  async call(path: string, body?: unknown): Promise<Record<string, unknown>> {
    const res = await fetch(`${this.url}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  set(key: string, value: unknown): Promise<Record<string, unknown>> {
    return this.call(API.configSet, { key, value, time: new Date().toISOString() });
  }

  execute(cmd: string, args: string[] = []): Promise<Record<string, unknown>> {
    return this.call(API.commandExecute, { cmd, args });
  }

  /** A power cut: the process is killed where it stands. */
  async kill(): Promise<void> {
    const gone = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.kill("SIGKILL");
    await gone;
  }

  async close(): Promise<void> {
    const gone = new Promise((resolve) => this.child.once("exit", resolve));
    await this.ask("close").catch(() => {});
    await gone;
  }
}
