// Test helper: HTTP requests on loopback whose body is held back (sent later, trickled, or never), as an attacker's would be.
import { request } from "node:http";
import type { AnyJson } from "../helpers.ts";

export interface HeldAnswer {
  status: number;
  body: AnyJson;
  retryAfter: string | null;
}

export interface HeldRequest {
  /** Sends the whole body and ends the request. */
  sendBody(): void;
  /** Sends part of the body (the request stays open). */
  write(text: string): void;
  /** Drops the connection. */
  abort(): void;
  /** The answer; rejects when the connection is closed without one. */
  answer: Promise<HeldAnswer>;
}

/** A POST of `body` (JSON) to `base + path`: the headers leave now, the body when asked. */
export function holdRequest(base: string, path: string, body: string): HeldRequest {
  const req = request(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
  });
  const answer = new Promise<HeldAnswer>((resolve, reject) => {
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        text += d;
      });
      res.on("end", () => {
        let parsed: AnyJson = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON
        }
        const retryAfter = res.headers["retry-after"];
        resolve({ status: res.statusCode ?? 0, body: parsed, retryAfter: retryAfter ?? null });
      });
    });
    req.on("error", reject);
  });
  answer.catch(() => {});
  req.flushHeaders();
  return {
    sendBody: () => req.end(body),
    write: (text) => req.write(text),
    abort: () => req.destroy(),
    answer,
  };
}
