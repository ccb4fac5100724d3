// Brute-force guard of every password the device checks: 5 failures within a minute from one address block it until the minute has passed.
import { clientAddress, type DeviceContext, fail } from "../http.ts";
import type { PasswordStore } from "../state/passwords.ts";

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

/** 429 with Retry-After for a caller that guessed wrong too often (README: password guessing). */
export function tooManyGuesses(c: DeviceContext, waitMs: number): Response {
  const seconds = Math.ceil(waitMs / 1000);
  c.header("Retry-After", String(seconds));
  return fail(c, 429, `Too many wrong passwords; try again in ${seconds} s`);
}

type Auth = { auth_pw?: string | undefined; auth_key?: string | undefined };

/**
 * The caller's level for a call that may carry a password (execute, config set). The device keeps one guard for
 * every call, so wrong passwords anywhere count together and the password test's limit cannot be bypassed.
 * A request without a password guesses nothing and is never blocked. Returns the level, or the refusal to send.
 */
export function callerLevel(
  c: DeviceContext,
  guard: AuthThrottle,
  passwords: PasswordStore,
  auth: Auth,
): number | Response {
  const address = clientAddress(c);
  const wait = auth.auth_pw ? guard.blockedFor(address) : 0;
  if (wait > 0) return tooManyGuesses(c, wait);
  const who = passwords.resolve(auth);
  if (who.ok) return who.level;
  if (auth.auth_pw) guard.fail(address);
  return fail(c, 401, who.reason);
}
