// The one log line of a request that failed: a client that went away is said in plain words, without a stack trace.
import type { DeviceContext } from "../http.ts";

/** True when the error is the client closing its connection (Node's "aborted", ECONNRESET) before the body arrived. */
export function isClientAbort(err: unknown): boolean {
  const e = err as NodeJS.ErrnoException | undefined;
  return !!e && (e.code === "ECONNRESET" || e.message === "aborted" || e.name === "AbortError");
}

/** The line the unit logs for a failed request (the log escapes control characters, so a stack stays one line). */
export function failureLine(c: DeviceContext, err: unknown): string {
  const where = `${c.req.method} ${c.req.path}`;
  if (isClientAbort(err)) return `${where}: the client closed the connection before its body arrived`;
  return `${where} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`;
}
