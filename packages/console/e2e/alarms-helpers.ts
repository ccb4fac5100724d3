// Shared steps of the alarm specs: the panel, one alarm row, "let the 30 s watch come round" and "let its rules run" on
// the page's and the unit's one clock.
import type { Page, Request } from "@playwright/test";
import { advanceClocks, type Device, expect, installClocks } from "./fixtures.ts";
import { firstSyncDone } from "./telemetry-helpers.ts";

export const panel = (page: Page) => page.getByRole("region", { name: "Unit alarms" });
export const alarmRow = (page: Page, text: string) =>
  panel(page)
    .getByTestId("alarm")
    .filter({ has: page.getByText(text, { exact: true }) });

/** How many times the unit has been asked for a dataset since the log was cleared. */
export async function asked(device: Device, dataset: string): Promise<number> {
  return (await device.hooks.log()).filter((e) => e.path === `/api/telemetry/${dataset}`).length;
}

/**
 * Opens `path` on the unit's clock (installClocks: running naturally) and waits until the watch has read `dataset` once
 * and, on the dashboard, the first clock sync is done (the callers move the clocks on next).
 */
export async function openWatched(
  page: Page,
  device: Device,
  path: string,
  dataset = "battery",
): Promise<void> {
  await device.hooks.clearLog();
  await installClocks(page, device);
  await page.goto(path);
  await expect.poll(() => asked(device, dataset)).toBeGreaterThan(0);
  if (path === "/" || path === "/telemetry") await firstSyncDone(page);
}

/**
 * Moves both clocks past the watch interval (31 s: the unit makes that much of its reads, battery and backlog first)
 * and waits until the unit was asked for `dataset` again and the page has the answers of the requests for it sent
 * meanwhile (a jump of the page's clock while one is on its way fires its timeout).
 */
export async function nextWatch(page: Page, device: Device, dataset = "battery"): Promise<void> {
  const path = `/api/telemetry/${dataset}`;
  const before = await asked(device, dataset);
  const sent: Request[] = [];
  const seen = (r: Request) => {
    if (new URL(r.url()).pathname === path) sent.push(r);
  };
  page.on("request", seen);
  try {
    await advanceClocks(page, device, 31_000);
    await expect.poll(() => asked(device, dataset)).toBeGreaterThan(before);
    await Promise.all(sent.map((r) => r.response()));
  } finally {
    page.off("request", seen);
  }
}

/** How often the watch runs its rules on what it has read (useAlarmWatch's tick). */
const RULES_TICK_MS = 1_000;

/**
 * Both clocks one rules tick on: the watch's rules run now on the answers the page has (after `nextWatch`, a load or
 * a sync), not up to a second of real time later.
 */
export async function rulesTick(page: Page, device: Device): Promise<void> {
  await advanceClocks(page, device, RULES_TICK_MS);
}
