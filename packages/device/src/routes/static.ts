// The console: files of the built dist (@hono/node-server's serveStatic: precompressed .gz when accepted), hashed
// assets immutable, index.html no-cache, and every other GET outside /api answers index.html (SPA fallback).
import { stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";
import { type DeviceApp, fail } from "../http.ts";

export const IMMUTABLE = "public, max-age=31536000, immutable";

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>TRC | console not built</title></head>
<body><h1>Timing Reader Console</h1>
<p>The device is running, but the console has not been built. Run <code>npm run build</code> at the repository root, then reload this page.</p>
<p>The device API is under <code>/api/</code>.</p></body></html>
`;

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}

export function staticRoutes(app: DeviceApp, consoleDist: string): void {
  const root = resolve(consoleDist);
  // serveStatic refuses (and passes on to the fallback) a path with "..", a backslash, "//" or an encoded "%".
  // Made on the first request with a built console: serveStatic warns on stderr when its root is missing.
  let made: Record<"files" | "index", MiddlewareHandler> | null = null;
  const serve = () =>
    (made ??= {
      files: serveStatic({ root, precompressed: true }),
      index: serveStatic({ root, path: "index.html", precompressed: true }),
    });

  app.on(
    ["GET", "HEAD"],
    "*",
    async (c, next) => {
      // Checked on each request: the console may be built while the unit runs.
      if (!(await isFile(join(root, "index.html")))) {
        return c.html(NOT_BUILT, 200, { "Cache-Control": "no-store" });
      }
      c.header("Cache-Control", c.req.path.startsWith("/assets/") ? IMMUTABLE : "no-cache");
      return serve().files(c, next);
    },
    (c, next) => {
      c.header("Cache-Control", "no-cache");
      return serve().index(c, next);
    },
  );

  app.all("*", (c) => {
    c.header("Allow", "GET, HEAD");
    return fail(c, 405, `Method ${c.req.method} is not allowed here; the console only answers GET`);
  });
}
