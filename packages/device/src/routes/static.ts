// The console: files of the built dist (precompressed .gz when accepted, immutable hashed assets), SPA fallback to index.html.
import { readFile, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import type { Context } from "hono";
import { type DeviceApp, fail } from "../http.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

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

/** A request path as a file inside `root`, or null when it is not a plain path within it. */
function fileIn(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\") || decoded.split("/").includes("..")) return null;
  const path = resolve(root, `.${decoded}`);
  return path.startsWith(root + sep) ? path : null;
}

async function send(c: Context, path: string, cache: string): Promise<Response> {
  const headers: Record<string, string> = {
    "Content-Type": TYPES[extname(path).toLowerCase()] ?? "application/octet-stream",
    "Cache-Control": cache,
  };
  const gz = `${path}.gz`;
  const hasGz = await isFile(gz);
  if (hasGz) headers.Vary = "Accept-Encoding";
  const acceptsGzip = /\bgzip\b/i.test(c.req.header("accept-encoding") ?? "");
  if (hasGz && acceptsGzip) {
    headers["Content-Encoding"] = "gzip";
    return c.body(new Uint8Array(await readFile(gz)), 200, headers);
  }
  return c.body(new Uint8Array(await readFile(path)), 200, headers);
}

export function staticRoutes(app: DeviceApp, consoleDist: string): void {
  const root = resolve(consoleDist);
  const index = join(root, "index.html");

  app.on(["GET", "HEAD"], "*", async (c) => {
    const pathname = new URL(c.req.url).pathname;
    const file = pathname === "/" ? null : fileIn(root, pathname);
    if (file && !file.endsWith(".gz") && (await isFile(file))) {
      const hashed = file.startsWith(join(root, "assets") + sep);
      return send(c, file, hashed ? IMMUTABLE : "no-cache");
    }
    if (!(await isFile(index))) return c.html(NOT_BUILT, 200, { "Cache-Control": "no-store" });
    return send(c, index, "no-cache");
  });

  app.all("*", (c) => {
    c.header("Allow", "GET, HEAD");
    return fail(c, 405, `Method ${c.req.method} is not allowed here; the console only answers GET`);
  });
}
