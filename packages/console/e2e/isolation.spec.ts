// The worker's browser context is reused between tests (playwright.config.ts): the next test starts with nothing the
// last one left in it: storage, cookies, the page's clock, init scripts, routes, the network switched off.
import { expect, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });

const LEFT = "trc-isolation-left";
const FAKE_TIME = Date.UTC(2001, 0, 1);

test("a test leaves storage, a cookie, a fake clock, an init script, a route and the network off behind", async ({
  page,
  context,
  device,
}) => {
  await context.addCookies([{ name: LEFT, value: "1", url: device.url }]);
  await context.addInitScript((key) => {
    (window as unknown as Record<string, unknown>)[key] = true;
  }, LEFT);
  await page.clock.install({ time: FAKE_TIME });
  await page.route("**/api/config/deviceName", (route) => route.fulfill({ status: 418, body: "left" }));
  await page.goto("/settings");
  await page.evaluate((key) => {
    localStorage.setItem(key, "1");
    sessionStorage.setItem(key, "1");
  }, LEFT);
  expect(await page.evaluate(() => Date.now())).toBeLessThan(FAKE_TIME + 60_000);
  await context.setOffline(true);
});

test("the next test on the worker's context finds none of it", async ({ page, context, device }) => {
  await page.goto("/settings");
  const seen = await page.evaluate(
    async (key) => ({
      local: localStorage.getItem(key),
      session: sessionStorage.getItem(key),
      cookie: document.cookie.includes(key),
      initScript: key in window,
      online: navigator.onLine,
      now: Date.now(),
      deviceName: (await fetch("/api/config/deviceName")).status,
    }),
    LEFT,
  );
  expect(seen).toMatchObject({ local: null, session: null, cookie: false, initScript: false, online: true });
  expect(seen.deviceName).toBe(200);
  expect(Math.abs(seen.now - Date.now())).toBeLessThan(60_000);
  expect(await context.cookies(device.url)).toEqual([]);
});
