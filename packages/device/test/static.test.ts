// The console files: SPA fallback, precompressed gzip, cache headers, CSP and the not-built page.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestDevice, type TestDevice, tempDir } from "./helpers.ts";

const INDEX = "<!doctype html><title>TRC</title><div id=root></div>";
const SCRIPT = "console.log('app');".repeat(50);

let dev: TestDevice;
let dist: string;
beforeAll(async () => {
  dist = join(await tempDir("trc-dist-"), "dist");
  await mkdir(join(dist, "assets"), { recursive: true });
  await writeFile(join(dist, "index.html"), INDEX);
  await writeFile(join(dist, "index.html.gz"), gzipSync(INDEX));
  await writeFile(join(dist, "assets", "index-abc123.js"), SCRIPT);
  await writeFile(join(dist, "assets", "index-abc123.js.gz"), gzipSync(SCRIPT));
  await writeFile(join(dist, "favicon.svg"), "<svg/>");
  dev = await startTestDevice({ consoleDist: dist });
});
afterAll(() => dev.dispose());

it("answers index.html for every route (SPA fallback) with no-cache and the security headers", async () => {
  for (const path of ["/", "/commands", "/configuration", "/no/such/page", "/assets/missing.js"]) {
    const res = await dev.call(path);
    expect(res.status, path).toBe(200);
    expect(await res.text()).toBe(INDEX);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src *; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  }
});

it("serves hashed assets as immutable, gzip when accepted", async () => {
  const res = await fetch(`${dev.url}/assets/index-abc123.js`, { headers: { "Accept-Encoding": "gzip" } });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(res.headers.get("content-encoding")).toBe("gzip");
  expect(res.headers.get("vary")).toMatch(/Accept-Encoding/);
  expect(res.headers.get("content-type")).toMatch(/javascript/);
  expect(await res.text()).toBe(SCRIPT);
});

it("serves the plain file to a client that does not accept gzip", async () => {
  const http = await import("node:http");
  const { status, headers, body } = await new Promise<{
    status: number;
    headers: Record<string, unknown>;
    body: string;
  }>((done, fail) => {
    http
      .get(`${dev.url}/assets/index-abc123.js`, (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (c: string) => (text += c));
        res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      })
      .on("error", fail);
  });
  expect(status).toBe(200);
  expect(headers["content-encoding"]).toBeUndefined();
  expect(body).toBe(SCRIPT);
});

it("does not serve files outside the dist folder", async () => {
  for (const path of [
    "/..%2f..%2fpackage.json",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/assets/..%5c..%5cindex.html",
  ]) {
    const res = await dev.call(path);
    expect(await res.text()).toBe(INDEX);
  }
  expect(await (await dev.call("/favicon.svg")).text()).toBe("<svg/>");
});

it("answers 405 to other methods outside /api", async () => {
  expect((await dev.call("/commands", { method: "POST" })).status).toBe(405);
});

it("says to build the console when there is no index.html", async () => {
  const bare = await startTestDevice({ consoleDist: join(dist, "missing") });
  try {
    const res = await bare.call("/");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("npm run build");
  } finally {
    await bare.dispose();
  }
});
