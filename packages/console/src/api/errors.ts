// The errors the API client raises: network, HTTP status, timeout, and answers that break the contract.
import type { FieldIssue } from "@trc/protocol";
import { formatIssues } from "@trc/protocol";

/** The device's stated reason in an answer body: `{ "error": reason }`, or a short plain text; null when it gave none. */
export function reasonOf(body: unknown): string | null {
  if (body && typeof body === "object" && "error" in body && typeof body.error === "string")
    return body.error;
  if (typeof body === "string" && body.trim()) return body.trim().slice(0, 200);
  return null;
}

export type DeviceErrorKind = "network" | "http" | "timeout" | "contract";

export class DeviceError extends Error {
  constructor(
    readonly kind: DeviceErrorKind,
    message: string,
    readonly status?: number,
    readonly body?: unknown,
    readonly issues: readonly FieldIssue[] = [],
  ) {
    super(message);
    this.name = "DeviceError";
  }

  static http(status: number, body: unknown): DeviceError {
    const reason = reasonOf(body);
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

/** A short text for any thrown value, for showing where the user looks. */
export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message;
  return typeof err === "string" ? err : JSON.stringify(err);
}
