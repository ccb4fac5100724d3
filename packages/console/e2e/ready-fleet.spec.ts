// The Fleet page's Ready column against two emulated units: a healthy one whose timing program is marked not needed
// reads "Ready", one whose clock is 2 s off and that is in test mode reads "Not ready" with the failing items; the
// race length and the "not needed" mark entered once (on the dashboard) are the ones the column uses.
import type { Page } from "@playwright/test";
import { expect, type RunningDevice, startExtraDevice, test } from "./fixtures.ts";
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
  test.setTimeout(75_000);
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
  await page.goto("/fleet");
  await page.getByLabel("Unit address").fill(other.url);
  await page.getByRole("button", { name: "Add unit" }).click();
  await expect(page.getByRole("columnheader", { name: "Ready" })).toBeVisible();
  // Reads that grew between two polls (15 s apart) prove the antennas; the clock syncs after the first poll.
  const twoPolls = { timeout: 40_000 };
  await expect(ready(page, "DECODER-01")).toHaveText("Ready", twoPolls);
  await expect(ready(page, "DECODER-02")).toHaveText(
    "Not ready: Device clock, Timing program, Alarms",
    twoPolls,
  );
  await other.hooks.clearScenario();
});
