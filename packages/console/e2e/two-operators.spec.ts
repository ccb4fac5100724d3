// Two operators on one unit's commands (issue 22): an owner and a default browser each see their own gating, the unit
// judges every request by its own credentials whatever the other browser did, and each keeps its own history.
import type { Browser, Page } from "@playwright/test";
import { AUTH_TEST_DELAY_MS, COMMAND_SEND_DELAY_MS } from "@trc/protocol";
import {
  AUTH_TEST,
  commandNames,
  commandRow,
  EXECUTE,
  executeButton,
  expectOutcome,
  historyEntries,
  packetPreview,
  waitForRequest,
} from "./commands-helpers.ts";
import { advanceClocks, type Device, expect, installClocks, test } from "./fixtures.ts";

const BANNER = "Insufficient permissions for this command! Please authenticate";

/**
 * The second operator's browser: its own context (storage, session, history), on the unit's clock like the test's page;
 * fails the test on a page error.
 */
async function operator(browser: Browser, device: Device, flags: Record<string, boolean>) {
  const context = await browser.newContext({ baseURL: device.url });
  await context.addInitScript((f) => {
    localStorage.setItem("featureFlagOverrides", JSON.stringify({ commands: f }));
  }, flags);
  const page = await context.newPage();
  await installClocks(page, device);
  const errors: Error[] = [];
  page.on("pageerror", (e) => errors.push(e));
  return { page, errors, close: () => context.close() };
}

const openCommands = async (page: Page) => {
  await page.goto("/commands");
  await expect(commandNames(page)).toHaveCount(16);
};

test("an owner and a default browser on one unit: own gating, the unit judges each request, own history", async ({
  page,
  browser,
  device,
  request,
}) => {
  // The owner is the test's own browser; both browsers and the unit share one clock: the password test's 500 ms and
  // each command's 2 s before it is sent pass as moves of it, not in real time.
  await installClocks(page, device);
  // The default operator's console lets it send above its level (developer flag), so the unit must refuse.
  const other = await operator(browser, device, { allowExecutionRegardless: true });
  const wait = (ms: number) => advanceClocks([page, other.page], device, ms);
  const logCursor = () => device.hooks.logSeq();
  try {
    await page.goto("/auth");
    await page.getByRole("textbox", { name: "Password" }).fill("owner-pass");
    await page.getByRole("button", { name: "Test Password" }).click();
    await wait(AUTH_TEST_DELAY_MS);
    await expect(page.getByText("Password test was successful, validated")).toBeVisible();
    await openCommands(page);
    await openCommands(other.page);

    // Each sees its own level and gating.
    await expect(page.getByText("Level: Owner (20)")).toBeVisible();
    await expect(page.getByText("Auth: Pass")).toBeVisible();
    await expect(other.page.getByText("Level: Default (10)")).toBeVisible();
    await expect(other.page.getByText("No auth configured!")).toBeVisible();
    await expect(page.getByRole("link", { name: "12 / 16 Available" })).toBeVisible();
    await expect(other.page.getByRole("link", { name: "10 / 16 Available" })).toBeVisible();
    await commandRow(page, "Get Password").click();
    await commandRow(other.page, "Set Password").click();
    await expect(page.getByText(BANNER)).toHaveCount(0);
    await expect(other.page.getByRole("alert").filter({ hasText: BANNER })).toBeVisible();
    expect(await packetPreview(page)).toEqual({ cmd: "GET_PW", args: [], auth_pw: "owner-pass" });

    // The owner runs an owner command: the unit takes it.
    let cursor = await logCursor();
    await executeButton(page).click();
    await wait(COMMAND_SEND_DELAY_MS);
    expect((await waitForRequest(device.hooks.log, EXECUTE, cursor)).body).toMatchObject({
      cmd: "GET_PW",
      auth_pw: "***",
    });
    await expectOutcome(historyEntries(page).first(), "200 Success");

    // The default browser sends SET_PW right after: no credentials of the owner's go with it, the unit refuses.
    await other.page.getByPlaceholder("new-password").fill("taken-over-1");
    await expect.poll(() => packetPreview(other.page)).toEqual({ cmd: "SET_PW", args: ["taken-over-1"] });
    cursor = await logCursor();
    await executeButton(other.page).click();
    await wait(COMMAND_SEND_DELAY_MS);
    const sent = await waitForRequest(device.hooks.log, EXECUTE, cursor);
    // The device's log masks passwords (the new one in args too); no auth_pw went with it.
    expect(sent.body).toEqual({ cmd: "SET_PW", args: ["***"] });
    const denied = historyEntries(other.page).first();
    await expectOutcome(denied, "401 Unauthorized");
    await expect(denied.locator("pre")).toContainText("SET_PW needs level 20");

    // The owner password is unchanged; the new one is no password at all.
    const test = async (pw: string) => (await request.post(AUTH_TEST, { data: { auth_pw: pw } })).status();
    expect(await test("owner-pass")).toBe(200);
    expect(await test("taken-over-1")).toBe(401);

    // The default browser runs a level-5 command: taken, under its own (default) level.
    await commandRow(other.page, "Identify antennas").click();
    cursor = await logCursor();
    await executeButton(other.page).click();
    await wait(COMMAND_SEND_DELAY_MS);
    expect((await waitForRequest(device.hooks.log, EXECUTE, cursor)).body).toEqual({
      cmd: "IDENT_ANT",
      args: [],
    });
    await expectOutcome(historyEntries(other.page).first(), "200 Success");

    // Each history holds only its own browser's commands, after a reload too.
    for (const p of [page, other.page]) await p.reload();
    await expect(historyEntries(page)).toHaveCount(1);
    await expect(historyEntries(page).first()).toContainText("Get Password");
    await expect(historyEntries(other.page)).toHaveCount(2);
    await expect(historyEntries(other.page).nth(0)).toContainText("Identify antennas");
    await expect(historyEntries(other.page).nth(1)).toContainText("Set Password");
    // The owner is still the owner, the other still default: nothing crossed between the browsers.
    await expect(page.getByText("Level: Owner (20)")).toBeVisible();
    await expect(other.page.getByText("Level: Default (10)")).toBeVisible();
  } finally {
    await other.close();
  }
  expect(other.errors).toEqual([]);
});
