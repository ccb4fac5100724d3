// Two browsers on one unit (issue 22 §2): the second's load is refused while the first one's runs, then succeeds.
import type { Page } from "@playwright/test";
import { makeTestImage } from "@trc/protocol";
import { waitForReboot } from "./commands-helpers.ts";
import { chooseImage, chunkValve, FIRMWARE_PATH, imageFile } from "./firmware-helpers.ts";
import { expect, type RequestLogEntry, test } from "./fixtures.ts";

/** The firmware version the unit reports. */
async function runningVersion(url: string): Promise<string> {
  const res = await fetch(`${url}/api/telemetry/firmware`, { signal: AbortSignal.timeout(2000) });
  return ((await res.json()) as { version: string }).version;
}

// The unit applies an image and restarts in 1.5 s rather than 3.5 s: each upload ends in a reboot that the test waits out.
test.use({ deviceEnv: { DEVICE_FIRMWARE_APPLY_MS: "1000", DEVICE_REBOOT_MS: "500" } });

const acknowledgedAll = (page: Page, size: number) =>
  page.getByText(`The unit acknowledged all ${size} bytes.`);

test("a second browser is told another upload is in progress, the first goes on, and the second can try again later", async ({
  browser,
  page,
  device,
}) => {
  test.setTimeout(90_000);
  const big = makeTestImage({ size: 16 * 4096, version: "8.0.0-a", projectName: "trc-a", seed: 81 });
  const small = makeTestImage({ size: 3 * 4096, version: "8.0.0-b", projectName: "trc-b", seed: 82 });
  // A is the test's page (its errors fail the test: fixtures.ts), B another browser's on the same unit.
  const bContext = await browser.newContext({ baseURL: device.url });
  const bPage = await bContext.newPage();
  const bErrors: Error[] = [];
  bPage.on("pageerror", (e) => bErrors.push(e));
  try {
    await chooseImage(page, "a.bin", big);
    await chooseImage(bPage, "b.bin", small);
    await expect(page.getByTestId("image-version")).toHaveText("8.0.0-a");
    await expect(bPage.getByTestId("image-version")).toHaveText("8.0.0-b");

    // The unit reboots into a complete image: after this moment on its clock (waitForReboot).
    const aStartedAt = (await device.hooks.clock()).now;
    // A's chunks after its first wait (firmware-helpers.ts): its upload is under way however fast the machine.
    const valveA = await chunkValve(page);
    await page.getByRole("button", { name: "Load Firmware" }).click();
    await expect(page.getByTestId("load-percent")).toHaveText("6 %");
    const refusedAt = Date.now();
    await bPage.getByRole("button", { name: "Load Firmware" }).click();
    await expect(bPage.getByText("Load Failed...")).toBeVisible();
    await expect(bPage.getByTestId("stage-error")).toHaveText("Another upload is in progress on this unit");
    await expect(bPage.getByTestId("busy-hint")).toHaveText(
      "Nothing was sent. Press Retry once the other upload has finished; an upload that stopped frees the unit 30 s after its last chunk.",
    );
    // B sent its first chunk once, no retries; A's upload went on untouched and completes.
    const bFirst = (e: RequestLogEntry) =>
      e.path === FIRMWARE_PATH &&
      e.time >= refusedAt &&
      (e.body as { flSize?: string })?.flSize === String(small.length);
    expect((await device.hooks.log()).filter(bFirst)).toHaveLength(1);
    valveA.open();
    await expect(acknowledgedAll(page, big.length)).toBeVisible({ timeout: 30_000 });
    await waitForReboot(device, aStartedAt);
    expect(await runningVersion(device.url)).toBe("8.0.0-a");

    // Later, B tries again: Retry, the same file, Load Firmware.
    await bPage.getByRole("button", { name: "Retry" }).click();
    await bPage.getByLabel("Firmware image (.bin)").setInputFiles(imageFile("b.bin", small));
    const bStartedAt = (await device.hooks.clock()).now;
    await bPage.getByRole("button", { name: "Load Firmware" }).click();
    await expect(acknowledgedAll(bPage, small.length)).toBeVisible();
    await waitForReboot(device, bStartedAt);
    expect(await runningVersion(device.url)).toBe("8.0.0-b");
    expect(bErrors).toEqual([]);
  } finally {
    await bContext.close();
  }
});
