// Security headers on the real build the device serves: CSP without inline script (and the app obeys it), nosniff, cache rules.
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

test("every page runs under the CSP without a violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`Refused to load: Content Security Policy ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  for (const path of [
    "/telemetry",
    "/files",
    "/commands",
    "/configuration",
    "/firmware",
    "/settings",
    "/auth",
  ]) {
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
  }
  expect(violations).toEqual([]);
});
