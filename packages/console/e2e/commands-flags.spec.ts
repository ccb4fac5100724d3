// Commands page behind its feature flags (developer overrides in localStorage): the remote store read from the unit.
// The flags' rules (auth off, execution regardless, a bad remote answer, the 50 ms between reads) are proven on a fake
// clock in src/commands/CommandsFlags.test.tsx (docs/TESTING.md).
import type { Page } from "@playwright/test";
import { commandNames, received } from "./commands-helpers.ts";
import { expect, test } from "./fixtures.ts";

async function withFlags(page: Page, commands: Record<string, boolean>): Promise<void> {
  await page.addInitScript((flags) => {
    localStorage.setItem("featureFlagOverrides", JSON.stringify({ commands: flags }));
  }, commands);
}

test.describe("commands feature flags", () => {
  test("the remote store reads quantity, then getInfo per index in order, and shows the same catalogue", async ({
    page,
    device,
  }) => {
    await page.goto("/commands");
    // The page's chunk arrives after the load event: wait for its rows before reading them.
    await expect(commandNames(page)).toHaveCount(16);
    const local = await commandNames(page).allTextContents();

    await withFlags(page, { useRemoteStore: true });
    const start = Date.now();
    await page.goto("/commands");
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
    const again = Date.now();
    await page.getByRole("button", { name: "Reload command list" }).click();
    await expect(page.getByRole("link", { name: "10 / 16 Available" })).toBeVisible({ timeout: 15_000 });
    await expect
      .poll(async () => (await received(device.hooks.log, "/api/commands/mapping/getInfo", again)).length)
      .toBe(16);
  });
});
