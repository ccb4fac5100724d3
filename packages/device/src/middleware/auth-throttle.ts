// The password-guessing limit (docs/AUTH.md): 5 tries per source address in any rolling minute, a try taken before the password is compared.
import { PASSWORD_TRIES, tooManyGuessesText } from "@trc/protocol";
import type { Clock } from "../clock/clock.ts";
import { clientAddress, type DeviceContext, fail } from "../http.ts";
import type { PasswordStore } from "../state/passwords.ts";

export const MAX_FAILURES = PASSWORD_TRIES.max;
export const WINDOW_MS = PASSWORD_TRIES.windowMs;
/** Above this many addresses with tries, the ones whose tries have all expired are forgotten. */
const SWEEP_ABOVE = 1000;

/** A counted try: it stays counted (a wrong guess) unless it is given back (the password was right, or none came). */
export interface GuessTry {
  giveBack(): void;
}
/** A try, or how long (ms) the address must wait for one. */
export type TryOrWait = { ok: true; guess: GuessTry } | { ok: false; waitMs: number };

/** The key a limit is kept under: an IPv4 address (also when mapped into IPv6), or an IPv6 address's /64 network. */
export function sourceOf(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (v4?.[1]) return v4[1];
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("%")[0]?.split("::") ?? [];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups.slice(0, 4).join(":")}::/64`;
}

export class AuthThrottle {
  /** Start times of the counted tries, per source. */
  #tries = new Map<string, { at: number }[]>();

  /** The minute runs on the unit's host clock. */
  constructor(private readonly clock: Pick<Clock, "now">) {}

  private recent(source: string, now: number): { at: number }[] {
    const list = (this.#tries.get(source) ?? []).filter((t) => now - t.at < WINDOW_MS);
    if (list.length) this.#tries.set(source, list);
    else this.#tries.delete(source);
    return list;
  }

  private sweep(now: number): void {
    if (this.#tries.size <= SWEEP_ABOVE) return;
    for (const source of [...this.#tries.keys()]) this.recent(source, now);
  }

  /** Milliseconds until this address may try again; 0 when it may now. */
  blockedFor(address: string, now = this.clock.now()): number {
    const list = this.recent(sourceOf(address), now);
    if (list.length < MAX_FAILURES) return 0;
    const oldestCounted = list[list.length - MAX_FAILURES]?.at ?? now;
    return Math.max(1, oldestCounted + WINDOW_MS - now);
  }

  /** Takes a try for this address now (before anything is awaited), or says how long to wait for one. */
  take(address: string, now = this.clock.now()): TryOrWait {
    const waitMs = this.blockedFor(address, now);
    if (waitMs > 0) return { ok: false, waitMs };
    this.sweep(now);
    const source = sourceOf(address);
    const entry = { at: now };
    this.#tries.set(source, [...this.recent(source, now), entry]);
    const giveBack = () => {
      const list = this.#tries.get(source);
      if (list)
        this.#tries.set(
          source,
          list.filter((t) => t !== entry),
        );
    };
    return { ok: true, guess: { giveBack } };
  }

  /** Counts a wrong guess (a try taken and kept). */
  fail(address: string, now = this.clock.now()): void {
    this.take(address, now);
  }
}

/** 429 with Retry-After (whole seconds) for an address that is out of tries. */
export function tooManyGuesses(c: DeviceContext, waitMs: number): Response {
  const seconds = Math.ceil(waitMs / 1000);
  c.header("Retry-After", String(seconds));
  return fail(c, 429, tooManyGuessesText(seconds));
}

type Auth = { auth_pw?: string | undefined; auth_key?: string | undefined };

/**
 * The caller's level for a call that may carry a password (execute, config set). One guard serves every call, so
 * wrong passwords anywhere count together. The try is taken and the password compared in one synchronous step, so
 * requests arriving together cannot all pass the check. A request without a password guesses nothing and is never
 * limited. Returns the level, or the refusal to send.
 */
export function callerLevel(
  c: DeviceContext,
  guard: AuthThrottle,
  passwords: PasswordStore,
  auth: Auth,
): number | Response {
  if (!auth.auth_pw) {
    const who = passwords.resolve(auth);
    return who.ok ? who.level : fail(c, 401, who.reason);
  }
  const attempt = guard.take(clientAddress(c));
  if (!attempt.ok) return tooManyGuesses(c, attempt.waitMs);
  const who = passwords.resolve(auth);
  if (!who.ok) return fail(c, 401, who.reason);
  attempt.guess.giveBack();
  return who.level;
}
