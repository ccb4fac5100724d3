// Keyboard only: the skip link, focus and announcement after a route change, and every task done with keys alone.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FileChooser, Locator, Page } from "@playwright/test";
import { COMMAND_SEND_DELAY_MS, makeTestImage } from "@trc/protocol";
import { commandRow, historyEntries } from "./commands-helpers.ts";
import { expectHighlight } from "./configuration-helpers.ts";
import { advanceClocks, expect, installClocks, test } from "./fixtures.ts";

/** The emulated unit applies a complete firmware image this long before it reboots (DEVICE_FIRMWARE_APPLY_MS). */
const FIRMWARE_APPLY_MS = 2_000;

/**
 * Where `target` is in the page's tab order from the focused element: 0 when it has focus, +n when n presses of Tab
 * should reach it, -n for Shift+Tab; null when nothing is focused (the browser then starts from where focus last was).
 * An estimate (document order of what is tabbable, one stop per radio group): the presses are checked after.
 */
function tabDistance(target: Element): number | null {
  const active = document.activeElement;
  if (active === target) return 0;
  if (!active || active === document.body) return null;
  const radioGroups = new Set<string>();
  const stops = [
    ...document.querySelectorAll<HTMLElement>(
      "a[href], button, input, select, textarea, summary, [tabindex], [contenteditable='true']",
    ),
  ].filter((el) => {
    if (el.tabIndex < 0 || el.matches(":disabled") || el.closest("[inert]")) return false;
    if (!el.checkVisibility({ visibilityProperty: true })) return false;
    if (el instanceof HTMLInputElement && el.type === "radio" && el.name) {
      const group = document.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${el.name}"]`);
      const stop = [...group].find((r) => r.checked) ?? group[0];
      if (stop !== el || radioGroups.has(el.name)) return false;
      radioGroups.add(el.name);
    }
    return true;
  });
  const follows = (a: Node, b: Node) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
  if (follows(active, target))
    return stops.filter((el) => follows(active, el) && (el === target || follows(el, target))).length;
  return -stops.filter((el) => follows(el, active) && (el === target || follows(target, el))).length;
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. The presses its place in the tab
 * order asks for go in a row, then focus is checked (and corrected); `back` is the way to go while nothing has focus.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  const element = await target.elementHandle();
  if (!element) throw new Error(`${target} is not in the page`);
  let pressed = 0;
  while (pressed < max) {
    const distance = await element.evaluate(tabDistance);
    if (distance === 0) return;
    const n = distance === null ? (back ? -1 : 1) : distance;
    for (let i = 0; i < Math.abs(n) && pressed < max; i++, pressed++) {
      await page.keyboard.press(n < 0 ? "Shift+Tab" : "Tab");
    }
  }
  throw new Error(`${target} did not take focus within ${max} Tab presses`);
}

const navLink = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name, exact: true });

/** Goes to a page by its navigation link with the keyboard (the navigation is behind the page's content). */
async function keyTo(page: Page, name: string): Promise<void> {
  await tabTo(page, navLink(page, name), { back: true });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name })).toBeFocused();
}

test("the keyboard reaches every page (the skip link first, each navigation link focuses and announces its page) and does every task: a command, a file deleted, a firmware load, a setting saved and put back", async ({
  page,
  device,
}) => {
  test.setTimeout(90_000);
  // The page and the unit on one clock: the command's 2 s before it is sent and the unit's time to apply the image
  // are passed over on both instead of waited for.
  await installClocks(page, device);
  const name = "keyboard-delete.txt";
  await writeFile(join(device.dataDir, "files", name), "k".repeat(100));
  // Listening for the file chooser before the page opens: Playwright turns the browser's interception of file
  // dialogs on when a listener is added, without waiting; added just before the key press, on a loaded machine the
  // dialog could open before the interception was on, and no chooser came.
  const chooser = new Promise<FileChooser>((chosen) => page.once("filechooser", chosen));

  await page.goto("/telemetry");

  await test.step("the skip link is the first tab stop and takes focus to the page's heading", async () => {
    await expect(page.getByRole("heading", { level: 1, name: "Telemetry" })).toBeVisible();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Telemetry" })).toBeFocused();
    await expect(page).toHaveURL(/\/telemetry$/);
  });

  await test.step("following a navigation link moves focus to the new page's h1 and announces it", async () => {
    for (const name of ["Commands", "Files", "Configuration", "Firmware", "Telemetry"]) {
      // From the previous page's h1 the navigation is behind: Shift+Tab reaches it without crossing the page.
      await tabTo(page, navLink(page, name), { back: true });
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { level: 1, name })).toBeFocused();
      await expect(page.getByTestId("route-announcement")).toHaveText(`${name} page`);
    }
  });

  await page.goto("/commands");

  await test.step("executes a command with the keyboard only", async () => {
    // Past the header and the navigation by the skip link, then into the command list.
    const heading = page.getByRole("heading", { level: 1, name: "Commands" });
    await expect(heading).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(heading).toBeFocused();
    await tabTo(page, commandRow(page, "Identify antennas"));
    await page.keyboard.press("Enter");
    await tabTo(page, page.getByRole("region", { name: "Execute" }).getByRole("button", { name: "Execute" }));
    await page.keyboard.press("Enter");
    await advanceClocks(page, device, COMMAND_SEND_DELAY_MS);
    await expect(historyEntries(page).first()).toContainText("200 Success", { timeout: 10_000 });
    await expect(page.getByTestId("command-announcement")).toHaveText(
      "Identify antennas answered: 200 Success",
    );
  });

  await test.step("deletes a file with the keyboard only", async () => {
    await keyTo(page, "Files");
    const del = page.getByRole("button", { name: `Delete ${name}` });
    await tabTo(page, del);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Delete file?" });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole("button", { name: "Delete" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  });

  // The unit reboots into the image loaded (the next test's reset puts its firmware back) and is back at the end.
  await test.step("runs a firmware load with the keyboard only", async () => {
    await keyTo(page, "Firmware");
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
    // Every byte is in: the unit applies the image and reboots (its delay passed over on both clocks).
    await advanceClocks(page, device, FIRMWARE_APPLY_MS);
    await tabTo(page, page.getByRole("button", { name: "Finalize" }));
    await page.keyboard.press("Enter");
    await expect(page.getByText("That is the version of the image you loaded.")).toBeVisible({
      timeout: 30_000,
    });
  });

  // Last: its input is deep in the page, far from the navigation.
  await test.step("saves a setting with the keyboard only, then puts it back", async () => {
    await keyTo(page, "Configuration");
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
});
