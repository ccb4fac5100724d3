// A request gate: at most N tasks run at once; the rest wait in priority order; background work can be paused.

export interface GateOptions {
  /** Higher runs first. Default 0. */
  priority?: number;
  /** Background tasks wait while the gate is paused (e.g. telemetry auto-refresh during a firmware upload). */
  background?: boolean;
}

interface Waiter {
  priority: number;
  background: boolean;
  seq: number;
  start: () => void;
}

export class RequestGate {
  private running = 0;
  private seq = 0;
  private waiting: Waiter[] = [];
  private pausedBy = new Set<string>();
  /** The most tasks ever running at once (for tests and benchmarks). */
  maxRunning = 0;

  constructor(private readonly limit: number) {}

  get inFlight(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Pauses background tasks until `resume(reason)`; several reasons may hold the pause. */
  pause(reason: string): void {
    this.pausedBy.add(reason);
  }

  resume(reason: string): void {
    this.pausedBy.delete(reason);
    this.pump();
  }

  get paused(): boolean {
    return this.pausedBy.size > 0;
  }

  async run<T>(task: () => Promise<T>, opts: GateOptions = {}): Promise<T> {
    await new Promise<void>((start) => {
      this.waiting.push({
        priority: opts.priority ?? 0,
        background: !!opts.background,
        seq: this.seq++,
        start,
      });
      this.pump();
    });
    try {
      return await task();
    } finally {
      this.running--;
      this.pump();
    }
  }

  private pump(): void {
    while (this.running < this.limit) {
      const ready = this.waiting.filter((w) => !(w.background && this.paused));
      if (!ready.length) return;
      const next = ready.reduce((a, b) =>
        b.priority > a.priority || (b.priority === a.priority && b.seq < a.seq) ? b : a,
      );
      this.waiting.splice(this.waiting.indexOf(next), 1);
      this.running++;
      this.maxRunning = Math.max(this.maxRunning, this.running);
      next.start();
    }
  }
}
