// Commands page behind its feature flags (developer overrides in localStorage): the remote store, execution regardless.
import type { Page } from "@playwright/test";
import {
  commandNames,
  commandRow,
  EXECUTE,
  executeButton,
  expectOutcome,
  historyEntries,
  received,
  waitForRequest,
} from "./commands-helpers.ts";
import { expect, test } from "./fixtures.ts";

async function withFlags(page: Page, commands: Record<string, boolean>): Promise<void> {
  await page.addInitScript((flags) => {
    localStorage.setItem("featureFlagOverrides", JSON.stringify({ commands: flags }));
  }, commands);
}

test.describe("commands feature flags", () => {
  test("the remote store reads quantity, then getInfo per index 50 ms apart, and shows the same catalogue", async ({
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
    await expect(page.getByText(/^Loading\.\.\.\d+ \/ 16$/)).toBeVisible();
    await expect(page.getByRole("link", { name: "10 / 16 Available" })).toBeVisible({ timeout: 15_000 });
    expect(await commandNames(page).allTextContents()).toEqual(local);
    const count = await received(device.hooks.log, "/api/commands/mapping/quantity", start);
    expect(count).toHaveLength(1);
    const infos = await received(device.hooks.log, "/api/commands/mapping/getInfo", start);
    expect(infos.map((e) => (e as { query?: string }).query)).toEqual(
      Array.from({ length: 16 }, (_, i) => `index=${i}`),
    );
    for (let i = 1; i < infos.length; i++) {
      expect((infos[i]?.time ?? 0) - (infos[i - 1]?.time ?? 0)).toBeGreaterThanOrEqual(45);
    }
    // The reload button asks again.
    const again = Date.now();
    await page.getByRole("button", { name: "Reload command list" }).click();
    await expect(page.getByRole("link", { name: "10 / 16 Available" })).toBeVisible({ timeout: 15_000 });
    await expect
      .poll(async () => (await received(device.hooks.log, "/api/commands/mapping/getInfo", again)).length)
      .toBe(16);
  });

  test("the remote store skips a bad answer and says so", async ({ page, device }) => {
    await withFlags(page, { useRemoteStore: true });
    await device.hooks.fault({
      path: "/api/commands/mapping/getInfo",
      status: 200,
      count: 1,
      body: { desc: "no name", cmd: "X", perm: 5, args: [] },
    });
    await page.goto("/commands");
    await expect(page.getByRole("link", { name: "9 / 15 Available" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("1 bad answer(s) skipped")).toBeVisible();
    await page.getByText("1 bad answer(s) skipped").click();
    await expect(page.getByText("Command #0: answer without name")).toBeVisible();
  });

  test("with execution regardless allowed, the device's 401 and 404 show as badges with the body", async ({
    page,
    device,
  }) => {
    await withFlags(page, { allowExecutionRegardless: true });
    await page.goto("/commands");
    await commandRow(page, "Get Password").click();
    await expect(
      page.getByText("Insufficient permissions for this command! Please authenticate"),
    ).toBeVisible();
    await expect(executeButton(page)).toHaveText("Execute");
    const first = Date.now();
    await executeButton(page).click();
    await waitForRequest(device.hooks.log, EXECUTE, first);
    const denied = historyEntries(page).first();
    await expectOutcome(denied, "401 Unauthorized");
    await expect(denied.locator("pre")).toContainText("GET_PW needs level 20");

    await commandRow(page, "Old Bad Cmd").click();
    await executeButton(page).click();
    await expect(historyEntries(page)).toHaveCount(2);
    const missing = historyEntries(page).first();
    await expectOutcome(missing, "404 Cmd Not Found");
    await expect(missing.locator("pre")).toContainText("Unknown command: OLD_BAD_CMD");
  });

  test("with the commands auth flag off there is no status bar and every command may run", async ({
    page,
  }) => {
    await withFlags(page, { useAuth: false });
    await page.goto("/commands");
    await expect(page.getByRole("link", { name: "16 / 16 Available" })).toBeVisible();
    await expect(page.getByText("No auth configured!")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Authorize" })).toHaveCount(0);
    await commandRow(page, "Force reboot tasks").click();
    await expect(
      page.getByText("Insufficient permissions for this command! Please authenticate"),
    ).toHaveCount(0);
    await expect(executeButton(page)).toHaveText("Execute");
    await expect(executeButton(page)).toBeEnabled();
  });
});
