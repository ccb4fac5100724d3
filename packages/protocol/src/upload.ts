// Passings to a server over HTTP (D14): its limits, the http_url rule, credentials masked, the timing dataset's `upload`.
//
// - `http_url` is an http:// or https:// URL of at most 200 characters, or "" (off). Credentials in it
//   (`https://user:secret@host/`) are secret: whatever the unit shows or logs carries `maskUrl`'s form
//   (`https://user:***@host/`; a user alone, often a token, as `***@`). A masked value sent back unchanged keeps the
//   stored one (`unmaskUrl`), so a form or a profile that writes back what it read does not store `***`.
// - The bodies of a post are upload-body.ts's.
import * as z from "zod/mini";

/** The WHATWG URL class, global in browsers and Node (the package's lib is plain ES, without DOM or Node types). */
declare const URL: new (input: string) => { hostname: string; port: string };

/** D14's numbers: the posts, their retries and what the unit reads of an answer. */
export const UPLOAD = {
  /** The configuration item holding the server's URL. */
  urlKey: "http_url",
  maxUrlLength: 200,
  /** Passings in one post at most. */
  maxPassingsPerPost: 500,
  /** No answer within this long (from the post's start) and the post failed. */
  answerTimeoutMs: 10_000,
  /** The first retry comes this long after a failure, then twice as long each time, up to maxRetryMs. */
  firstRetryMs: 1000,
  maxRetryMs: 60_000,
  /** Each retry's wait is moved by up to this fraction either way (± 20 %). */
  retryJitter: 0.2,
  /** force_http_log 0: a post as soon as passings wait, at most 2 a second. */
  minGapMs: 500,
  /** The unit reads at most this much of an answer's body, then closes the connection (the status decides). */
  maxAnswerBytes: 64 * 1024,
  /** Headers of the text format (http_pckt_format 0). */
  deviceHeader: "X-TRC-Device",
  sessionHeader: "X-TRC-Session",
  /** What stands for a secret part of a URL wherever the unit shows it. */
  mask: "***",
} as const;

export const UPLOAD_STATES = ["sending", "ok", "failing"] as const;
/** sending: passings wait and the last post went through (or none failed yet); ok: nothing waits; failing: the last post failed. */
export const UploadState = z.enum(UPLOAD_STATES);
export type UploadState = z.infer<typeof UploadState>;

const time = z.nullable(z.number());
const count = z.int().check(z.gte(0));

/** The timing dataset's `upload` (D14): null when http_url is empty. Times are epoch ms by the unit's clock. */
export const UploadTelemetry = z.object({
  url: z.string(),
  state: UploadState,
  acked: count,
  left: count,
  oldestLeftAt: time,
  lastOkAt: time,
  lastError: z.nullable(z.string()),
  nextTryAt: time,
});
export type UploadTelemetry = z.infer<typeof UploadTelemetry>;

const URL_REASON =
  "Must be an http:// or https:// address, e.g. http://results.example.org/passings (empty: off)";

/** Why `text` cannot be http_url (D14), or null: "" (off) or an http(s) URL with a host, at most 200 characters. */
export function checkHttpUrl(text: string): string | null {
  if (text === "") return null;
  if (text.length > UPLOAD.maxUrlLength) return `At most ${UPLOAD.maxUrlLength} characters`;
  if (/\s/.test(text)) return "Must not contain spaces";
  if (!/^https?:\/\/[^/?#]/i.test(text)) return URL_REASON;
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(text);
  } catch {
    return URL_REASON;
  }
  if (!url.hostname) return "Must name a host, e.g. http://results.example.org/passings";
  if (url.port === "0") return "Port 0 is not a port a server listens on";
  return null;
}

/** Where the credentials of an http(s) URL are: [start, end) of the userinfo before its `@`, or null. */
function userinfo(text: string): { start: number; end: number } | null {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(text);
  if (!scheme) return null;
  const start = scheme[0].length;
  const rest = text.slice(start);
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd < 0 ? rest : rest.slice(0, authorityEnd);
  const at = authority.lastIndexOf("@");
  return at < 0 ? null : { start, end: start + at };
}

/** True when the URL carries credentials (`user:password@` or `user@`). */
export function urlHasCredentials(text: string): boolean {
  return userinfo(text) !== null;
}

/** The URL as the unit shows it: a password as `***` (`https://user:***@host/`), a user alone (a token) as `***@`. */
export function maskUrl(text: string): string {
  const where = userinfo(text);
  if (!where) return text;
  const info = text.slice(where.start, where.end);
  const colon = info.indexOf(":");
  const shown = colon < 0 ? UPLOAD.mask : `${info.slice(0, colon)}:${UPLOAD.mask}`;
  return text.slice(0, where.start) + shown + text.slice(where.end);
}

/** The value to store when `sent` is set over `stored`: the stored URL when `sent` is exactly its masked form. */
export function unmaskUrl(sent: string, stored: string): string {
  return sent !== stored && urlHasCredentials(stored) && maskUrl(stored) === sent ? stored : sent;
}
