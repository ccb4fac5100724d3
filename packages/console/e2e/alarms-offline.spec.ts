// 'Unit offline' through a real reboot: raised once the page has had no answer for 10 s, kept after the unit is back.
import { alarmRow, panel } from "./alarms-helpers.ts";
import { advanceClocks, expect, installClocks, test, unitAnswers } from "./fixtures.ts";

/**
 * How long the unit is away: long enough for the page to find it gone (a jump of its clock, then one ping refused at
 * once: well under a second, with seconds to spare on a loaded machine). Once found, the alarm holds until the next
 * heartbeat, which only a move of the page's clock brings: the checks after it do not race the unit's return.
 */
const REBOOT_MS = 4_000;
test.use({ deviceEnv: { DEVICE_REBOOT_MS: String(REBOOT_MS) } });

test("'Unit offline' after 10 s without an answer, on any page; kept after it is back until acknowledged", async ({
  page,
  device,
  request,
}) => {
  test.setTimeout(60_000);
  await installClocks(page, device);
  await page.goto("/commands");
  await expect(page).toHaveTitle("TRC | DECODER-01");
  const reboot = await request.post("/api/commands/execute", { data: { cmd: "REBOOT", args: [] } });
  expect(reboot.status()).toBe(200);
  await expect.poll(() => unitAnswers(device.url), { intervals: [100] }).toBe(false);
  // The unit is away, its clock with it: the page's clock alone moves past the 10 s (its heartbeat pings, in vain).
  // Once the unit is back its clock catches up, so the two agree again before either is read.
  const AWAY_MS = 11_000;
  await page.clock.fastForward(AWAY_MS);
  const row = alarmRow(page, "Unit offline");
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute("data-state", "active");
  await expect(page).toHaveTitle("(!) TRC | DECODER-01");
  await expect
    .poll(() => unitAnswers(device.url), { timeout: REBOOT_MS + 10_000, intervals: [100] })
    .toBe(true);
  await device.hooks.advanceClock(AWAY_MS);
  // The next heartbeat (every 5 s) finds it back.
  await advanceClocks(page, device, 5_000);
  await expect(row).toHaveAttribute("data-state", "cleared");
  await row.getByRole("button", { name: "Acknowledge Unit offline" }).click();
  await expect(panel(page)).toHaveCount(0);
  await expect(page).toHaveTitle("TRC | DECODER-01");
});
