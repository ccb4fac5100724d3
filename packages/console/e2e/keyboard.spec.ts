// Keyboard only: the skip link, focus and announcement after a route change, and every task done with keys alone.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FileChooser, Locator, Page } from "@playwright/test";
import { makeTestImage } from "@trc/protocol";
import { commandRow, historyEntries } from "./commands-helpers.ts";
import { expectHighlight } from "./configuration-helpers.ts";
import { expect, startExtraDevice, test } from "./fixtures.ts";

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${target} did not take focus within ${max} Tab presses`);
}

test("the skip link is the first tab stop and takes focus to the page's heading", async ({ page }) => {
  await page.goto("/telemetry");
  await expect(page.getByRole("heading", { level: 1, name: "Telemetry" })).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Telemetry" })).toBeFocused();
  await expect(page).toHaveURL(/\/telemetry$/);
});

test("following a navigation link moves focus to the new page's h1 and announces it", async ({ page }) => {
  await page.goto("/telemetry");
  const nav = page.getByRole("navigation", { name: "Pages" });
  for (const name of ["Commands", "Files", "Configuration", "Firmware", "Telemetry"]) {
    // From the previous page's h1 the navigation is behind: Shift+Tab reaches it without crossing the page.
    await tabTo(page, nav.getByRole("link", { name, exact: true }), { back: name !== "Commands" });
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name })).toBeFocused();
    await expect(page.getByTestId("route-announcement")).toHaveText(`${name} page`);
  }
});

test("executes a command with the keyboard only", async ({ page }) => {
  await page.goto("/commands");
  await tabTo(page, commandRow(page, "Identify antennas"));
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByRole("region", { name: "Execute" }).getByRole("button", { name: "Execute" }));
  await page.keyboard.press("Enter");
  await expect(historyEntries(page).first()).toContainText("200 Success", { timeout: 10_000 });
  await expect(page.getByTestId("command-announcement")).toHaveText(
    "Identify antennas answered: 200 Success",
  );
});

test("saves a setting with the keyboard only, then puts it back", async ({ page }) => {
  await page.goto("/configuration");
  const input = page.getByRole("textbox", { name: "MQTT client id" });
  await expect(input).toBeVisible();
  const before = await input.inputValue();
  for (const value of ["ONET-KEYS", before]) {
    await tabTo(page, input);
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(value);
    await page.keyboard.press("Enter");
    await expectHighlight(input, "saved");
    await expect(page.getByText(`Current: ${value}`, { exact: true })).toBeVisible();
  }
});

test("deletes a file with the keyboard only", async ({ page, device }) => {
  const name = "keyboard-delete.txt";
  await writeFile(join(device.dataDir, "files", name), "k".repeat(100));
  await page.goto("/files");
  const del = page.getByRole("button", { name: `Delete ${name}` });
  await tabTo(page, del);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Delete file?" });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole("button", { name: "Delete" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});

test("runs a firmware load with the keyboard only", async ({ page }) => {
  test.setTimeout(90_000);
  // A unit of its own: the load changes its firmware, so the shared unit is left as it was.
  const unit = await startExtraDevice({ DEVICE_REBOOT_MS: "1500" });
  try {
    // Listening for the file chooser before the page opens: Playwright turns the browser's interception of file
    // dialogs on when a listener is added, without waiting; added just before the key press, on a loaded machine the
    // dialog could open before the interception was on, and no chooser came.
    const chooser = new Promise<FileChooser>((chosen) => page.once("filechooser", chosen));
    await page.goto(`${unit.url}/firmware`);
    await tabTo(page, page.locator('input[type="file"]'));
    await page.keyboard.press("Space");
    const bytes = makeTestImage({ size: 3 * 4096 + 100, version: "7.7.7-keys" });
    await (await chooser).setFiles({
      name: "keys.bin",
      mimeType: "application/octet-stream",
      buffer: Buffer.from(bytes),
    });
    await expect(page.getByTestId("image-version")).toHaveText("7.7.7-keys");
    await tabTo(page, page.getByRole("button", { name: "Load Firmware" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Finalize" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("firmware-announcement")).toHaveText(
      "Firmware update: loaded, ready to finalize",
    );
    await tabTo(page, page.getByRole("button", { name: "Finalize" }));
    await page.keyboard.press("Enter");
    await expect(page.getByText("That is the version of the image you loaded.")).toBeVisible({
      timeout: 30_000,
    });
  } finally {
    await unit.close();
  }
});
