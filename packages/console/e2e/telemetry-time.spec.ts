// Device Time against the emulated unit, one journey: Requery's verdict, a faulted sync, and the time zone error's
// colours in a browser an hour east.
import { expect, installClocks, test } from "./fixtures.ts";
import { openDeviceTime } from "./telemetry-helpers.ts";

test("Device Time: Requery samples the unit's time and gives a verdict; every attempt failing reads Faulted query; an hour east, the time zone error in red", async ({
  page,
  device,
}) => {
  // The page on the unit's clock (running on): the panel's tick is a jump of the page's clock, not a wait.
  await installClocks(page, device);
  const { time, verdict } = await openDeviceTime(page);

  await test.step("Requery samples the device time (5 to 15 attempts) and gives a verdict", async () => {
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
    await expect(time.getByTestId("tz-error").locator("[data-colour]")).toHaveAttribute(
      "data-colour",
      "green",
    );
    // The panel ticks: the browser time changes a second on (the page's clock alone: nothing is asked of the unit).
    const shown = await time.getByTestId("browser-time").textContent();
    await page.clock.fastForward(1_000);
    await expect(time.getByTestId("browser-time")).not.toHaveText(shown ?? "", { timeout: 2_000 });
  });

  await test.step("every attempt failing reads Faulted query and 'Unable to fetch device time.'", async () => {
    await device.hooks.fault({ path: "/api/telemetry/time/sources", status: 503, count: 15 });
    await time.getByRole("button", { name: "Requery" }).click();
    await expect(verdict).toHaveAttribute("data-accuracy", "NO_GOOD_RESULTS", { timeout: 15_000 });
    await expect(verdict).toContainText("Faulted query");
    await expect(verdict).toContainText("Something went wrong, please check connection and try again");
    await expect(verdict).toContainText("Unable to fetch device time.");
  });

  await test.step("in a browser an hour east of the device the time zone error is device offset minus browser offset, in red", async () => {
    const sources = await (await page.request.get("/api/telemetry/time/sources")).json();
    expect(sources.utc_offset).toBe(0);
    // Lagos: UTC+1 all year (no summer time), so 0 − 3600 in any month. Set as Playwright's timezoneId sets it, on
    // this page only (the worker's context is reused: a context option would make a new one) and undone after.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setTimezoneOverride", { timezoneId: "Africa/Lagos" });
    try {
      await page.reload();
      const tz = time.getByTestId("tz-error");
      await expect(tz).toHaveText("Time zone error-3600 s (-1 h)");
      await expect(tz.locator("[data-colour]")).toHaveAttribute("data-colour", "red");
      await expect(time.getByTestId("browser-time")).toContainText("UTC+01:00");
    } finally {
      await cdp.send("Emulation.setTimezoneOverride", { timezoneId: "" });
      await cdp.detach();
    }
  });
});
