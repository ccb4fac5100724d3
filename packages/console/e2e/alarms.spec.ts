// Unit alarms against the emulator: a fault raises its alarm (exact text) on a page other than the dashboard, a transient
// fault stays until acknowledged, several at once, the tab title, Sound, and No reads for N min set on the Passings card.
import { alarmRow, nextWatch, openWatched, panel, rulesTick } from "./alarms-helpers.ts";
import { advanceClocks, expect, type ScenarioPatch, test } from "./fixtures.ts";

test.afterEach(async ({ device }) => {
  await device.hooks.clearScenario();
});

// One alarm's whole journey on a page other than the dashboard. The other alarms' conditions and exact texts (storage,
// antennas lost or poor, heat, cellular) are the same journey with another rule: alarmRules.test.ts proves each, and
// AlarmPanel.test.tsx the watch reading every dataset they need (docs/TESTING.md).
const BATTERY: { name: string; page: string; patch: ScenarioPatch; text: string; dataset: string } = {
  name: "battery low",
  page: "/files",
  patch: { batteryPercent: 8 },
  text: "Battery low (8 %)",
  dataset: "battery",
};

test("on /files: an alarm raised, kept after it clears, gone once acknowledged; then several at once, and Sound", async ({
  page,
  device,
}) => {
  const s = BATTERY;
  await openWatched(page, device, s.page, s.dataset);

  await test.step(`${s.name}: raised on ${s.page}, kept after it clears, gone once acknowledged`, async () => {
    // A healthy unit lists nothing (channel 4 never had an antenna: no 'Antenna 4 lost').
    await expect(panel(page)).toHaveCount(0);
    await device.hooks.scenario(s.patch);
    await nextWatch(page, device, s.dataset);
    await rulesTick(page, device);
    const row = alarmRow(page, s.text);
    await expect(row).toBeVisible();
    await expect(row).toContainText(/since \d{1,2}:\d\d:\d\d/);
    await expect(page.getByTestId("alarm-announcement")).toHaveText(`New alarm: ${s.text}`);
    await expect(page).toHaveTitle("(!) TRC | DECODER-01");
    await expect(panel(page).getByTestId("alarm")).toHaveCount(1);
    // The fault goes away by itself: the alarm stays, marked cleared, until someone acknowledges it.
    await device.hooks.clearScenario();
    await nextWatch(page, device, s.dataset);
    await rulesTick(page, device);
    await expect(row).toHaveAttribute("data-state", "cleared");
    await expect(row).toContainText("cleared");
    await expect(page).toHaveTitle("(!) TRC | DECODER-01");
    await row.getByRole("button", { name: `Acknowledge ${s.text}` }).click();
    await expect(panel(page)).toHaveCount(0);
    await expect(page).toHaveTitle("TRC | DECODER-01");
  });

  await test.step("several alarms at once, the Sound switch off by default and kept", async () => {
    await device.hooks.scenario({
      temps: { cpu: 71, uhf: 88.25 },
      cellular: { power: "ERROR", connection: "ERROR" },
    });
    await nextWatch(page, device, "hw/temp");
    await rulesTick(page, device);
    await expect(panel(page).getByTestId("alarm")).toHaveText([
      /^Hot: cpu \(71\.0 °C\)/,
      /^Hot: uhf \(88\.3 °C\)/,
      /^Cellular ERROR/,
    ]);
    const sound = panel(page).getByRole("switch", { name: "Sound" });
    await expect(sound).not.toBeChecked();
    await sound.check();
    await device.hooks.clearScenario();
    await device.hooks.scenario({ batteryPercent: 3 });
    const battery = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/telemetry/battery");
    await page.reload();
    await battery;
    await rulesTick(page, device);
    await expect(alarmRow(page, "Battery low (3 %)")).toBeVisible();
    await expect(panel(page).getByRole("switch", { name: "Sound" })).toBeChecked();
  });
});

test("no reads for N min: N set on the Passings card, raised after N minutes without growth", async ({
  page,
  device,
}) => {
  await openWatched(page, device, "/", "passings");
  const minutes = page.getByRole("spinbutton", { name: "Minutes without reads before an alarm" });
  await expect(minutes).toHaveValue("10");
  await minutes.fill("1");
  // Reads after the page's first reading (a held tag, 20 a second, for a second of both clocks), so the first reading
  // after the stop shows growth and the minute counts from it (with the emulator's waves a second could pass without
  // a read).
  const { lastSeq } = await device.hooks.streamState();
  await device.hooks.scenario({ testTag: { tag: "990011", ant: 0, perSecond: 20 } });
  await advanceClocks(page, device, 1_000);
  expect((await device.hooks.streamState()).lastSeq).toBeGreaterThan(lastSeq + 1);
  await device.hooks.scenario({ readsStopped: true });
  // Each reading followed by a run of the rules on it (the first shows growth: the minute counts from it).
  await nextWatch(page, device, "passings");
  await rulesTick(page, device);
  await page.getByRole("link", { name: "Files" }).click();
  await nextWatch(page, device, "passings");
  await rulesTick(page, device);
  // 30 s without growth is not yet 1 min.
  await expect(panel(page)).toHaveCount(0);
  await nextWatch(page, device, "passings");
  await rulesTick(page, device);
  await expect(alarmRow(page, "No reads for 1 min")).toBeVisible();
  await page.reload();
  await expect(page.evaluate(() => localStorage.getItem("alarmNoReadsMinutes"))).resolves.toBe("1");
});
