// One record per unit (issue 40), one journey: a unit with a low battery and a growing backlog named alike by its own
// dashboard and by another console's Fleet row (the same alarms, the same failing Ready items), on the unit's one
// clock; then a unit heard on a broker, whose row agrees with the same unit polled.
import type { Browser, Locator, Page, Request } from "@playwright/test";
import { panel } from "./alarms-helpers.ts";
import { advanceClocks, type Device, expect, installClocks, test } from "./fixtures.ts";
import { addBroker, startBrokerOf, startBrokerUnit } from "./fleet-broker-helpers.ts";
import { colOf, ownRow, rows } from "./fleet-helpers.ts";
import { readyPanel } from "./ready-helpers.ts";

test.afterEach(async ({ device }) => {
  await device.hooks.clearScenario();
});

/** Tags passing all through the journey, each read once or twice, while the link is down: Left grows with them. */
const BUSY = {
  tags: 1500,
  seconds: 300,
  readsPerTag: [1, 2] as [number, number],
  antennas: [1, 1] as [number, number],
  seed: 3,
};

/** The number in `Backlog growing: N unsent` is Left when each console last read it: the same alarm, read apart. */
const same = (texts: readonly string[]) =>
  texts.map((t) => t.replace(/^Backlog growing: \d+ unsent/, "Backlog growing: N unsent")).toSorted();

const panelAlarms = async (page: Page) =>
  same(await panel(page).getByTestId("alarm").locator(".alarm-text").allTextContents());
const rowAlarms = async (row: Locator) =>
  same(await colOf(row, "alarms").getByRole("listitem").allTextContents());
/** The dashboard's failing Ready items, as the Fleet's Ready column names them. */
const dashboardReady = async (page: Page) => {
  const failing = await readyPanel(page)
    .locator('[data-testid="ready-item"][data-ok="false"] .ready-label')
    .allTextContents();
  return failing.length ? `Not ready: ${failing.join(", ")}` : "Ready";
};

/** A second console: its own browser context (storage, alarm panel), on the unit's clock when `device` is given. */
async function console2(browser: Browser, url: string, device?: Device) {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  if (device) await installClocks(page, device);
  return { page, close: () => context.close() };
}

/**
 * Both consoles' and the unit's clocks one step on, then every request the step set off answered (a jump while one is
 * on its way would fire its timeout: a poll "failed" that never did).
 */
async function step(pages: Page[], device: Device, ms: number): Promise<void> {
  const open = new Set<Request>();
  const start = (r: Request) => open.add(r);
  const end = (r: Request) => open.delete(r);
  for (const p of pages) p.on("request", start).on("requestfinished", end).on("requestfailed", end);
  try {
    await advanceClocks(pages, device, ms);
    // Only the requests this step set off: one already on its way when it began ends as it ends.
    await expect.poll(() => open.size, { intervals: [100] }).toBe(0);
  } finally {
    for (const p of pages) p.off("request", start).off("requestfinished", end).off("requestfailed", end);
  }
}

test("one record per unit: its dashboard and another console's Fleet row name the same alarms and Ready items; a broker row agrees with the same unit polled", async ({
  page,
  browser,
  device,
}) => {
  test.setTimeout(120_000);
  await test.step("a low battery and a growing backlog: the dashboard and the other console's row agree", async () => {
    await device.hooks.scenario({ serverDown: true, batteryPercent: 10 });
    await device.hooks.massStart(BUSY);
    await installClocks(page, device);
    await page.goto("/");
    const fleet = await console2(browser, device.url, device);
    try {
      await fleet.page.goto("/fleet");
      const row = ownRow(fleet.page);
      await expect(colOf(row, "battery")).toHaveText(/^\d+ %$/);
      // Growth for 2 minutes and more with reads coming in, a poll (15 s) at a time, both consoles reading.
      await expect
        .poll(
          async () => {
            await step([page, fleet.page], device, 15_000);
            const here = await panelAlarms(page);
            return (
              here.includes("Backlog growing: N unsent") &&
              (await rowAlarms(row)).includes("Backlog growing: N unsent")
            );
          },
          { timeout: 60_000, intervals: [0] },
        )
        .toBe(true);
      expect(await panelAlarms(page)).toEqual(["Backlog growing: N unsent", "Battery low (10 %)"]);
      expect(await rowAlarms(row)).toEqual(await panelAlarms(page));
      // The Ready column names the dashboard's failing items, Battery and Backlog among them.
      const ready = await dashboardReady(page);
      expect(ready).toMatch(/^Not ready: .*Battery.*Backlog/);
      await expect(colOf(row, "ready")).toHaveText(ready);
      // An acknowledgement on the other console reaches its own row at once.
      await fleet.page.getByRole("button", { name: "Acknowledge Battery low (10 %)" }).click();
      await expect(colOf(row, "alarms").getByRole("listitem")).toContainText([
        "Battery low (10 %) (acknowledged)",
      ]);
    } finally {
      await fleet.close();
    }
  });

  await test.step("a unit heard on a broker: its row and the same unit polled name the same alarms and Ready items", async () => {
    const broker = await startBrokerOf("aedes");
    const unit = await startBrokerUnit(broker, "DECODER-B", "decb");
    const other = await console2(browser, device.url);
    try {
      await fetch(`${unit.url}/api/__test/scenario`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ batteryPercent: 10 }),
      });
      await other.page.goto("/fleet");
      await other.page.getByLabel("Unit address").fill(unit.url);
      await other.page.getByRole("button", { name: "Add unit" }).click();
      await addBroker(other.page, broker.wsUrl);
      const both = rows(other.page).filter({ has: other.page.getByText("DECODER-B", { exact: true }) });
      const polled = both.filter({ has: other.page.locator('[data-col="source"]', { hasText: "Polled" }) });
      const heard = both.filter({ has: other.page.locator('[data-col="source"]', { hasText: "Broker" }) });
      await expect(colOf(polled, "alarms").getByRole("listitem")).toContainText(["Battery low (10 %)"]);
      await expect(colOf(heard, "alarms").getByRole("listitem")).toContainText(["Battery low (10 %)"]);
      expect(await rowAlarms(heard)).toEqual(await rowAlarms(polled));
      await expect(colOf(polled, "ready")).toHaveText(/^Not ready: .*Battery/);
      await expect(colOf(heard, "ready")).toHaveText((await colOf(polled, "ready").textContent()) ?? "");
    } finally {
      await other.close();
      await unit.close();
      await broker.close();
    }
  });
});
