// The configuration page against a misbehaving emulated device: refused sets (SPEC §8), a failed load, a wrong-shaped answer.

import { shownColour } from "./colours.ts";
import {
  banner,
  deviceValues,
  expectHighlight,
  inputOf,
  openConfiguration,
  otherPort,
  resultOf,
  setting,
  submitOf,
} from "./configuration-helpers.ts";
import { expect, test } from "./fixtures.ts";

test.describe("configuration page with a misbehaving device", () => {
  test("a 400 and a 404 read as SPEC §8 says, in red, and the input turns red", async ({
    page,
    request,
    device,
  }) => {
    const before = await deviceValues(request);
    await openConfiguration(page);
    const input = inputOf(page, "Filtered port");
    await device.hooks.fault({
      path: "/api/config/set",
      status: 400,
      count: 1,
      body: { error: "bad value" },
    });
    await input.fill(String(otherPort(before.filtered_port)));
    await submitOf(page, "Filtered port").click();
    await expect(resultOf(page, "Filtered port")).toHaveText("400 - Bad packet");
    await expect.poll(() => shownColour(resultOf(page, "Filtered port"), "color")).toBe("red");
    await expectHighlight(input, "failed");
    await expect(banner(page)).toHaveCount(0);

    await device.hooks.fault({
      path: "/api/config/set",
      status: 404,
      count: 1,
      body: { error: "no such key" },
    });
    await submitOf(page, "Filtered port").click();
    await expect(resultOf(page, "Filtered port")).toHaveText("404 - Config not found");
    await expect.poll(() => shownColour(resultOf(page, "Filtered port"), "color")).toBe("red");
    await expect(setting(page, "Filtered port")).toContainText(`Current: ${String(before.filtered_port)}`);
    // Editing clears the red.
    await input.fill(String(otherPort(before.filtered_port) + 5));
    await expectHighlight(input, "changed");
    expect((await deviceValues(request)).filtered_port).toBe(before.filtered_port);
  });

  test("the load states show, an error names the cause, and Refresh reloads", async ({ page, device }) => {
    await device.hooks.fault({
      path: "/api/config/get",
      status: 500,
      count: 1,
      body: { error: "flash busy" },
    });
    await page.goto("/configuration");
    await expect(page.getByTestId("config-state")).toHaveText("ERROR");
    await expect(page.getByText(/Could not load the configuration: HTTP 500: flash busy/)).toBeVisible();
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    await expect(page.getByTestId("config-state")).toHaveText("REFRESHED");
    await expect(setting(page, "Raw port")).toBeVisible();
  });

  test("a wrong-shaped answer keeps what is valid, names the rest, and shows device text as text", async ({
    page,
    device,
  }) => {
    await device.hooks.fault({
      path: "/api/config/get",
      status: 200,
      count: 1,
      body: { raw_port: null, gps_correction: "yes", uhf_power: "LOW", sta_ssid: "<b>bold</b>" },
    });
    await openConfiguration(page);
    const issues = page.getByText("Some of the device's answers were not as expected").locator("..");
    await expect(issues).toContainText("raw_port");
    await expect(issues).toContainText('gps_correction: the device reports "yes", expected a boolean');
    await expect(setting(page, "Raw port")).toContainText("Current: (not reported)");
    await expect(setting(page, "GPS correction")).toContainText("Current: (not reported)");
    await expect(setting(page, "UHF power")).toContainText("Current: LOW");
    await expect(setting(page, "Network name")).toContainText("Current: <b>bold</b>");
    await expect(setting(page, "Network name").locator("b")).toHaveCount(0);
  });
});
