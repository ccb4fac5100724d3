// Two browsers on one unit (issue 22 §2): the second's load is refused while the first one's runs, then succeeds.
import type { Browser, Page } from "@playwright/test";
import { makeTestImage } from "@trc/protocol";
import { waitForReboot } from "./commands-helpers.ts";
import { expect, type RequestLogEntry, test } from "./fixtures.ts";

const FIRMWARE_PATH = "/api/firmware/update";

async function firmwarePage(browser: Browser, baseURL: string, name: string, bytes: Uint8Array) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on("pageerror", (e) => errors.push(e));
  await page.goto("/firmware");
  await page
    .getByLabel("Firmware image (.bin)")
    .setInputFiles({ name, mimeType: "application/octet-stream", buffer: Buffer.from(bytes) });
  return { context, page, errors };
}

/** The firmware version the unit reports. */
async function runningVersion(url: string): Promise<string> {
  const res = await fetch(`${url}/api/telemetry/firmware`, { signal: AbortSignal.timeout(2000) });
  return ((await res.json()) as { version: string }).version;
}

const acknowledgedAll = (page: Page, size: number) =>
  page.getByText(`The unit acknowledged all ${size} bytes.`);

test("a second browser is told another upload is in progress, the first goes on, and the second can try again later", async ({
  browser,
  device,
}) => {
  test.setTimeout(150_000);
  const big = makeTestImage({ size: 1_000_000, version: "8.0.0-a", projectName: "trc-a", seed: 81 });
  const small = makeTestImage({ size: 3 * 4096, version: "8.0.0-b", projectName: "trc-b", seed: 82 });
  const a = await firmwarePage(browser, device.url, "a.bin", big);
  const b = await firmwarePage(browser, device.url, "b.bin", small);
  try {
    await expect(a.page.getByTestId("image-version")).toHaveText("8.0.0-a");
    await expect(b.page.getByTestId("image-version")).toHaveText("8.0.0-b");

    // The unit reboots into a complete image: after this moment on its clock (waitForReboot).
    const aStartedAt = (await device.hooks.clock()).now;
    await a.page.getByRole("button", { name: "Load Firmware" }).click();
    await expect(a.page.getByTestId("load-percent")).not.toHaveText("0 %");
    const refusedAt = Date.now();
    await b.page.getByRole("button", { name: "Load Firmware" }).click();
    await expect(b.page.getByText("Load Failed...")).toBeVisible();
    await expect(b.page.getByTestId("stage-error")).toHaveText("Another upload is in progress on this unit");
    await expect(b.page.getByTestId("busy-hint")).toHaveText(
      "Nothing was sent. Press Retry once the other upload has finished; an upload that stopped frees the unit 30 s after its last chunk.",
    );
    // B sent its first chunk once, no retries; A's upload went on untouched and completes.
    const bFirst = (e: RequestLogEntry) =>
      e.path === FIRMWARE_PATH &&
      e.time >= refusedAt &&
      (e.body as { flSize?: string })?.flSize === String(small.length);
    expect((await device.hooks.log()).filter(bFirst)).toHaveLength(1);
    await expect(acknowledgedAll(a.page, big.length)).toBeVisible({ timeout: 100_000 });
    await waitForReboot(device, aStartedAt);
    expect(await runningVersion(device.url)).toBe("8.0.0-a");

    // Later, B tries again: Retry, the same file, Load Firmware.
    await b.page.getByRole("button", { name: "Retry" }).click();
    await b.page
      .getByLabel("Firmware image (.bin)")
      .setInputFiles({ name: "b.bin", mimeType: "application/octet-stream", buffer: Buffer.from(small) });
    const bStartedAt = (await device.hooks.clock()).now;
    await b.page.getByRole("button", { name: "Load Firmware" }).click();
    await expect(acknowledgedAll(b.page, small.length)).toBeVisible();
    await waitForReboot(device, bStartedAt);
    expect(await runningVersion(device.url)).toBe("8.0.0-b");
    expect([...a.errors, ...b.errors]).toEqual([]);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
