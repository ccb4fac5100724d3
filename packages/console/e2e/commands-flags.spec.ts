// Commands page behind its feature flags (a developer override set on the settings page): the remote store read from
// the unit. The flags' rules (auth off, execution regardless, a bad remote answer, the 50 ms between reads) are proven
// on a fake clock in src/commands/CommandsFlags.test.tsx (docs/TESTING.md); an override read from localStorage at load
// in settings.spec.ts.
import type { Page } from "@playwright/test";
import { commandNames, received } from "./commands-helpers.ts";
import { expect, test } from "./fixtures.ts";

const flagsSection = (page: Page) => page.getByRole("region", { name: "Feature Flags" });

test.describe("commands feature flags", () => {
  test("the remote store reads quantity, then getInfo per index in order, and shows the same catalogue", async ({
    page,
    device,
  }) => {
    await page.goto("/commands");
    // The page's chunk arrives after the load event: wait for its rows before reading them.
    await expect(commandNames(page)).toHaveCount(16);
    const local = await commandNames(page).allTextContents();

    // The flag turned on as a developer does, on the settings page; then back to the commands page.
    await page.getByRole("contentinfo").getByRole("link", { name: "Developer settings" }).click();
    await flagsSection(page)
      .getByRole("group", { name: "Commands" })
      .getByRole("checkbox", { name: "useRemoteStore" })
      .check();
    const start = await device.hooks.logSeq();
    await page.getByRole("navigation").getByRole("link", { name: "Commands", exact: true }).click();
    // Its "Loading...N / 16" lasts under a second (a busy machine can draw it too late to see): proven in
    // CommandsFlags.test.tsx. Here, what the unit was asked and what the page then shows.
    await expect(page.getByRole("link", { name: "10 / 16 Available" })).toBeVisible({ timeout: 15_000 });
    expect(await commandNames(page).allTextContents()).toEqual(local);
    const count = await received(device.hooks.log, "/api/commands/mapping/quantity", start);
    expect(count).toHaveLength(1);
    const infos = await received(device.hooks.log, "/api/commands/mapping/getInfo", start);
    expect(infos.map((e) => (e as { query?: string }).query)).toEqual(
      Array.from({ length: 16 }, (_, i) => `index=${i}`),
    );
    // The reload button asks again.
    const again = await device.hooks.logSeq();
    await page.getByRole("button", { name: "Reload command list" }).click();
    await expect(page.getByRole("link", { name: "10 / 16 Available" })).toBeVisible({ timeout: 15_000 });
    await expect
      .poll(async () => (await received(device.hooks.log, "/api/commands/mapping/getInfo", again)).length)
      .toBe(16);
  });
});
