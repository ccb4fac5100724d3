// Telemetry on an hf unit: no UHF Antennas card, the other eight in order.
import { expect, test } from "./fixtures.ts";
import { telemetryCards } from "./telemetry-helpers.ts";

test.use({ deviceEnv: { DEVICE_MODE: "hf" } });

test("an hf device hides UHF Antennas", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("device-mode")).toHaveText("hf");
  await expect(telemetryCards(page).getByRole("heading", { level: 2 })).toHaveText([
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
