// Brute-force guard of the password test: 5 failures within a minute from one address block it until the minute has passed.
export const MAX_FAILURES = 5;
export const WINDOW_MS = 60_000;

export class AuthThrottle {
  #failures = new Map<string, number[]>();

  private recent(address: string, now: number): number[] {
    const list = (this.#failures.get(address) ?? []).filter((t) => now - t < WINDOW_MS);
    if (list.length) this.#failures.set(address, list);
    else this.#failures.delete(address);
    return list;
  }

  /** Milliseconds until this address may test again; 0 when it may now. */
  blockedFor(address: string, now = Date.now()): number {
    const list = this.recent(address, now);
    if (list.length < MAX_FAILURES) return 0;
    const oldestCounted = list[list.length - MAX_FAILURES] ?? now;
    return Math.max(1, oldestCounted + WINDOW_MS - now);
  }

  fail(address: string, now = Date.now()): void {
    this.#failures.set(address, [...this.recent(address, now), now]);
  }
}

/**
 * The same guard for calls that carry a password (execute, config set): wrong passwords there count too, so the
 * password test's limit cannot be bypassed. A request without a password guesses nothing and is never blocked.
 * Returns the wait in ms when this request must be refused now.
 */
export function guessBlocked(guard: AuthThrottle, address: string, password: string | undefined): number {
  return password ? guard.blockedFor(address) : 0;
}
