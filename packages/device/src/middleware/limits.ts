// Request body size limits: 16 kB of JSON on every API call, 64 kB for a firmware chunk (413 beyond).
import { API } from "@trc/protocol";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { fail } from "../http.ts";

export const JSON_LIMIT = 16 * 1024;
export const CHUNK_LIMIT = 64 * 1024;

export function bodyLimits(): MiddlewareHandler {
  const tooLarge = (max: number) =>
    bodyLimit({ maxSize: max, onError: (c) => fail(c, 413, `The body is larger than ${max / 1024} kB`) });
  const json = tooLarge(JSON_LIMIT);
  const chunk = tooLarge(CHUNK_LIMIT);
  return (c, next) => (c.req.path === API.firmwareUpdate ? chunk(c, next) : json(c, next));
}
