// Security headers on the real build the device serves: CSP without inline script, nosniff, cache rules. That every
// page runs under this CSP without a violation is checked where each page is loaded by its URL: shell.spec.ts.
import { expect, test } from "./fixtures.ts";

test("index.html: CSP without inline script, nosniff, no-cache; the build has no inline script", async ({
  page,
  device,
}) => {
  const res = await page.request.get(`${device.url}/configuration`);
  expect(res.status()).toBe(200);
  const headers = res.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["cache-control"]).toBe("no-cache");
  const html = await res.text();
  // Every script of the build is a file: an inline one would be refused by the CSP.
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attrs, body] of scripts) {
    expect(attrs).toMatch(/\bsrc=/);
    expect(body?.trim()).toBe("");
  }
  expect(html).not.toMatch(/\son[a-z]+=/i);
  // Hashed assets are cached for a year, immutable.
  const asset = /src="(\/assets\/[^"]+)"/.exec(html)?.[1];
  expect(asset).toBeTruthy();
  const assetRes = await page.request.get(`${device.url}${asset}`);
  expect(assetRes.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(assetRes.headers()["x-content-type-options"]).toBe("nosniff");
});
