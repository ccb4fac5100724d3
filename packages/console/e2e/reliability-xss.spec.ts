// Device strings are always text: file names, configuration values, the device name and answer bodies with markup show literally and never run.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { COMMAND_SEND_DELAY_MS } from "@trc/protocol";
import { commandRow, executeButton, expectOutcome, historyEntries } from "./commands-helpers.ts";
import { advanceClocks, expect, installClocks, test } from "./fixtures.ts";

const IMG = "<img src=x onerror=window.__pwned=1>";
const SCRIPT = "<script>window.__pwned=2</script>";
const SVG = '"><svg onload=window.__pwned=3>';

/** Nothing a device string carried became an element, and no injected code ran. */
async function expectNoInjection(page: Page) {
  expect(await page.locator('img[src="x"], svg[onload], iframe').count()).toBe(0);
  const scripts = await page
    .locator("script")
    .evaluateAll((list) => list.filter((s) => (s.textContent ?? "").includes("__pwned")).length);
  expect(scripts).toBe(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
}

test.describe("device strings rendered as text", () => {
  test.beforeEach(async ({ page }) => {
    page.on("dialog", (d) => {
      throw new Error(`unexpected dialog: ${d.message()}`);
    });
  });

  test("one visit through telemetry, files, configuration and commands: every device string with markup shows literally", async ({
    page,
    device,
  }) => {
    const navLink = (name: string) => page.getByRole("navigation").getByRole("link", { name, exact: true });
    // The page and the unit on one clock: the command's 2 s before it is sent is passed over on both.
    await installClocks(page, device);

    await test.step("a device name and telemetry fields with markup, and an error body with markup", async () => {
      // The device name is read as the console loads: the faults are in place before the first page load.
      await device.hooks.fault({
        path: "/api/config/deviceName",
        status: 200,
        count: 50,
        body: { deviceName: IMG, mode: "uhf" },
      });
      await device.hooks.fault({
        path: "/api/telemetry/firmware",
        status: 200,
        count: 5,
        body: { version: SCRIPT, compileTime: IMG, partition: 0, otaWatchDog: "INACTIVE" },
      });
      await device.hooks.fault({
        path: "/api/telemetry/storage",
        status: 500,
        count: 5,
        body: { error: SVG },
      });
      try {
        await page.goto("/telemetry");
        await expect(page.getByTestId("device-name")).toHaveText(IMG);
        await expect(page).toHaveTitle(`TRC | ${IMG}`);
        const firmware = page.getByRole("region", { name: "Firmware" });
        await expect(firmware).toContainText(SCRIPT);
        await expect(firmware).toContainText(IMG);
        await expect(page.getByRole("region", { name: "Storage" }).getByTestId("card-error")).toContainText(
          JSON.stringify(SVG).slice(1, -1),
        );
        await expectNoInjection(page);
      } finally {
        await device.hooks.clearFaults();
      }
    });

    await test.step("a file name with markup is shown literally on the files page", async () => {
      await writeFile(join(device.dataDir, "files", `${IMG}.csv`), "tag,bib\n");
      await writeFile(join(device.dataDir, "files", `${SVG}.log`), "x");
      await navLink("Files").click();
      await expect(page.getByRole("cell", { name: `${IMG}.csv`, exact: true })).toBeVisible();
      await expect(page.getByRole("cell", { name: `${SVG}.log`, exact: true })).toBeVisible();
      await expectNoInjection(page);
    });

    await test.step("configuration values with markup show literally as 'Current: ...'", async () => {
      // SSIDs take 1-32 bytes of any printable text (issue 23): markup that fits. The defaults are put back after.
      const script = "<script>__pwned=2</script>";
      const img = "<img src=x onerror=__pwned=1>";
      for (const [key, value] of [
        ["sta_ssid", script],
        ["ap_ssid", img],
      ]) {
        const res = await page.request.post(`${device.url}/api/config/set`, {
          data: { key, value, time: new Date().toISOString() },
        });
        expect(res.status()).toBe(200);
      }
      await navLink("Configuration").click();
      await expect(page.getByText(`Current: ${script}`, { exact: true })).toBeVisible();
      await expect(page.getByText(`Current: ${img}`, { exact: true })).toBeVisible();
      await expectNoInjection(page);
      for (const [key, value] of [
        ["sta_ssid", "TimingNet"],
        ["ap_ssid", "DECODER-AP"],
      ]) {
        const res = await page.request.post(`${device.url}/api/config/set`, {
          data: { key, value, time: new Date().toISOString() },
        });
        expect(res.status()).toBe(200);
      }
    });

    await test.step("a command answer with markup shows literally in the history", async () => {
      const body = `${SCRIPT} ${IMG}`;
      await device.hooks.fault({ path: "/api/commands/execute", status: 400, count: 1, body });
      try {
        await navLink("Commands").click();
        await commandRow(page, "Identify antennas").click();
        await executeButton(page).click();
        const entry = historyEntries(page).first();
        await expect(entry).toContainText("Not sent yet");
        await advanceClocks(page, device, COMMAND_SEND_DELAY_MS);
        await expectOutcome(entry, "400 Bad Arg", 10_000);
        await expect(entry.locator("pre")).toContainText(body);
        await expectNoInjection(page);
      } finally {
        await device.hooks.clearFaults();
      }
    });
  });
});
