// Firmware updater against the emulated unit: full update to a new version, 20 failures, refused files, leaving mid-load.
import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { FIRMWARE, makeTestImage } from "@trc/protocol";
import { chooseImage, chunkValve, FIRMWARE_PATH, imageFile } from "./firmware-helpers.ts";
import { advanceClocksUntil, expect, installClocks, type RequestLogEntry, test } from "./fixtures.ts";

const isChunk = (e: RequestLogEntry) => e.path === FIRMWARE_PATH;

/** A step's status word, as the step list says it. */
const stepStatus = (page: Page, key: string) =>
  page.getByTestId(`step-${key}`).getByText(/^(pending|active|in progress|done|failed)$/);

test.describe.configure({ mode: "serial" });

test("a full update loads every chunk, and the unit comes back reporting the new version", async ({
  page,
  device,
}) => {
  test.setTimeout(90_000);
  const size = 10 * 4096 + 1234;
  const bytes = makeTestImage({ size, version: "9.8.7-e2e", projectName: "trc-e2e", seed: 42 });
  const sha = createHash("sha256").update(bytes).digest("hex");
  await chooseImage(page, "update.bin", bytes);

  await expect(page.getByTestId("image-size")).toHaveText(`${size} bytes`);
  await expect(page.getByTestId("image-sha256")).toHaveText(sha);
  await expect(page.getByTestId("image-project")).toHaveText("trc-e2e");
  await expect(page.getByTestId("image-version")).toHaveText("9.8.7-e2e");
  await expect(stepStatus(page, "upload")).toHaveText("done");
  await expect(stepStatus(page, "load")).toHaveText("active");
  expect((await device.hooks.log()).filter(isChunk)).toHaveLength(0);

  await page.getByRole("button", { name: "Load Firmware" }).click();
  await expect(page.getByText(`The unit acknowledged all ${size} bytes.`)).toBeVisible();
  await expect(stepStatus(page, "load")).toHaveText("done");
  await expect(stepStatus(page, "reboot")).toHaveText("active");

  const log = await device.hooks.log();
  const chunks = log.filter(isChunk);
  expect(chunks.map((c) => c.body)).toEqual(
    Array.from({ length: 11 }, (_, i) => ({
      chunk: `(${i === 10 ? 1234 : 4096} bytes)`,
      ...(i === 0 ? { flSize: String(size) } : {}),
      offset: String(i * 4096),
    })),
  );
  // The 20 ms pacing between chunks is proven on a fake clock in src/firmware/uploader.test.ts ("uploadImage pacing").
  // Nothing else went to the unit while the chunks flowed.
  const first = log.indexOf(chunks[0] as RequestLogEntry);
  const last = log.indexOf(chunks.at(-1) as RequestLogEntry);
  expect(log.slice(first, last + 1).filter((e) => !isChunk(e))).toEqual([]);

  await page.getByRole("button", { name: "Finalize" }).click();
  await expect(
    page.getByText("Wait for the unit to reboot or the buzzer to sound, then refresh."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Refresh" })).toBeVisible();
  await expect(page.getByTestId("reported-version")).toHaveText("9.8.7-e2e", { timeout: 60_000 });
  await expect(page.getByText("That is the version of the image you loaded.")).toBeVisible();
  await expect(stepStatus(page, "reboot")).toHaveText("done");

  // The telemetry the page read is the unit's own: the same version on the firmware card's call.
  const firmware = await (await page.request.get("/api/telemetry/firmware")).json();
  expect(firmware.version).toBe("9.8.7-e2e");

  // Refresh reloads the page: a fresh start.
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(stepStatus(page, "upload")).toHaveText("active");
  await expect(page.getByLabel("Firmware image (.bin)")).toBeVisible();
  // The next test's reset puts the unit back on its own version (packages/device/test/reset.test.ts).
});

test("a file that is not an ESP32 image is refused before anything is sent; 20 failed chunk answers in a row end in the failed state, and Retry starts over", async ({
  page,
  device,
}) => {
  test.setTimeout(60_000);
  // The 500 ms before each retry passes on the one clock (page and unit), not in real time.
  await installClocks(page, device);

  await test.step("a file that is not an ESP32 image is refused with the reason before anything is sent", async () => {
    const cursor = await device.hooks.logSeq();
    await chooseImage(page, "notes.bin", new TextEncoder().encode("just some notes\n".repeat(100)));
    await expect(page.getByText("Upload Failed...")).toBeVisible();
    await expect(page.getByTestId("stage-error")).toHaveText(
      "Not an ESP32 image: first byte is 0x6a, expected 0xe9",
    );
    await expect(stepStatus(page, "upload")).toHaveText("failed");
    await expect(page.getByRole("button", { name: "Load Firmware" })).toHaveCount(0);

    await page.getByRole("button", { name: "Retry" }).click();
    await page
      .getByLabel("Firmware image (.bin)")
      .setInputFiles(imageFile("notes.txt", new Uint8Array([0xe9, 1, 2])));
    await expect(page.getByTestId("stage-error")).toHaveText("Only .bin files are accepted (notes.txt)");
    expect((await device.hooks.log(cursor)).filter(isChunk)).toEqual([]);
  });

  await test.step("20 failed chunk answers in a row end in the failed state, and Retry starts over", async () => {
    const bytes = makeTestImage({ size: 3 * 4096, version: "5.0.0" });
    await chooseImage(page, "fail.bin", bytes);
    await expect(page.getByTestId("image-version")).toHaveText("5.0.0");
    const cursor = await device.hooks.logSeq();
    await device.hooks.fault({ path: FIRMWARE_PATH, status: 500, count: 20 });

    await page.getByRole("button", { name: "Load Firmware" }).click();
    await expect(page.getByTestId("load-retrying")).toContainText("in a row, the load stops at 20");
    const failed = page.getByText("Load Failed...");
    // Each move lets the waiting retry go; a move while a chunk is on its way only makes the next wait shorter.
    await advanceClocksUntil(page, device, FIRMWARE.retryDelayMs, () => failed.isVisible());
    await expect(page.getByTestId("stage-error")).toHaveText(
      "20 failures in a row; last: chunk at byte 0: HTTP 500",
    );
    await expect(stepStatus(page, "load")).toHaveText("failed");

    // 20 tries of the first chunk (the 500 ms before each retry is proven on a fake clock in uploader.test.ts).
    const attempts = (await device.hooks.log(cursor)).filter(isChunk);
    expect(attempts).toHaveLength(20);

    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByLabel("Firmware image (.bin)")).toBeVisible();
    await expect(stepStatus(page, "upload")).toHaveText("active");
    await expect(stepStatus(page, "load")).toHaveText("pending");
  });
});

test("leaving or reloading during the load asks first; Stay keeps loading, Leave stops it", async ({
  page,
  device,
}) => {
  test.setTimeout(60_000);
  // 16 chunks, of which only those the test lets go reach the unit (firmware-helpers.ts): the load is under way for as
  // long as the test needs to try leaving three times, however fast the machine.
  const size = 16 * 4096;
  const bytes = makeTestImage({ size, version: "6.0.0" });
  const valve = await chunkValve(page);
  // Arrive from the dashboard, so Back has a page of the console to go to.
  await page.goto("/telemetry");
  await page.getByRole("link", { name: "Firmware" }).click();
  await page.getByLabel("Firmware image (.bin)").setInputFiles(imageFile("big.bin", bytes));
  await page.getByRole("button", { name: "Load Firmware" }).click();
  await expect(page.getByTestId("load-bytes")).toHaveText(`4096 / ${size} bytes`);

  await page.getByRole("link", { name: "Telemetry" }).click();
  const question = page.getByRole("dialog", { name: "Leave while the firmware loads?" });
  await expect(question).toContainText("The firmware is still loading.");
  // The question has the focus: Escape is Stay.
  await expect(question.getByRole("button", { name: "Stay" })).toBeFocused();
  await page.keyboard.press("Escape");
  // Gone from the page, not only closed: the dialog's close event (the "no") has been handled before Back is pressed.
  await expect(page.locator("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/firmware$/);

  // Back asks too, and Stay keeps the page and the load: the next chunk let go is sent and acknowledged.
  await page.goBack();
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Stay" }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/firmware$/);
  valve.allow(1);
  await expect(page.getByTestId("load-bytes")).toHaveText(`8192 / ${size} bytes`);

  const dialog = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const asked = await dialog;
  expect(asked.type()).toBe("beforeunload");
  await asked.dismiss();
  await expect(page.getByTestId("load-bytes")).toBeVisible();

  // Leave stops the load: the chunk waiting at the valve is given up by the page, and none follows it.
  await expect.poll(() => valve.held()).toBe(1);
  const givenUp = page.waitForEvent("requestfailed", {
    predicate: (r) => r.url().endsWith(FIRMWARE_PATH),
    timeout: 10_000,
  });
  await page.getByRole("link", { name: "Telemetry" }).click();
  await question.getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL(/\/telemetry$/);
  await givenUp;
  const left = await device.hooks.logSeq();
  // From now on every chunk the page still sends reaches the unit.
  valve.open();
  // A refresh of data on screen reaches the unit: the upload has given the unit's gate back (while it runs, such
  // background reads wait).
  await page.getByRole("button", { name: "Refresh Battery" }).click();
  await expect
    .poll(async () => (await device.hooks.log(left)).some((e) => e.path === "/api/telemetry/battery"))
    .toBe(true);
  expect((await device.hooks.log(left)).filter(isChunk)).toEqual([]);
  // The stopped upload holds the unit for 30 s (another image's first chunk gets 409): the next test's reset drops it
  // (packages/device/test/reset.test.ts).
});
