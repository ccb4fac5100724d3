// The Fleet page's Ready column against two emulated units: a healthy one whose timing program is marked not needed
// reads "Ready", one whose clock is 2 s off and that is in test mode reads "Not ready" with the failing items; the
// race length and the "not needed" mark entered once (on the dashboard) are the ones the column uses.
import type { Page } from "@playwright/test";
import {
  advanceClocks,
  expect,
  installClocks,
  type RunningDevice,
  startExtraDevice,
  test,
} from "./fixtures.ts";
import { cell } from "./fleet-helpers.ts";
import { healthyUnit } from "./ready-helpers.ts";

const ready = (page: Page, name: string) => cell(page, name, "ready");

let other: RunningDevice;
test.beforeAll(async () => {
  other = await startExtraDevice({ DEVICE_NAME: "DECODER-02", DEVICE_CLOCK_OFFSET_MS: "2000" });
});
test.afterAll(async () => {
  await other?.close();
});
test.afterEach(async ({ device }) => {
  await device.hooks.clearScenario();
});

test("Ready for a healthy unit, 'Not ready: Device clock, Timing program, Alarms' for one 2 s off", async ({
  page,
  device,
}) => {
  await healthyUnit(device);
  // The other unit reads on every antenna and sends everything too; only its clock is wrong.
  await other.hooks.scenario({ serverDown: false });
  await other.hooks.massStart({ tags: 3000, seconds: 600, readsPerTag: [3, 5], antennas: [3, 3] });
  // The race length entered once (on the dashboard) is kept: 1 h, so any battery of the emulator lasts.
  await page.addInitScript(() => localStorage.setItem("readyRaceHours", "1"));
  // Both units boot in test mode (D12): this one's passings are collected another way, the other's are not.
  await page.addInitScript(
    (url) => localStorage.setItem("readyTimingNotNeeded", JSON.stringify([url])),
    device.url,
  );
  // One clock: the page and both units move on together to the next poll (every 15 s), without waiting for it.
  await installClocks(page, device);
  await page.goto("/fleet");
  await page.getByLabel("Unit address").fill(other.url);
  await page.getByRole("button", { name: "Add unit" }).click();
  await expect(page.getByRole("columnheader", { name: "Ready" })).toBeVisible();
  // The first poll and the clock sync that follows it (again in 5 min) before time moves: DECODER-02 is 2 s ahead.
  await expect(cell(page, "DECODER-01", "clock")).toHaveText(/^[+−]?\d+ ms ± \d+ ms$/);
  await expect(cell(page, "DECODER-02", "clock")).toHaveText(/^\+(19[6-9]\d|20[0-4]\d) ms ± \d+ ms$/);
  // Reads that grew between two polls prove the antennas.
  await other.hooks.advanceClock(15_000);
  await advanceClocks(page, device, 15_000);
  await expect(ready(page, "DECODER-01")).toHaveText("Ready");
  await expect(ready(page, "DECODER-02")).toHaveText("Not ready: Device clock, Timing program, Alarms");
  await other.hooks.clearScenario();
});
