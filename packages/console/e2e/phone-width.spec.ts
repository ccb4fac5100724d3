// On a phone (375 px wide) the fleet's table with polled and broker rows scrolls inside its own box, the unit's name kept
// in view, and the page is no wider than the screen (every page at that width, its data in: a11y.spec's sweep).
import type { Page } from "@playwright/test";
import type { RunningBroker } from "@trc/device";
import { expect, type RunningDevice, startExtraDevice, test } from "./fixtures.ts";
import { addBroker, type BrokerUnit, startBrokerOf, startBrokerUnit } from "./fleet-broker-helpers.ts";
import { cell, row, rows } from "./fleet-helpers.ts";

const PHONE = { width: 375, height: 800 };

/** The page's width: what the browser would let the user scroll sideways to. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe("phone width", () => {
  test.use({ viewport: PHONE });
  let broker: RunningBroker;
  let unit: BrokerUnit;
  let polled: RunningDevice;
  test.beforeAll(async () => {
    broker = await startBrokerOf("aedes");
    [unit, polled] = await Promise.all([
      startBrokerUnit(broker, "FINISH-LINE-WITH-A-LONG-NAME", "finish-long"),
      startExtraDevice({ DEVICE_NAME: "SPLIT-2" }),
    ]);
  });
  test.afterAll(async () => {
    await Promise.all([unit?.close(), polled?.close()]);
    await broker?.close();
  });

  test("the fleet with polled and broker rows is no wider than a 375 px screen; its table scrolls in its box", async ({
    page,
  }) => {
    await page.goto("/fleet");
    await page.getByLabel("Unit address").fill(polled.url);
    await page.getByRole("button", { name: "Add unit" }).click();
    await addBroker(page, broker.wsUrl);
    await expect(row(page, "SPLIT-2")).toHaveAttribute("data-state", "online");
    await expect(row(page, unit.name)).toHaveAttribute("data-state", "online");
    await expect(cell(page, unit.name, "seen")).toHaveText(/^\d+$/);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    // The table scrolls in its box; scrolled to its end, the unit's name is still on screen.
    const box = page.getByRole("table").locator("..");
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    const name = await row(page, unit.name).getByText(unit.name, { exact: true }).boundingBox();
    expect(name?.x).toBeGreaterThanOrEqual(0);
    expect((name?.x ?? 0) + (name?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await expect(rows(page)).toHaveCount(3);
  });
});
