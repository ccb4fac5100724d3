// The password limit in the browser (issue 23): the wait from Retry-After where the user looks, and the level kept.

import { shownColour } from "./colours.ts";
import { commandRow, executeButton } from "./commands-helpers.ts";
import { expect, type RunningDevice, startExtraDevice, test } from "./fixtures.ts";

const WAIT = /Too many wrong passwords: try again in (\d+) s$/;

test.describe("password limit", () => {
  // Its own unit: the limit is per address and would hold up the worker's other tests for a minute.
  let unit: RunningDevice;
  test.beforeAll(async () => {
    unit = await startExtraDevice();
  });
  test.afterAll(() => unit.close());

  test("after 5 wrong guesses from this address the page says how long to wait and keeps the level", async ({
    page,
  }) => {
    await page.goto(`${unit.url}/auth`);
    await page.getByRole("textbox", { name: "Password" }).fill("dev-pass");
    await page.getByRole("button", { name: "Test Password" }).click();
    await expect(page.getByText("Level: Developer (150)")).toBeVisible();

    // Someone behind the same address guesses 5 times (at once): the unit's tries for this minute are gone.
    const guesses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        fetch(`${unit.url}/api/commands/auth/test`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ auth_pw: `guess-${i}` }),
        }),
      ),
    );
    expect(guesses.map((g) => g.status)).toEqual([401, 401, 401, 401, 401]);
    const probe = await fetch(`${unit.url}/api/commands/auth/test`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ auth_pw: "dev-pass" }),
    });
    expect(probe.status).toBe(429);
    const retryAfter = Number(probe.headers.get("Retry-After"));

    // The Auth page's test: the wait, and the level it had.
    await page.getByRole("button", { name: "Test Password" }).click();
    const message = page.getByText(WAIT);
    await expect(message).toBeVisible();
    const shown = Number(WAIT.exec((await message.textContent()) ?? "")?.[1]);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(retryAfter);
    await expect.poll(() => shownColour(message, "color")).toBe("red");
    await expect(page.getByText("Level: Developer (150)")).toBeVisible();
    await expect(page.getByText("Auth: Pass")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Password" })).toBeChecked();

    // A command sent with the password: the wait under Execute; the level still stands.
    await page.goto(`${unit.url}/commands`);
    await commandRow(page, "Force reboot tasks").click();
    await executeButton(page).click();
    await expect(page.getByRole("alert").filter({ hasText: WAIT })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText("Level: Developer (150)")).toBeVisible();
  });
});
