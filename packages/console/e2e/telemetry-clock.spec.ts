// Device Time on a unit whose clock is 40 days off, and the header's connection indicator when that unit goes away
// (by itself, then on a refresh): one unit of the test's own, which it stops, and one load on its clock.

import { expect, installClocks, startExtraDevice, test } from "./fixtures.ts";
import { dashboardSettled } from "./telemetry-helpers.ts";

const DAY_MS = 24 * 3600 * 1000;

test("a unit 40 days off reads Very Inaccurate; the header shows it online, then offline once it is gone", async ({
  page,
}) => {
  // A unit of this test's own (it is stopped below), its device clock 40 days ahead.
  const unit = await startExtraDevice({ DEVICE_CLOCK_OFFSET_MS: String(40 * DAY_MS) });
  try {
    // The page on the unit's clock: the quiet seconds once it is gone are jumped over, not waited out.
    await installClocks(page, unit);
    await page.goto(`${unit.url}/`);
    const conn = page.getByTestId("connection");

    await test.step("a device 40 days off reads Very Inaccurate", async () => {
      const verdict = page.getByTestId("time-verdict");
      // A sync takes up to 15 attempts with pauses, behind the cards' own requests.
      await expect(verdict).toHaveAttribute("data-accuracy", "VERY_INACCURATE", { timeout: 20_000 });
      await expect(verdict).toContainText("Very Inaccurate");
      await expect(verdict).toContainText("Time never set or set to something extreme");
      await expect(page.getByTestId("time-offset")).toContainText("+40 d 0 h");
    });

    await test.step("the header shows online with the last answer, then offline when the unit is gone", async () => {
      // Quiet first: every card loaded and the clock sync done (auto refresh comes a minute or more after opening).
      await dashboardSettled(page);
      await expect(conn).toContainText("Online");
      await expect(conn).toContainText(/last answer \d{1,2}:\d{2}:\d{2}/);
      const lastAnswer = (await conn.textContent())?.replace(/.*last answer /, "");

      await test.step("the dashboard notices a dead unit by itself within seconds", async () => {
        await unit.close();
        // The unit is gone, its clock with it: only the page's is left to move on.
        // Nothing asked yet: a second later the console cannot know.
        await page.clock.fastForward(1_000);
        await expect(conn).toContainText("Online");
        // No click: the heartbeat asks when the device has been quiet for 10 s (checked every 5 s).
        await page.clock.fastForward(15_000);
        await expect(conn).toContainText("Offline");
      });

      // A card's refresh cannot reach it either; the header keeps the last answer.
      await page.getByRole("button", { name: "Refresh Storage" }).click();
      await expect(conn).toContainText("Offline");
      await expect(conn).toContainText(`last answer ${lastAnswer}`);
      await expect(page.getByTestId("card-storage")).toHaveAttribute("data-state", "errored");
      await expect(page.getByTestId("card-storage").getByTestId("card-error")).toContainText(
        "The device cannot be reached",
      );
    });
  } finally {
    await unit.close();
  }
});
