// temporary
import { expect, startExtraDevice, test } from "./fixtures.ts";

test("hooks", async ({ device }) => {
  expect((await device.hooks.stats()).requests).toBeGreaterThan(0);
  expect(await device.hooks.log()).toHaveLength(1);
  await device.hooks.fault({ path: "/api/x", status: 500, count: 1 });
  await device.hooks.resetStats();
  const extra = await startExtraDevice({ DEVICE_MODE: "hf" });
  const r = await fetch(`${extra.url}/api/config/deviceName`);
  expect(await r.json()).toMatchObject({ mode: "hf" });
  await extra.close();
});
test("page error fails", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error("boom");
    }, 0),
  );
  await page.waitForTimeout(200);
});
