// The configuration feature flags against the emulated device: config auth (status bar, credentials) and the remote store.
import { MappingQuantity } from "@trc/protocol";
import {
  deviceValues,
  inputOf,
  openConfiguration,
  otherPort,
  resultOf,
  setsSince,
  setting,
  submitOf,
} from "./configuration-helpers.ts";
import { expect, test } from "./fixtures.ts";

test.describe("config auth flag", () => {
  test("off by default: no auth status, no credentials in the set", async ({ page, request, device }) => {
    await openConfiguration(page);
    await expect(page.getByLabel("Authentication status")).toHaveCount(0);
    const before = await deviceValues(request);
    const since = Date.now();
    await inputOf(page, "Filtered port").fill(String(otherPort(before.filtered_port)));
    await submitOf(page, "Filtered port").click();
    await expect(resultOf(page, "Filtered port")).toHaveText("200 - Success");
    const [set] = await setsSince(device, since);
    expect(Object.keys(set?.body as object).sort()).toEqual(["key", "time", "value"]);
  });
});

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
    const since = Date.now();
    await page.goto("/configuration");
    await expect(page.getByTestId("config-progress")).toContainText(
      new RegExp(`^Loading\\.\\.\\.\\d+ / ${len}$`),
    );
    await expect(page.getByTestId("config-state")).toHaveText("REFRESHED", { timeout: 20_000 });
    await expect(page.getByTestId("config-progress")).toHaveCount(0);
    for (const info of infos) {
      const value = values[info.name_internal];
      const shown = info.name_internal.endsWith("_password") ? "••••••••" : String(value);
      await expect(setting(page, info.name_display)).toContainText(`Current: ${shown}`);
    }
    const paths = (await device.hooks.log()).filter((e) => e.time >= since).map((e) => e.path);
    expect(paths.filter((p) => p.startsWith("/api/config/mapping/quantity"))).toHaveLength(1);
    expect(paths.filter((p) => p.startsWith("/api/config/mapping/getInfo"))).toHaveLength(len);
  });

  test("a setting the device fails to describe is named, the others still show", async ({ page, device }) => {
    await device.hooks.fault({
      path: "/api/config/mapping/getInfo",
      status: 500,
      count: 1,
      body: { error: "oops" },
    });
    await openConfiguration(page);
    await expect(page.getByText("Setting #0: HTTP 500: oops")).toBeVisible();
    await expect(setting(page, "UHF power")).toBeVisible();
  });
});
