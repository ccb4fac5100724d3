// The errors the API client raises: network, HTTP status, timeout, and answers that break the contract.
import type { FieldIssue } from "@trc/protocol";
import { formatIssues, tooManyGuessesText } from "@trc/protocol";

/** The device's stated reason in an answer body: `{ "error": reason }`, or a short plain text; null when it gave none. */
export function reasonOf(body: unknown): string | null {
  if (body && typeof body === "object" && "error" in body && typeof body.error === "string")
    return body.error;
  if (typeof body === "string" && body.trim()) return body.trim().slice(0, 200);
  return null;
}

/** A Retry-After header as whole seconds (RFC 9110: delay-seconds or an HTTP date), or undefined when absent or bad. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | undefined {
  const text = header?.trim();
  if (!text) return undefined;
  if (/^\d{1,9}$/.test(text)) return Number(text);
  const at = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The wait a 429 reason states ("... try again in N s"), for an answer that came without Retry-After. */
function secondsInReason(reason: string | null): number | undefined {
  const m = reason ? /try again in (\d{1,9}) ?s\b/i.exec(reason) : null;
  return m ? Number(m[1]) : undefined;
}

export type DeviceErrorKind = "network" | "http" | "timeout" | "contract";

export class DeviceError extends Error {
  constructor(
    readonly kind: DeviceErrorKind,
    message: string,
    readonly status?: number,
    readonly body?: unknown,
    readonly issues: readonly FieldIssue[] = [],
    /** How long the unit asked to wait (Retry-After, seconds), on a 429. */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = "DeviceError";
  }

  /**
   * A refusal. A 429 (the password-guessing limit) reads "Too many wrong passwords: try again in N s", N from
   * Retry-After (else from the reason), so every page that shows the error shows the wait.
   */
  static http(status: number, body: unknown, retryAfterS?: number): DeviceError {
    const reason = reasonOf(body);
    if (status === 429) {
      const seconds = retryAfterS ?? secondsInReason(reason);
      if (seconds !== undefined) {
        return new DeviceError("http", tooManyGuessesText(seconds), status, body, [], seconds);
      }
    }
    return new DeviceError("http", `HTTP ${status}${reason ? `: ${reason}` : ""}`, status, body);
  }

  static contract(issues: readonly FieldIssue[], body: unknown): DeviceError {
    return new DeviceError(
      "contract",
      `Unexpected answer from the device: ${formatIssues(issues)}`,
      200,
      body,
      issues,
    );
  }
}

/** True for the unit's password-guessing limit (429): nothing was evaluated, so the level in use stays. */
export function isGuessLimit(err: unknown): err is DeviceError {
  return err instanceof DeviceError && err.kind === "http" && err.status === 429;
}

/** A short text for any thrown value, for showing where the user looks. */
export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message;
  return typeof err === "string" ? err : JSON.stringify(err);
}
