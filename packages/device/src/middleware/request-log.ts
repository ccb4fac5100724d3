// What the request log holds: an entry per API request (passwords masked) and the request statistics' shape.
import { maskUrl, UPLOAD } from "@trc/protocol";

export interface LogEntry {
  /** Its place among every request the unit logged since it started (1, 2, ...; never handed out twice): a cursor. */
  seq: number;
  /** When the device received it (epoch milliseconds, the unit's host clock: real time plus any test advance). */
  time: number;
  method: string;
  /** Path without the query. */
  path: string;
  /** The query string without "?", when there is one. */
  query?: string;
  /** The parsed JSON body (passwords as "***"), a summary of a multipart body, or null. */
  body: unknown;
}

export interface RequestStats {
  /** Most API requests received and not yet answered at once (queued ones included). */
  maxInFlight: number;
  inFlight: number;
  /** API requests received since the last reset. */
  requests: number;
  /** Most API requests being handled at once (past the esp32 queue). */
  maxHandling: number;
  handling: number;
}

const SECRET_KEY = /^(auth_pw|auth_key)$|passw|secret/i;
export const MASK = "***";

/** Replaces every secret in a request body with "***": auth fields, password-like keys, SET_PW's argument, a URL's credentials. */
export function maskSecrets(body: unknown): unknown {
  const walk = (v: unknown, depth: number): unknown => {
    if (depth > 20 || v === null || typeof v !== "object") return v;
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = SECRET_KEY.test(k) ? MASK : walk(x, depth + 1);
    return out;
  };
  const masked = walk(body, 0);
  if (masked && typeof masked === "object" && !Array.isArray(masked)) {
    const m = masked as Record<string, unknown>;
    if (m.cmd === "SET_PW" && Array.isArray(m.args)) m.args = m.args.map(() => MASK);
    if (typeof m.key === "string" && SECRET_KEY.test(m.key) && "value" in m) m.value = MASK;
    // D14: a URL's credentials (http_url) are a password too.
    if (m.key === UPLOAD.urlKey && typeof m.value === "string") m.value = maskUrl(m.value);
  }
  return masked;
}

/** Only API calls count; the test hooks themselves and CORS preflights do not. */
export function isCountedApiCall(method: string, path: string): boolean {
  return method !== "OPTIONS" && path.startsWith("/api/") && !path.startsWith("/api/__test/");
}

/** A JSON text as its masked value; anything else only by its size (it might hold a password). */
export function describeText(text: string): unknown {
  try {
    return maskSecrets(JSON.parse(text));
  } catch {
    return `(${text.length} bytes, not JSON)`;
  }
}

/** Records a parsed JSON body in the log entry, masked. */
export function logBody(entry: LogEntry | undefined, body: unknown): void {
  if (entry) entry.body = maskSecrets(body);
}
