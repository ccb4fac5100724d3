// The configuration's remote store against the emulated device: the settings described by the unit itself. The auth
// flag off by default and a setting the unit fails to describe are proven in src/configuration/ConfigurationPage.test.tsx.
import { MappingQuantity } from "@trc/protocol";
import { deviceValues, setting } from "./configuration-helpers.ts";
import { expect, test } from "./fixtures.ts";

test.describe("remote config store", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem("featureFlagOverrides", JSON.stringify({ config: { useRemoteStore: true } }));
    });
  });

  test("the settings come from config mapping/quantity and getInfo", async ({ page, request, device }) => {
    const len = MappingQuantity.parse(await (await request.get("/api/config/mapping/quantity")).json()).len;
    expect(len).toBeGreaterThan(0);
    const infos: { name_display: string; name_internal: string }[] = [];
    for (let i = 0; i < len; i++)
      infos.push(await (await request.get(`/api/config/mapping/getInfo?index=${i}`)).json());
    const values = await deviceValues(request);
    const cursor = await device.hooks.logSeq();
    await page.goto("/configuration");
    // Its "Loading...N / M" is a passing phase a busy machine may draw too late to see: proven in configState.test.ts
    // ("remote store progress"). Here, what the unit was asked and what the page then shows.
    await expect(page.getByTestId("config-state")).toHaveText("REFRESHED", { timeout: 20_000 });
    await expect(page.getByTestId("config-progress")).toHaveCount(0);
    for (const info of infos) {
      const value = values[info.name_internal];
      const shown = info.name_internal.endsWith("_password") ? "••••••••" : String(value);
      await expect(setting(page, info.name_display)).toContainText(`Current: ${shown}`);
    }
    const paths = (await device.hooks.log(cursor)).map((e) => e.path);
    expect(paths.filter((p) => p.startsWith("/api/config/mapping/quantity"))).toHaveLength(1);
    expect(paths.filter((p) => p.startsWith("/api/config/mapping/getInfo"))).toHaveLength(len);
  });
});
