// The backlog against the emulator, one journey on one clock: the Passings card's line, then 'Backlog growing: N unsent'
// raised on another page after 2 minutes of growth with reads coming in, kept after the link is back until acknowledged.

import { alarmRow, nextWatch, openWatched, panel } from "./alarms-helpers.ts";
import { type Device, expect, test } from "./fixtures.ts";

test.afterEach(async ({ device }) => {
  await device.hooks.clearScenario();
});

/**
 * Tags passing fast enough that Left grows between two of the watch's readings while the link is down, all through the
 * journey's readings that need it (the sixth, 3 min 6 s after the start, is the last: 300 s of tags).
 */
const BUSY = {
  tags: 1500,
  seconds: 300,
  readsPerTag: [1, 2] as [number, number],
  antennas: [1, 1] as [number, number],
  seed: 3,
};

/** The unsent passings the unit holds now (Left), read from it directly. */
async function unitLeft(device: Device): Promise<number> {
  return ((await (await fetch(`${device.url}/api/telemetry/passings`)).json()) as { left: number }).left;
}

test("the backlog: the Passings card empty, growing, then empty again; 'Backlog growing' on another page, kept until acknowledged", async ({
  page,
  device,
}) => {
  await device.hooks.scenario({ serverDown: false });
  await openWatched(page, device, "/", "passings");

  await test.step("the Passings card: empty on a working link, growing while it is down, draining with the time to clear", async () => {
    const line = page.getByTestId("card-passings").getByTestId("backlog");
    await expect(line).toHaveText("Backlog: empty, every passing sent");
    await device.hooks.scenario({ serverDown: true });
    await device.hooks.massStart({ ...BUSY });
    // The next reading, 31 s of reads later on both clocks, holds more unsent than the one at opening.
    await nextWatch(page, device, "passings");
    await expect(line).toHaveText(/^Backlog: \d+ unsent, growing \(\+\d+(\.\d)?\/min\)$/);
    // What the card says is what the unit reported.
    const left = Number((await line.textContent())?.match(/(\d+) unsent/)?.[1]);
    await expect(page.getByTestId("passings-left")).toContainText(String(left));
    // The link back: the next reading shows Left at 0.
    await device.hooks.scenario({ serverDown: false });
    await nextWatch(page, device, "passings");
    await expect(line).toHaveText("Backlog: empty, every passing sent");
  });

  await test.step("'Backlog growing: N unsent' after 2 minutes of growth, on another page; kept until acknowledged", async () => {
    // The link down again, the reads still coming: growth from the last reading (Left 0), seen on the Files page.
    await device.hooks.scenario({ serverDown: true });
    await page.getByRole("link", { name: "Files" }).click();
    await expect(page).toHaveURL(/\/files$/);
    // Three more readings, each 31 s of reads later on both clocks: some 1 min 33 s of growth is not yet 2 minutes.
    for (let i = 0; i < 3; i++) await nextWatch(page, device, "passings");
    await expect(panel(page)).toHaveCount(0);
    await nextWatch(page, device, "passings");
    const row = panel(page)
      .getByTestId("alarm")
      .filter({ hasText: /^Backlog growing: \d+ unsent/ });
    await expect(row).toBeVisible();
    await expect(page).toHaveTitle("(!) TRC | DECODER-01");
    await expect(page.getByTestId("alarm-announcement")).toHaveText(
      /^New alarm: Backlog growing: \d+ unsent$/,
    );
    // N is the unit's Left at the watch's last reading: above 0, at most what the unit holds now (it keeps growing).
    const n = Number((await row.getByRole("strong").textContent())?.match(/(\d+) unsent/)?.[1]);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(await unitLeft(device));
    // The link comes back: the condition clears, the alarm stays until someone acknowledges it.
    await device.hooks.scenario({ serverDown: false });
    await nextWatch(page, device, "passings");
    await expect(row).toHaveAttribute("data-state", "cleared");
    const text = (await row.getByRole("strong").textContent()) ?? "";
    await alarmRow(page, text)
      .getByRole("button", { name: `Acknowledge ${text}` })
      .click();
    await expect(panel(page)).toHaveCount(0);
    await expect(page).toHaveTitle("TRC | DECODER-01");
  });
});
