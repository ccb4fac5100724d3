// 'Unit offline' through a 20 s reboot: raised after 10 s without an answer, kept after the unit is back.
import { alarmRow, panel } from "./alarms-helpers.ts";
import { expect, test } from "./fixtures.ts";

test.use({ deviceEnv: { DEVICE_REBOOT_MS: "20000" } });

test("'Unit offline' after 10 s without an answer, on any page; kept after it is back until acknowledged", async ({
  page,
  device,
  request,
}) => {
  test.setTimeout(120_000);
  await device.hooks.clearLog();
  await page.goto("/commands");
  await expect(page).toHaveTitle("TRC | DECODER-01");
  const reboot = await request.post("/api/commands/execute", { data: { cmd: "REBOOT", args: [] } });
  expect(reboot.status()).toBe(200);
  const row = alarmRow(page, "Unit offline");
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle("(!) TRC | DECODER-01");
  await expect(row).toHaveAttribute("data-state", "cleared", { timeout: 45_000 });
  await row.getByRole("button", { name: "Acknowledge Unit offline" }).click();
  await expect(panel(page)).toHaveCount(0);
  await expect(page).toHaveTitle("TRC | DECODER-01");
});
