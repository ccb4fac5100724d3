// Auto refresh (SPEC §4, §9): 21 minutes later every dataset whose caption reads 'Auto: ON' was asked again, no other
// (the alarm watch's datasets excepted).

import { advanceClocks, expect, installClocks, test } from "./fixtures.ts";
import { dashboardSettled } from "./telemetry-helpers.ts";

/** The datasets the alarm watch keeps fresh (src/alarms/useAlarmWatch.ts). */
const ALARM_WATCHED = ["battery", "storage", "hw/temp", "cellular", "uhf/ports", "passings"];

test("datasets with Auto: ON are fetched again when their interval passes; Auto: OFF ones are not", async ({
  page,
  device,
}) => {
  await installClocks(page, device);
  await page.goto("/");
  await dashboardSettled(page);
  const captions = page.getByTestId("auto-caption");
  const minutes = new Map<string, number>();
  for (const c of await captions.all()) {
    const text = (await c.textContent()) ?? "";
    const m = /Auto: (ON \((\d+) min\)|OFF \(0 min\))$/.exec(text);
    expect(m, text).not.toBeNull();
    minutes.set((await c.getAttribute("data-dataset")) ?? "", Number(m?.[2] ?? 0));
  }
  expect(minutes.size).toBe(10);
  const counts = async () => {
    const log = await device.hooks.log();
    const out = new Map<string, number>();
    for (const ds of minutes.keys()) out.set(ds, log.filter((e) => e.path === `/api/telemetry/${ds}`).length);
    return out;
  };
  // The device keeps only its last 200 requests: start from an empty log so the counts cannot saturate.
  await device.hooks.clearLog();
  const before = await counts();
  // Past the longest interval (20 min) on both clocks: every page timer that is due fires (once), and the unit has
  // lived those minutes when it answers.
  await advanceClocks(page, device, 21 * 60_000);
  const on = [...minutes].filter(([, m]) => m > 0).map(([ds]) => ds);
  for (const ds of on) {
    await expect
      .poll(async () => (await counts()).get(ds), { message: ds })
      .toBeGreaterThan(before.get(ds) ?? 0);
  }
  for (const ds of on)
    await expect(page.locator(`[data-dataset="${ds}"]`)).toHaveAttribute("data-state", "loaded");
  const after = await counts();
  for (const [ds, m] of minutes) {
    // time/sources is also read by the clock sync, which never runs by itself. The alarm watch reads its datasets
    // every 30 s on every page (docs/ALARMS.md), whatever their card's caption says.
    if (m === 0 && !ALARM_WATCHED.includes(ds)) expect(after.get(ds), ds).toBe(before.get(ds));
  }
});
