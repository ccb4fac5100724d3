// Shared steps of the alarm specs: the panel, one alarm row, and "let the 30 s watch come round" on Playwright's clock.
import type { Page } from "@playwright/test";
import { type Device, expect } from "./fixtures.ts";

export const panel = (page: Page) => page.getByRole("region", { name: "Unit alarms" });
export const alarmRow = (page: Page, text: string) =>
  panel(page)
    .getByTestId("alarm")
    .filter({ has: page.getByText(text, { exact: true }) });

/** How many times the unit has been asked for a dataset since the log was cleared. */
export async function asked(device: Device, dataset: string): Promise<number> {
  return (await device.hooks.log()).filter((e) => e.path === `/api/telemetry/${dataset}`).length;
}

/** Opens `path` on a fake clock (running naturally) and waits until the watch has read `dataset` once. */
export async function openWatched(
  page: Page,
  device: Device,
  path: string,
  dataset = "battery",
): Promise<void> {
  await device.hooks.clearLog();
  await page.clock.install();
  await page.goto(path);
  await expect.poll(() => asked(device, dataset)).toBeGreaterThan(0);
}

/**
 * Jumps past the watch interval and waits until the unit was asked for `dataset` again and the page has its answer
 * (a jump of the page's clock while the answer is on its way would fire the request's timeout: a failed reading).
 */
export async function nextWatch(page: Page, device: Device, dataset = "battery"): Promise<void> {
  const before = await asked(device, dataset);
  const next = page.waitForRequest((r) => new URL(r.url()).pathname === `/api/telemetry/${dataset}`);
  await page.clock.fastForward("00:31");
  await expect.poll(() => asked(device, dataset)).toBeGreaterThan(before);
  await (await next).response();
}
