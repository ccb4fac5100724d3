// Telemetry on an hf unit: no UHF Antennas card, the other eight in order.
import { expect, test } from "./fixtures.ts";

test.use({ deviceEnv: { DEVICE_MODE: "hf" } });

test("an hf device hides UHF Antennas", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("device-mode")).toHaveText("hf");
  await expect(page.locator("section.tcard h2")).toHaveText([
    "Battery",
    "Firmware",
    "Storage",
    "Temps",
    "Interfaces",
    "Device Time",
    "Passings",
    "Cellular",
  ]);
  await expect(page.getByTestId("card-uhf")).toHaveCount(0);
  await expect(page.getByTestId("card-cellular")).toHaveAttribute("data-state", "loaded");
});
