// Device Time against the emulated unit: Requery's verdict, a faulted sync, and the time zone error's colours.
import { expect, test } from "./fixtures.ts";
import { openDeviceTime } from "./telemetry-helpers.ts";

test("Requery samples the device time (5 to 15 attempts) and gives a verdict", async ({ page, device }) => {
  const { time, verdict } = await openDeviceTime(page);
  // The device keeps only its last 200 requests: start from an empty log so the count cannot saturate.
  await device.hooks.clearLog();
  const before = (await device.hooks.log()).filter((e) => e.path === "/api/telemetry/time/sources").length;
  await time.getByRole("button", { name: "Requery" }).click();
  await expect(verdict).toHaveAttribute("data-accuracy", "ACCURATE", { timeout: 20_000 });
  await expect(verdict).toContainText("Accurate");
  await expect(verdict).toContainText("Accurate as possible considering error sources");
  await expect(time.getByTestId("time-bound")).toHaveText(/^± \d+ ms$/);
  const after = (await device.hooks.log()).filter((e) => e.path === "/api/telemetry/time/sources").length;
  expect(after - before).toBeGreaterThanOrEqual(5);
  expect(after - before).toBeLessThanOrEqual(15);
  await expect(time.getByTestId("tz-error")).toHaveText("Time zone error0 s");
  await expect(time.getByTestId("tz-error").locator("[data-colour]")).toHaveAttribute("data-colour", "green");
  // The panel ticks: the browser time changes within a second or two.
  const shown = await time.getByTestId("browser-time").textContent();
  await expect(time.getByTestId("browser-time")).not.toHaveText(shown ?? "", { timeout: 2_000 });
});

test("every attempt failing reads Faulted query and 'Unable to fetch device time.'", async ({
  page,
  device,
}) => {
  const { time, verdict } = await openDeviceTime(page);
  await device.hooks.fault({ path: "/api/telemetry/time/sources", status: 503, count: 15 });
  await time.getByRole("button", { name: "Requery" }).click();
  await expect(verdict).toHaveAttribute("data-accuracy", "NO_GOOD_RESULTS", { timeout: 15_000 });
  await expect(verdict).toContainText("Faulted query");
  await expect(verdict).toContainText("Something went wrong, please check connection and try again");
  await expect(verdict).toContainText("Unable to fetch device time.");
});

test.describe("a browser an hour east of the device", () => {
  test.use({ timezoneId: "Europe/Berlin" });

  test("the time zone error is device offset minus browser offset, in red", async ({ page, request }) => {
    const sources = await (await request.get("/api/telemetry/time/sources")).json();
    expect(sources.utc_offset).toBe(0);
    await page.goto("/");
    const tz = page.getByTestId("card-time").getByTestId("tz-error");
    // November: Berlin is UTC+1, so 0 − 3600.
    await expect(tz).toHaveText("Time zone error-3600 s (-1 h)");
    await expect(tz.locator("[data-colour]")).toHaveAttribute("data-colour", "red");
    await expect(page.getByTestId("card-time").getByTestId("browser-time")).toContainText("UTC+01:00");
  });
});
