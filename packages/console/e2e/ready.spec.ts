// The Ready check against the emulator, one journey: Ready on a healthy unit with every item's value, one item
// (storage) turning it to "Not ready" with its reason and its link, and the race length and the timing program marked
// not needed kept over a new load. Each item's rule and exact reason (battery against race + 1 h, antennas lost, poor
// or silent for 10 min, the clock's 100 ms and 10 min, the backlog, the timing program) is proven in
// src/shared/ready/readyRules.test.ts and src/telemetry/ReadyPanel.test.tsx (docs/TESTING.md).
import { expect, test } from "./fixtures.ts";
import { item, openReady, readyPanel, storageFull, value } from "./ready-helpers.ts";
import { telemetryCards } from "./telemetry-helpers.ts";

test.afterEach(async ({ device }) => {
  await device.hooks.clearScenario();
});

test("the Ready check: a healthy unit is Ready with every value; storage at 85 % is Not ready with its link; settings kept", async ({
  page,
  device,
}) => {
  await openReady(page, device);

  await test.step("a healthy unit is Ready, every item with its value", async () => {
    await expect(readyPanel(page).getByTestId("ready-item")).toHaveCount(7);
    await expect(readyPanel(page).getByRole("listitem").getByRole("strong")).toHaveText([
      "Antennas",
      "Device clock",
      "Battery",
      "Storage",
      "Backlog",
      "Timing program",
      "Alarms",
    ]);
    await expect(value(page, "antennas")).toHaveText("3 antennas read within 10 min");
    await expect(value(page, "clock")).toHaveText(/^[+-]\d{1,2} ms$/);
    await expect(value(page, "battery")).toHaveText(/^\d+ h \d+ min to empty$/);
    await expect(value(page, "storage")).toHaveText(/^\d+ % used$/);
    await expect(value(page, "backlog")).toHaveText("Empty");
    await expect(value(page, "timing")).toHaveText("Not needed for this unit");
    await expect(value(page, "alarms")).toHaveText("None unacknowledged");
    await expect(readyPanel(page).getByTestId("ready-reason")).toHaveCount(0);
    // The Ready panel comes before the cards, which keep the spec's order.
    await expect(telemetryCards(page).first()).toHaveAccessibleName("Battery");
  });

  await test.step("storage at 85 %: Not ready, 'Storage 85 % used (80 % or more)'; its link opens the Files page", async () => {
    await storageFull(page, device);
    await expect(readyPanel(page).getByTestId("ready-reason")).toHaveCount(1);
    await item(page, "storage").getByRole("link", { name: "Free up storage (Storage)" }).click();
    await expect(page).toHaveURL(/\/files$/);
  });

  await test.step("the race length is kept", async () => {
    // The dashboard loaded afresh: what it shows comes from this browser's storage.
    await page.goto("/");
    await expect(readyPanel(page).getByRole("spinbutton", { name: "Race length (hours)" })).toHaveValue("1");
    await expect(page.evaluate(() => localStorage.getItem("readyRaceHours"))).resolves.toBe("1");
    await expect(
      readyPanel(page).getByRole("checkbox", { name: "Timing program not needed for this unit" }),
    ).toBeChecked();
  });
});
