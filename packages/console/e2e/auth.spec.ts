// Auth page against the emulated decoder: the password test, the three messages, level, None, the key option.

import { shownColour } from "./colours.ts";
import { AUTH_TEST, received, waitForRequest } from "./commands-helpers.ts";
import { expect, test } from "./fixtures.ts";

test("auth page: the key option inert, an empty, a right and a wrong password, each with its message and level", async ({
  page,
  device,
}) => {
  // What the unit received after an action: its request log after a cursor taken before it.
  const logCursor = () => device.hooks.logSeq();
  const opened = await logCursor();
  await page.goto("/auth");

  // First: nothing has asked the unit yet.
  await test.step("the encrypted key option is disabled, blurred and inert", async () => {
    await expect(page.getByText("Encrypted keys in a future release")).toBeVisible();
    await expect(page.getByText("No login service available")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Encrypted Key" })).toBeDisabled();
    const file = page.locator('input[type="file"]');
    await expect(file).toHaveAttribute("accept", ".otauth,.txt");
    await expect(file).toBeDisabled();
    await expect(page.getByLabel("Paste key")).toBeDisabled();
    // The inert part of the option (its message, file and key) is drawn blurred.
    await expect(page.locator("[inert]").filter({ hasText: "No login service available" })).toHaveCSS(
      "filter",
      /blur/,
    );
    expect(await received(device.hooks.log, AUTH_TEST, opened)).toEqual([]);
  });

  await test.step("an empty password reads the device's 400 message", async () => {
    const start = await logCursor();
    // A click, not check(): the radio is checked only while the test is under way and falls back to None once the
    // device refuses, which on a slow machine happens before check() looks at it again.
    await page.getByRole("radio", { name: "Password" }).click();
    await expect(page.getByText("ERROR: Query did not contain authentication")).toBeVisible();
    await expect(page.getByRole("radio", { name: "None" })).toBeChecked();
    const sent = await received(device.hooks.log, AUTH_TEST, start);
    expect(sent.map((e) => e.body)).toEqual([{}]);
  });

  await test.step("the right password sets Password and the level the device returns", async () => {
    await expect(page.getByText("No auth configured!")).toBeVisible();
    await expect(page.getByText("Level: Default (10)")).toBeVisible();
    await page.getByRole("textbox", { name: "Password" }).fill("owner-pass");
    const cursor = await logCursor();
    await page.getByRole("button", { name: "Test Password" }).click();
    // The 0.5 s before the unit is asked is timed on a fake clock in src/auth/AuthPage.test.tsx.
    const sent = await waitForRequest(device.hooks.log, AUTH_TEST, cursor);
    expect(sent.body).toEqual({ auth_pw: "***" });
    await expect(page.getByText("Password test was successful, validated")).toBeVisible();
    await expect(page.getByRole("img", { name: "Passed" })).toHaveText("✓");
    await expect(page.getByText("Level: Owner (20)")).toBeVisible();
    await expect(page.getByText("Auth: Pass")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Password" })).toBeChecked();
    // Kept for the session only (D7).
    await page.reload();
    await expect(page.getByText("Level: Owner (20)")).toBeVisible();
    const local = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(local).not.toContain("owner-pass");
    // None goes back to level 10.
    await page.getByRole("radio", { name: "None" }).check();
    await expect(page.getByText("Level: Default (10)")).toBeVisible();
    await expect(page.getByText("No auth configured!")).toBeVisible();
  });

  await test.step("a wrong password reads 'Password was incorrect' and resets to None at level 10", async () => {
    await page.getByRole("textbox", { name: "Password" }).fill("dev-pass");
    await page.getByRole("button", { name: "Test Password" }).click();
    await expect(page.getByText("Level: Developer (150)")).toBeVisible();
    await page.getByRole("textbox", { name: "Password" }).fill("not-the-password");
    await page.getByRole("button", { name: "Test Password" }).click();
    await expect(page.getByText("Password was incorrect")).toBeVisible();
    await expect(page.getByRole("img", { name: "Failed" })).toHaveText("✗");
    await expect.poll(() => shownColour(page.getByText("Password was incorrect"), "color")).toBe("red");
    await expect(page.getByText("Level: Default (10)")).toBeVisible();
    await expect(page.getByRole("radio", { name: "None" })).toBeChecked();
  });
});
