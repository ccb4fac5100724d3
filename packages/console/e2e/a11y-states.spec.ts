// axe-core with dialogs open and errors shown: each state set up once and checked light and dark, desktop and phone
// (the state itself, and the whole page once with a modal question open: the rest is a11y.spec's).
import { AUTH_TEST_DELAY_MS, COMMAND_SEND_DELAY_MS, makeTestImage } from "@trc/protocol";
import { axeScope, expectNoAxeViolationsInEachVariant } from "./a11y-helpers.ts";
import { commandRow, EXECUTE, executeButton, historyEntries } from "./commands-helpers.ts";
import { expectHighlight, setting } from "./configuration-helpers.ts";
import { advanceClocks, expect, installClocks, test } from "./fixtures.ts";

test("no axe violations with dialogs open and errors shown, light and dark, desktop and phone", async ({
  page,
  device,
}) => {
  test.setTimeout(120_000);
  // One clock for the page and its unit: a command's 2 s before it is sent and the password test's 500 ms are moves.
  await installClocks(page, device);
  try {
    // Commands: FS_CLEAR's question, then a refused command's red outcome with the device's body.
    await page.goto("/commands");
    await commandRow(page, "Clear History").click();
    await executeButton(page).click();
    const question = page.getByRole("alertdialog");
    await expect(question).toBeVisible();
    await expectNoAxeViolationsInEachVariant(
      page,
      "the FS_CLEAR question",
      undefined,
      await axeScope(question),
    );
    await question.getByRole("button", { name: "No" }).click();
    await expect(question).toHaveCount(0);
    await device.hooks.fault({ path: EXECUTE, status: 400, count: 1, body: { error: "bad argument" } });
    await commandRow(page, "Identify antennas").click();
    await executeButton(page).click();
    await advanceClocks(page, device, COMMAND_SEND_DELAY_MS);
    await expect(historyEntries(page).first()).toContainText("400 Bad Arg");
    await expectNoAxeViolationsInEachVariant(
      page,
      "a refused command",
      undefined,
      await axeScope(historyEntries(page).first()),
    );

    // Files: the delete question, then a list that fails to load.
    await page.goto("/files");
    await page
      .getByRole("button", { name: /^Delete / })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Delete file?" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolationsInEachVariant(page, "the delete question", undefined, await axeScope(dialog));
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    // Enough failures that no reload or retry of the list gets an answer while the four runs look at the error.
    await device.hooks.fault({ path: "/api/filesystem/getAll", status: 500, count: 100 });
    await page.goto("/files");
    const listError = page.getByRole("alert").first();
    await expect(listError).toBeVisible();
    await expectNoAxeViolationsInEachVariant(
      page,
      "the files page with an error",
      () => expect(listError).toBeVisible(),
      await axeScope(listError),
    );
    await device.hooks.clearFaults();

    // Telemetry: a card whose dataset fails.
    await device.hooks.fault({ path: "/api/telemetry/battery", status: 500, count: 100 });
    await page.goto("/telemetry");
    const battery = page.getByTestId("card-battery");
    await expect(battery).toHaveAttribute("data-state", "errored");
    await expectNoAxeViolationsInEachVariant(
      page,
      "a failed telemetry card",
      () => expect(battery).toHaveAttribute("data-state", "errored"),
      await axeScope(battery),
    );
    await device.hooks.clearFaults();

    // Auth: a wrong password.
    await page.goto("/auth");
    await page.getByRole("textbox", { name: "Password" }).fill("not-the-password");
    await page.getByRole("button", { name: "Test Password" }).click();
    await advanceClocks(page, device, AUTH_TEST_DELAY_MS);
    const incorrect = page.getByText("Password was incorrect");
    await expect(incorrect).toBeVisible();
    await expectNoAxeViolationsInEachVariant(
      page,
      "a failed password test",
      undefined,
      await axeScope(incorrect),
    );

    // Firmware: a file that is not an image.
    await page.goto("/firmware");
    await page.locator('input[type="file"]').setInputFiles({
      name: "notes.bin",
      mimeType: "application/octet-stream",
      buffer: Buffer.from("just some notes\n".repeat(100)),
    });
    const refused = page.getByRole("alert").filter({ hasText: "Upload Failed..." });
    await expect(refused).toBeVisible();
    await expectNoAxeViolationsInEachVariant(
      page,
      "a refused firmware file",
      undefined,
      await axeScope(refused),
    );
    await page.getByRole("button", { name: "Retry" }).click();
    await page.locator('input[type="file"]').setInputFiles({
      name: "ok.bin",
      mimeType: "application/octet-stream",
      buffer: Buffer.from(makeTestImage({ size: 4096, version: "1.2.3" })),
    });
    await expect(page.getByTestId("image-version")).toHaveText("1.2.3");
    const details = page.getByTestId("image-version").locator("xpath=ancestor::dl[1]");
    await expectNoAxeViolationsInEachVariant(
      page,
      "a chosen firmware image",
      undefined,
      await axeScope(details),
    );

    // Configuration: the leave question, then a save the device refuses (the edit is undone after).
    await page.goto("/configuration");
    const input = page.getByRole("textbox", { name: "MQTT client id" });
    const before = await input.inputValue();
    await input.fill("ONET-A11Y");
    await page.getByRole("navigation").getByRole("link", { name: "Telemetry" }).click();
    const leave = page.getByRole("dialog", { name: "Leave without submitting?" });
    await expect(leave).toBeVisible();
    await expectNoAxeViolationsInEachVariant(page, "the leave question", undefined, await axeScope(leave));
    await leave.getByRole("button", { name: "Stay" }).click();
    await device.hooks.fault({
      path: "/api/config/set",
      status: 400,
      count: 1,
      body: { error: "bad value" },
    });
    await input.press("Enter");
    await expectHighlight(input, "failed");
    await expectNoAxeViolationsInEachVariant(
      page,
      "a refused configuration save",
      undefined,
      await axeScope(setting(page, "MQTT client id")),
    );
    await input.fill(before);
  } finally {
    await device.hooks.clearFaults();
  }
});
