// Shared steps of the Ready check specs: a healthy unit (reads on every antenna, clock right, link up), the dashboard
// opened on the unit's clock, the Ready panel and its items.
import type { Page } from "@playwright/test";
import { asked, nextWatch } from "./alarms-helpers.ts";
import { type Device, expect, installClocks } from "./fixtures.ts";
import { firstSyncDone } from "./telemetry-helpers.ts";

export const readyPanel = (page: Page) => page.getByRole("region", { name: "Ready check" });
export const verdict = (page: Page) => readyPanel(page).getByTestId("ready-verdict");
export const item = (page: Page, id: string) =>
  readyPanel(page).locator(`[data-testid="ready-item"][data-item="${id}"]`);
export const reason = (page: Page, id: string) => item(page, id).getByTestId("ready-reason");
export const value = (page: Page, id: string) => item(page, id).getByTestId("ready-value");

/**
 * Makes the unit healthy for the check: its device clock on its host clock (no offset), the link to the server held
 * up (Left 0), and tags passing every antenna for 10 minutes (each tag read 3–5 times on all three), so every
 * channel's Reads grows.
 */
export async function healthyUnit(device: Device): Promise<void> {
  await device.hooks.scenario({ clockOffsetMs: 0, serverDown: false });
  await device.hooks.massStart({ tags: 3000, seconds: 600, readsPerTag: [3, 5], antennas: [3, 3] });
}

/**
 * Opens the dashboard of a healthy unit on the unit's clock (installClocks: running naturally), race length 1 h, its
 * timing program marked not needed (it boots in test mode; the item's rules are proven in readyRules.test.ts), and
 * waits until the check says Ready: the watch's second reading of uhf/ports, 31 s of reads later, shows every antenna
 * reading.
 */
export async function openReady(page: Page, device: Device): Promise<void> {
  await healthyUnit(device);
  await device.hooks.clearLog();
  await installClocks(page, device);
  await page.goto("/");
  await readyPanel(page).getByRole("spinbutton", { name: "Race length (hours)" }).fill("1");
  await readyPanel(page).getByRole("checkbox", { name: "Timing program not needed for this unit" }).check();
  await expect.poll(() => asked(device, "uhf/ports")).toBeGreaterThan(0);
  await firstSyncDone(page);
  await nextWatch(page, device, "uhf/ports");
  await expect(verdict(page)).toHaveText("Ready");
}

/** On the Ready check of a Ready unit (openReady): its storage at 85 %, Not ready, and Storage's reason says why. */
export async function storageFull(page: Page, device: Device): Promise<void> {
  await device.hooks.scenario({ storagePercent: 85 });
  await nextWatch(page, device, "storage");
  await expect(verdict(page)).toHaveText("Not ready");
  await expect(reason(page, "storage")).toHaveText("85 % used (80 % or more)");
}
