// An HF unit's console (its own worker unit, test.use deviceEnv): the header shows mode hf and the telemetry page
// hides the UHF Antennas card, showing the other eight in order.
import { expect, modeText, test } from "./fixtures.ts";
import { telemetryCards } from "./telemetry-helpers.ts";

test.use({ deviceEnv: { DEVICE_MODE: "hf" } });

test("an hf unit: the header shows mode hf and the telemetry page hides UHF Antennas (one load of /)", async ({
  page,
  request,
}) => {
  await test.step("the device answers mode hf", async () => {
    const res = await request.get("/api/config/deviceName");
    expect(await res.json()).toMatchObject({ deviceName: "DECODER-01", mode: "hf" });
  });

  await page.goto("/");

  await test.step("header shows the device name and the hf mode", async () => {
    const header = page.getByRole("banner");
    await expect(header).toContainText("DECODER-01");
    await expect(header.getByText(modeText("hf"))).toBeVisible();
    await expect(header.getByText(modeText("uhf"))).toHaveCount(0);
  });

  await test.step("an hf device hides UHF Antennas", async () => {
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
});
