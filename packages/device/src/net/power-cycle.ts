// Reboots: take the API away (listener closed, upload lost), wait rebootMs, boot again and listen on the same port; the
// delays run on the unit's host clock (a test's advance brings a scheduled reboot).
import { MAX_TIMER_MS } from "@trc/protocol";
import type { Clock, ClockTimer } from "../clock/clock.ts";
import type { Listener } from "./listener.ts";

/** Reboots the unit: implemented by the server, which owns the listener. */
export interface PowerControl {
  /** Reboots after `delayMs` (replacing any reboot already scheduled); answers when it will happen. */
  scheduleReboot(delayMs: number, reason: string): number;
  /** When a scheduled reboot will happen (epoch ms), or null. */
  readonly scheduledAt: number | null;
  /** Forgets a scheduled reboot (a reset); a reboot already under way goes on. */
  cancelReboot(): void;
}

/** What a reboot uses of the unit: its host clock (the delays), power-off and power-on. */
export interface PoweredUnit {
  readonly hostClock: Clock;
  halt(): Promise<void>;
  boot(): Promise<void>;
}

export class PowerCycle implements PowerControl {
  #timer: ClockTimer | undefined;
  #scheduledAt: number | null = null;
  #rebooting: Promise<void> | null = null;
  #closed = false;
  #wake: (() => void) | null = null;

  constructor(
    private readonly device: PoweredUnit,
    private readonly listener: Listener,
    private readonly rebootMs: number,
    private readonly log: (line: string) => void,
  ) {}

  get scheduledAt(): number | null {
    return this.#scheduledAt;
  }

  get isRebooting(): boolean {
    return this.#rebooting !== null;
  }

  scheduleReboot(delayMs: number, reason: string): number {
    // A Node timer beyond 2^31-1 ms fires after 1 ms: refuse it rather than reboot at once.
    if (!(delayMs >= 0 && delayMs <= MAX_TIMER_MS))
      throw new RangeError(`Reboot delay out of range: ${delayMs} ms`);
    const clock = this.device.hostClock;
    clock.clearTimeout(this.#timer);
    const at = clock.now() + delayMs;
    this.#scheduledAt = at;
    this.#timer = clock.setTimeout(() => {
      this.#scheduledAt = null;
      this.rebootNow(reason).catch((err: unknown) => this.log(`reboot failed: ${String(err)}`));
    }, delayMs);
    this.#timer.unref();
    return at;
  }

  cancelReboot(): void {
    this.device.hostClock.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#scheduledAt = null;
  }

  /** Reboots now (or joins a reboot in progress); resolves once the unit listens again. */
  rebootNow(reason: string): Promise<void> {
    this.#rebooting ??= this.cycle(reason).finally(() => {
      this.#rebooting = null;
    });
    return this.#rebooting;
  }

  private async cycle(reason: string): Promise<void> {
    this.log(`rebooting (${reason}); back in ${this.rebootMs} ms`);
    // Real time, one turn of the event loop: an answer being sent leaves first (the clock hook's advance that made a
    // scheduled reboot due answers before the unit goes).
    await new Promise((resolve) => setImmediate(resolve));
    await this.listener.down();
    await this.device.halt();
    const clock = this.device.hostClock;
    if (!this.#closed) {
      await new Promise<void>((resolve) => {
        const timer = clock.setTimeout(resolve, this.rebootMs);
        this.#wake = () => {
          clock.clearTimeout(timer);
          resolve();
        };
      });
    }
    this.#wake = null;
    if (this.#closed) return;
    await this.device.boot();
    await this.listener.upWithRetry();
    this.log(`up again after ${reason}`);
  }

  /** Shutdown: no more reboots; a reboot in progress ends without coming back up. */
  async close(): Promise<void> {
    this.#closed = true;
    this.device.hostClock.clearTimeout(this.#timer);
    this.#scheduledAt = null;
    this.#wake?.();
    await this.#rebooting;
  }
}
