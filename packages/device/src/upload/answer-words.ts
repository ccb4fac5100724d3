// Why a post failed, in words (D14's lastError: `503 Service Unavailable`, `no answer within 10 s`, `connection
// refused`, `name not found`), from the answer's status or the error Node gave. Never a credential: a Location is
// shown masked, a server's own text cut short and stripped of control characters.
import { STATUS_CODES } from "node:http";
import { escapeControlChars, maskUrl, UPLOAD } from "@trc/protocol";

/** A server's own text, safe to show: control characters escaped, at most `max` characters. */
export function shortText(text: string, max = 80): string {
  const clean = escapeControlChars(text.replace(/\s+/g, " ").trim());
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** An answer that is not a 2xx: its status and reason phrase, for a redirect where to, else the start of its body. */
export function statusWords(
  status: number,
  message: string | undefined,
  location?: string,
  body?: string,
): string {
  const reason = shortText(message || STATUS_CODES[status] || "", 40);
  const head = reason ? `${status} ${reason}` : String(status);
  if (status >= 300 && status < 400) {
    const to = location ? ` to ${shortText(maskUrl(location), 100)}` : "";
    return `${head}: redirects are not followed${to}; set http_url to the new address`;
  }
  const said = body ? shortText(body) : "";
  return said ? `${head}: ${said}` : head;
}

/** The words of the answer's timeout. */
export const NO_ANSWER = `no answer within ${UPLOAD.answerTimeoutMs / 1000} s`;
export const SELF = "http_url points at the unit itself";

const CODES: Readonly<Record<string, string>> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "name not found",
  EAI_AGAIN: "name not found (no answer from the name server)",
  EAI_FAIL: "name not found",
  ECONNRESET: "connection reset",
  EPIPE: "connection reset",
  ETIMEDOUT: NO_ANSWER,
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  EADDRNOTAVAIL: "address not available",
  ECONNABORTED: "connection aborted",
};

/** A Node error as words. */
export function errorWords(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown };
  const code = typeof e?.code === "string" ? e.code : "";
  const message = typeof e?.message === "string" ? e.message : String(error);
  if (CODES[code]) return CODES[code];
  if (code.startsWith("HPE_")) return `not an HTTP answer (${shortText(message, 60)})`;
  if (/CERT|SSL|TLS|ERR_TLS/i.test(code)) return `TLS refused (${code})`;
  if (message === "socket hang up") return "connection closed without an answer";
  return shortText(code ? `${code}: ${message}` : message);
}
