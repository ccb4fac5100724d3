// The console shell on an HF unit: the header shows mode hf (deviceEnv is per worker, so it needs its own file).
import { expect, modeText, test } from "./fixtures.ts";

test.use({ deviceEnv: { DEVICE_MODE: "hf" } });

test("the device answers mode hf", async ({ request }) => {
  const res = await request.get("/api/config/deviceName");
  expect(await res.json()).toMatchObject({ deviceName: "DECODER-01", mode: "hf" });
});

test("header shows the device name and the hf mode", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header).toContainText("DECODER-01");
  await expect(header.getByText(modeText("hf"))).toBeVisible();
  await expect(header.getByText(modeText("uhf"))).toHaveCount(0);
});
