// The antennas against the emulated unit, one journey on one clock (issue "The antennas and the clock a result depends
// on"): a unit timing, every antenna reading on its tile; antenna 2 made silent by the scenario hook while the others
// read; the dashboard raising `Antenna 2 silent: no reads for 2 min while others read`; the operator switching that
// antenna off from its tile (the timing question answered Yes); the tile reading Off, the unit's uhf/config showing the
// port off, and the alarm's condition gone (kept listed until acknowledged).
import type { Page } from "@playwright/test";
import { UHF_PORT_POWER_REASON } from "@trc/protocol";
import { axeScope, expectNoAxeViolationsInEachVariant } from "./a11y-helpers.ts";
import { alarmRow, nextWatch, openWatched, panel, rulesTick } from "./alarms-helpers.ts";
import { EXECUTE } from "./commands-helpers.ts";
import { type Device, expect, test } from "./fixtures.ts";

/** Sends a command to the unit directly (what a timing program or another console would do). */
async function command(device: Device, cmd: string, args: string[] = []): Promise<void> {
  const res = await fetch(`${device.url}${EXECUTE}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ cmd, args }),
  });
  expect(res.ok, `${cmd} ${args.join(" ")}: ${res.status}`).toBe(true);
}

/** The unit's own uhf/config, read directly. */
async function unitConfig(
  device: Device,
): Promise<{ ports: { id: number; enabled: boolean; pwr: number }[] }> {
  return (await fetch(`${device.url}/api/telemetry/uhf/config`)).json();
}

const uhf = (page: Page) => page.getByTestId("card-uhf");
/** The tile of antenna `n` (as shown, 1-based). */
const tile = (page: Page, n: number) =>
  uhf(page)
    .getByTestId("uhf-channel")
    .filter({ has: page.getByRole("heading", { level: 3, name: `Antenna ${n}`, exact: true }) });

const SILENT = "Antenna 2 silent: no reads for 2 min while others read";

test.afterEach(async ({ device }) => {
  // The device put back: the living unit, antenna 2 on, test mode.
  await device.hooks.clearScenario();
  await command(device, "UHF_PORT", ["2", "ON", ""]);
  await command(device, "TIMING_STOP");
});

test("a dead mat found and switched off while timing: antenna 2 silent while the others read, switched off from its tile, Off on the unit", async ({
  page,
  device,
}) => {
  test.setTimeout(90_000);
  await command(device, "TIMING_START");
  await openWatched(page, device, "/", "uhf/ports");
  await expect(page.getByTestId("timing-badge")).toHaveText(/^Timing · timing_\d{4}\.csv/);

  await test.step("every antenna reads: a tile each, its state, reads per minute, quality", async () => {
    // The next reading, 31 s of reads later on both clocks: a minute's rate needs two readings.
    await nextWatch(page, device, "uhf/ports");
    for (const n of [1, 2, 3]) {
      await expect(tile(page, n).getByTestId("antenna-state")).toHaveText("OK");
      await expect(tile(page, n).getByTestId("antenna-reads")).toHaveText(/^Reads \d+ · [1-9]\d*\/min$/);
      await expect(tile(page, n).getByTestId("antenna-signal")).toHaveText(
        /^RSSI -\d+\.\d dBm · \d+(\.\d)? hits\/passing$/,
      );
    }
    await expect(tile(page, 4).getByTestId("antenna-state")).toHaveText("No antenna");
    await expect(uhf(page).getByTestId("uhf-config-port").nth(1)).toHaveText("Port 2: On, 30.0 dB");
    await expect(uhf(page).getByTestId("uhf-transmitter")).toHaveText(/UHF transmitter: On/);
    await expect(panel(page)).toHaveCount(0);
    // Every control labelled, the power's limits tied to its input; then a power the unit cannot take, its reason too.
    await expectNoAxeViolationsInEachVariant(
      page,
      "the UHF Antennas card",
      undefined,
      await axeScope(uhf(page)),
    );
    const power = tile(page, 1).getByRole("textbox", { name: "Power (dB) of antenna 1" });
    await power.fill("40");
    await tile(page, 1).getByRole("button", { name: "Set power of antenna 1" }).click();
    await expect(power).toHaveAccessibleDescription(
      `10.0 to 31.5 dB in steps of 0.5 ${UHF_PORT_POWER_REASON}`,
    );
    await expectNoAxeViolationsInEachVariant(
      page,
      "a power refused",
      undefined,
      await axeScope(tile(page, 1)),
    );
    await power.fill("");
  });

  await test.step("antenna 2 silent while the others read: the alarm after 2 minutes, the tile with no reads", async () => {
    await device.hooks.scenario({ antennaSilent: [1] });
    // Its last reads were in the reading just taken (or, read meanwhile, the next): 2 minutes of silence after it
    // take four or five of the watch's 31 s readings. Not before: three readings later there is no alarm yet.
    for (let i = 0; i < 3; i++) await nextWatch(page, device, "uhf/ports");
    await rulesTick(page, device);
    await expect(alarmRow(page, SILENT)).toHaveCount(0);
    for (let i = 0; i < 2 && !(await alarmRow(page, SILENT).count()); i++) {
      await nextWatch(page, device, "uhf/ports");
      await rulesTick(page, device);
    }
    await expect(alarmRow(page, SILENT)).toBeVisible();
    await expect(tile(page, 2).getByTestId("antenna-reads")).toHaveText(/^Reads \d+ · 0\/min$/);
    await expect(tile(page, 2).getByTestId("antenna-quality")).toHaveText("No reads in the last minute");
    for (const n of [1, 3])
      await expect(tile(page, n).getByTestId("antenna-reads")).toHaveText(/ · [1-9]\d*\/min$/);
  });

  await test.step("switched off from its tile while timing: asked first, Yes sends UHF_PORT 2 OFF", async () => {
    const log = await device.hooks.log();
    const since = log.length ? (log[log.length - 1]?.seq ?? 0) : 0;
    await tile(page, 2).getByRole("button", { name: "Switch off antenna 2" }).click();
    const question = page.getByRole("dialog", { name: "Change antennas while timing?" });
    await expect(question).toContainText("The unit is timing. This changes:");
    await expect(question.getByTestId("antenna-change")).toHaveText(
      "Switch off antenna 2: it makes no reads until it is switched on",
    );
    await expectNoAxeViolationsInEachVariant(
      page,
      "the timing question",
      undefined,
      await axeScope(question),
    );
    await question.getByRole("button", { name: "Yes, change while timing" }).click();
    await expect(question).toHaveCount(0);
    await expect(tile(page, 2).getByRole("status")).toHaveText("Port 2 OFF at 30.0 dB");
    // The unit received exactly that command, once.
    const sent = (await device.hooks.log())
      .filter((e) => e.seq > since && e.path === EXECUTE)
      .map((e) => e.body);
    expect(sent).toEqual([{ cmd: "UHF_PORT", args: ["2", "OFF", ""] }]);
  });

  await test.step("the tile reads Off, uhf/config on the card and on the unit has the port off", async () => {
    await expect(tile(page, 2).getByTestId("antenna-state")).toHaveText("Off");
    await expect(tile(page, 2).getByRole("button", { name: "Switch on antenna 2" })).toBeVisible();
    await expect(uhf(page).getByTestId("uhf-config-port").nth(1)).toHaveText("Port 2: Off, 30.0 dB");
    const config = await unitConfig(device);
    expect(config.ports.find((p) => p.id === 1)).toEqual({ id: 1, enabled: false, pwr: 30 });
    for (const n of [1, 3]) await expect(tile(page, n).getByTestId("antenna-state")).toHaveText("OK");
  });

  await test.step("an antenna switched off is not silent: the alarm's condition is gone, kept until acknowledged", async () => {
    await nextWatch(page, device, "uhf/ports");
    await rulesTick(page, device);
    await expect(alarmRow(page, SILENT)).toHaveAttribute("data-state", "cleared");
    await alarmRow(page, SILENT)
      .getByRole("button", { name: `Acknowledge ${SILENT}` })
      .click();
    await expect(alarmRow(page, SILENT)).toHaveCount(0);
  });
});
