// Reboots: take the API away (listener closed, upload lost), wait rebootMs, boot again and listen on the same port.
import { MAX_TIMER_MS } from "@trc/protocol";
import type { Device, PowerControl } from "../device.ts";
import type { Listener } from "./listener.ts";

export class PowerCycle implements PowerControl {
  #timer: NodeJS.Timeout | undefined;
  #scheduledAt: number | null = null;
  #rebooting: Promise<void> | null = null;
  #closed = false;
  #wake: (() => void) | null = null;

  constructor(
    private readonly device: Device,
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
    clearTimeout(this.#timer);
    const at = Date.now() + delayMs;
    this.#scheduledAt = at;
    this.#timer = setTimeout(() => {
      this.#scheduledAt = null;
      this.rebootNow(reason).catch((err: unknown) => this.log(`reboot failed: ${String(err)}`));
    }, delayMs);
    this.#timer.unref();
    return at;
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
    await this.listener.down();
    await this.device.halt();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.rebootMs);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.#wake = null;
    if (this.#closed) return;
    await this.device.boot();
    await this.listener.upWithRetry();
    this.log(`up again after ${reason}`);
  }

  /** Shutdown: no more reboots; a reboot in progress ends without coming back up. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#scheduledAt = null;
    this.#wake?.();
    await this.#rebooting;
  }
}
