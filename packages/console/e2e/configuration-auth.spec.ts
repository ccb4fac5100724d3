// The config auth flag against an emulated device that wants authentication for sets (DEVICE_CONFIG_AUTH).

import { shownColour } from "./colours.ts";
import {
  deviceValues,
  expectHighlight,
  inputOf,
  openConfiguration,
  otherPort,
  resultOf,
  setsAfter,
  submitOf,
} from "./configuration-helpers.ts";
import { expect, test } from "./fixtures.ts";

test.use({ deviceEnv: { DEVICE_CONFIG_AUTH: "1" } });

test.describe("config auth flag on, with a device that wants authentication for sets", () => {
  test("a set without credentials is refused, and with a tested password it carries it", async ({
    page,
    request,
    device,
  }) => {
    await page.addInitScript(() => {
      localStorage.setItem("featureFlagOverrides", JSON.stringify({ config: { useAuth: true } }));
    });
    await openConfiguration(page);
    const status = page.getByLabel("Authentication status");

    await test.step("without credentials the set reads '401 - Unauthorized'", async () => {
      await expect(status).toContainText("No auth configured!");
      await expect(status.getByRole("link", { name: "Configure" })).toHaveAttribute("href", "/auth");
      const before = await deviceValues(request);
      await inputOf(page, "Raw port").fill(String(otherPort(before.raw_port)));
      await submitOf(page, "Raw port").click();
      await expect(resultOf(page, "Raw port")).toHaveText("401 - Unauthorized");
      // A refused set as it is drawn: the result in red and the input red (Not saved). The texts of SPEC §8's other
      // refusals are proven in src/configuration (saveResult.test.ts, ConfigurationPage.test.tsx).
      await expect.poll(() => shownColour(resultOf(page, "Raw port"), "color")).toBe("red");
      await expectHighlight(inputOf(page, "Raw port"), "failed");
      expect((await deviceValues(request)).raw_port).toBe(before.raw_port);
    });

    await test.step("with a tested password the status shows it and the set carries it", async () => {
      // The page opened again with a tested owner password in this tab's session (the refused edit put back first:
      // the page asks before unloading an unsubmitted one).
      const before = await deviceValues(request);
      await inputOf(page, "Raw port").fill(String(before.raw_port));
      await expectHighlight(inputOf(page, "Raw port"), "none");
      await page.evaluate(() => {
        sessionStorage.setItem(
          "trcAuth",
          JSON.stringify({ type: "PASSWORD", level: 20, password: "owner-pass" }),
        );
      });
      await page.reload();
      await expect(page.getByTestId("config-state")).toHaveText("REFRESHED", { timeout: 20_000 });
      await expect(status).toContainText("Owner");
      await expect(status).toContainText("Pass");
      const port = otherPort(before.raw_port);
      const cursor = await device.hooks.logSeq();
      await inputOf(page, "Raw port").fill(String(port));
      await submitOf(page, "Raw port").click();
      await expect(resultOf(page, "Raw port")).toHaveText("200 - Success");
      expect((await deviceValues(request)).raw_port).toBe(port);
      const [set] = await setsAfter(device, cursor);
      // The device's log masks the password itself.
      expect(set?.body).toHaveProperty("auth_pw");
    });
  });
});
