// One unit, one way (issue 19): two spellings of a unit's address are one unit (one request gate, one connection
// state), and switching from a uhf unit to an hf unit never shows or polls the UHF Antennas card.
import type { Page } from "@playwright/test";
import { expect, type RunningDevice, startExtraDevice, test } from "./fixtures.ts";
import { cell, row } from "./fleet-helpers.ts";

const uhfCard = (page: Page) => page.getByRole("heading", { name: "UHF Antennas" });

async function pointAt(page: Page, typed: string): Promise<void> {
  await page.goto("/settings");
  await page.getByLabel("Device address").fill(typed);
  await page.getByRole("button", { name: "Submit" }).click();
}

/** The same from the page on screen, in-app (no new load): the footer's link moves while cards load, so Enter on it. */
async function pointInApp(page: Page, typed: string): Promise<void> {
  await page.getByRole("contentinfo").getByRole("link", { name: "Developer settings" }).press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Settings", exact: true })).toBeVisible();
  await page.getByLabel("Device address").fill(typed);
  await page.getByRole("button", { name: "Submit" }).click();
}

async function addUnit(page: Page, address: string): Promise<void> {
  await page.getByLabel("Unit address").fill(address);
  await page.getByRole("button", { name: "Add unit" }).click();
}

test.describe
  .serial("one unit under two spellings", () => {
    let unit: RunningDevice;
    test.beforeAll(async () => {
      // An ESP32-paced unit (20-80 ms a request): requests from two gates would overlap on it.
      unit = await startExtraDevice({ DEVICE_NAME: "DECODER-B", DEVICE_PROFILE: "esp32" });
    });
    test.afterAll(async () => {
      await unit?.close();
    });

    test("Developer settings' HTTP://127.0.0.1:PORT/ and the fleet's 127.0.0.1:PORT share one gate and one state", async ({
      page,
    }) => {
      const canonical = `http://127.0.0.1:${unit.port}`;
      await pointAt(page, `HTTP://127.0.0.1:${unit.port}/`);
      await expect(page.getByTestId("current-endpoint")).toHaveText(canonical);
      await expect(page.getByTestId("device-name")).toHaveText("DECODER-B");

      await page.getByRole("link", { name: "Fleet" }).click();
      await addUnit(page, `127.0.0.1:${unit.port}`);
      await expect(row(page, "DECODER-B")).toHaveAttribute("data-state", "online");
      // Both stored in the one canonical form.
      const stored = await page.evaluate(() => ({
        rootAPI: JSON.parse(localStorage.getItem("generalSettings") ?? "{}").rootAPI,
        fleet: JSON.parse(localStorage.getItem("fleet") ?? "[]"),
      }));
      expect(stored).toEqual({ rootAPI: canonical, fleet: [canonical] });

      // A cold start on the fleet page: the header's identity and heartbeat, the alarm watch and the fleet's poll
      // all ask the unit at once, under both spellings.
      await unit.hooks.resetStats();
      await page.reload();
      await expect(row(page, "DECODER-B")).toHaveAttribute("data-state", "online");
      await expect(cell(page, "DECODER-B", "battery")).toHaveText(/\d+ %/);
      await expect
        .poll(async () => (await unit.hooks.stats()).requests, { timeout: 15_000 })
        .toBeGreaterThan(8);
      const stats = await unit.hooks.stats();
      expect(stats.maxInFlight).toBeLessThanOrEqual(2);
      expect(stats.maxInFlight).toBeGreaterThan(0);

      // One connection state in the header: the unit's, online.
      await expect(page.getByTestId("connection")).toHaveCount(1);
      await expect(page.getByTestId("connection").getByRole("status")).toHaveText("Online");
      await expect(page.getByTestId("device-name")).toHaveText("DECODER-B");
    });
  });

test.describe("switching from a uhf unit to an hf unit", () => {
  let hf: RunningDevice;
  test.beforeAll(async () => {
    hf = await startExtraDevice({ DEVICE_NAME: "DECODER-HF", DEVICE_MODE: "hf" });
  });
  test.afterAll(async () => {
    await hf?.close();
  });

  test("the fleet's Open and Developer settings' Submit: no UHF Antennas card and no uhf/ports request reaches the hf unit; back on the uhf unit its card returns", async ({
    page,
    device,
  }) => {
    await test.step("the fleet's Open: no UHF Antennas card and no uhf/ports request reaches the hf unit", async () => {
      await page.goto("/telemetry");
      await expect(page.getByTestId("device-mode")).toHaveText("uhf");
      await expect(uhfCard(page)).toBeVisible();

      await page.getByRole("link", { name: "Fleet" }).click();
      await addUnit(page, hf.url);
      await expect(row(page, "DECODER-HF")).toHaveAttribute("data-state", "online");
      await hf.hooks.clearLog();
      // Watch the card from the click on: it must never be drawn for the hf unit, not even for a moment.
      await page.evaluate(() => {
        const w = window as unknown as { uhfCardSeen: boolean };
        w.uhfCardSeen = false;
        new MutationObserver(() => {
          if ([...document.querySelectorAll("h2, h3")].some((h) => h.textContent?.includes("UHF Antennas")))
            w.uhfCardSeen = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
      await row(page, "DECODER-HF").getByRole("button", { name: "Open" }).click();

      await expect(page.getByTestId("device-name")).toHaveText("DECODER-HF");
      await expect(page.getByTestId("device-mode")).toHaveText("hf");
      await expect(page.getByTestId("card-battery")).toContainText("%");
      await expect(uhfCard(page)).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { uhfCardSeen: boolean }).uhfCardSeen)).toBe(
        false,
      );
      const paths = (await hf.hooks.log()).map((e) => e.path);
      expect(paths).toContain("/api/telemetry/battery");
      expect(paths).not.toContain("/api/telemetry/uhf/ports");
    });

    await test.step("Developer settings' Submit: the same, and back on the uhf unit its card returns", async () => {
      // Back on the worker's uhf unit first (Open chose the hf unit).
      await pointAt(page, "");
      await page.goto("/telemetry");
      await expect(uhfCard(page)).toBeVisible();
      await hf.hooks.clearLog();
      await pointInApp(page, hf.url.toUpperCase());
      await expect(page.getByTestId("device-name")).toHaveText("DECODER-HF");
      await page.getByRole("link", { name: "Telemetry" }).click();
      await expect(page.getByTestId("device-mode")).toHaveText("hf");
      await expect(page.getByTestId("card-battery")).toContainText("%");
      await expect(uhfCard(page)).toHaveCount(0);
      const paths = (await hf.hooks.log()).map((e) => e.path);
      expect(paths).toContain("/api/telemetry/battery");
      expect(paths).not.toContain("/api/telemetry/uhf/ports");

      // Put the console back on the worker's unit: its mode comes back with it.
      await pointInApp(page, "");
      await expect(page.getByTestId("current-endpoint")).toContainText(device.url);
      await page.getByRole("link", { name: "Telemetry" }).click();
      await expect(page.getByTestId("device-mode")).toHaveText("uhf");
      await expect(uhfCard(page)).toBeVisible();
    });
  });
});
