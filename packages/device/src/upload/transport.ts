// One post over real HTTP (D14): node's http or https, a new connection each post, the answer's 10 s on the unit's
// clock, at most 64 kB of an answer read (then the connection is dropped: the status decides), credentials in the URL
// sent as Basic authorization, and a name that resolves to the unit itself refused before connecting.
import { lookup as dnsLookup } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { UPLOAD } from "@trc/protocol";
import type { Clock } from "../clock/clock.ts";
import { errorWords, NO_ANSWER, SELF, statusWords } from "./answer-words.ts";
import { plainHost, urlPort } from "./self-address.ts";
import type { PostResult } from "./sender.ts";

export interface PostRequest {
  url: string;
  contentType: string;
  headers: Record<string, string>;
  body: string;
}

export interface TransportOptions {
  /** The unit's clock: the answer's timeout runs on it. */
  clock: Pick<Clock, "setTimeout" | "clearTimeout">;
  /** Resolves names (default the system's); tests give their own. */
  lookup?: LookupFunction;
  /** True when an address a name resolved to, with the URL's port, is the unit itself. */
  isSelf?: (address: string, port: number) => boolean;
  timeoutMs?: number;
  maxAnswerBytes?: number;
}

const SELF_CODE = "ETRC_SELF";

/** A URL's percent-encoded user or password as text (as typed when it does not decode). */
function urlPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** A lookup that fails with SELF_CODE when the name resolves to the unit itself. */
function guardedLookup(
  base: LookupFunction,
  port: number,
  isSelf: TransportOptions["isSelf"],
): LookupFunction {
  return (hostname, options, callback) => {
    base(hostname, options, (err, address, family) => {
      const all = typeof address === "string" ? [{ address }] : (address ?? []);
      if (!err && isSelf && all.some((a) => isSelf(a.address, port))) {
        callback(Object.assign(new Error(SELF), { code: SELF_CODE }), address, family);
        return;
      }
      callback(err, address, family);
    });
  };
}

export function postOverHttp(
  request: PostRequest,
  signal: AbortSignal,
  options: TransportOptions,
): Promise<PostResult> {
  const { clock } = options;
  const timeoutMs = options.timeoutMs ?? UPLOAD.answerTimeoutMs;
  const cap = options.maxAnswerBytes ?? UPLOAD.maxAnswerBytes;
  return new Promise<PostResult>((resolve) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      resolve({ ok: false, error: "http_url is not a URL" });
      return;
    }
    const port = urlPort(url);
    const body = Buffer.from(request.body, "utf8");
    let answer: IncomingMessage | null = null;
    let said = "";
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clock.clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      resolve(result);
    };
    /** The answer's outcome: its status decides (2xx acknowledges), whatever became of its body. */
    const answered = (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const location = typeof res.headers.location === "string" ? res.headers.location : undefined;
      finish(
        status >= 200 && status < 300
          ? { ok: true }
          : { ok: false, error: statusWords(status, res.statusMessage, location, said) },
      );
    };
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const auth =
      url.username || url.password ? `${urlPart(url.username)}:${urlPart(url.password)}` : undefined;
    let req: ReturnType<typeof send>;
    try {
      req = send(
        {
          hostname: plainHost(url.hostname),
          port,
          path: `${url.pathname}${url.search}`,
          method: "POST",
          agent: false,
          ...(auth === undefined ? {} : { auth }),
          lookup: guardedLookup(options.lookup ?? (dnsLookup as LookupFunction), port, options.isSelf),
          headers: {
            ...request.headers,
            "Content-Type": request.contentType,
            "Content-Length": String(body.length),
            Connection: "close",
            "User-Agent": "trc-unit",
          },
        },
        (res) => {
          answer = res;
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            if (said.length < 256) said += chunk.toString("utf8", 0, Math.min(chunk.length, 256));
            size += chunk.length;
            // More than the unit reads of an answer: the rest is not wanted.
            if (size > cap) {
              req.destroy();
              answered(res);
            }
          });
          res.on("end", () => answered(res));
          res.on("error", () => answered(res));
          res.on("aborted", () => answered(res));
        },
      );
    } catch (error) {
      resolve({ ok: false, error: errorWords(error) });
      return;
    }
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (answer) answered(answer);
      else finish({ ok: false, error: error.code === SELF_CODE ? SELF : errorWords(error) });
    });
    const timer = clock
      .setTimeout(() => {
        req.destroy();
        if (answer) answered(answer);
        else finish({ ok: false, error: NO_ANSWER });
      }, timeoutMs)
      .unref();
    const onAbort = () => {
      req.destroy();
      finish({ ok: false, error: "stopped" });
    };
    signal.addEventListener("abort", onAbort, { once: true });
    if (signal.aborted) onAbort();
    else req.end(body);
  });
}
