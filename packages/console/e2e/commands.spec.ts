// Commands page against the emulated decoder: a command executed and answered, outcomes and badges, levels, FS_CLEAR,
// history. Its timings, argument checks and flags are proven in src/commands/*.test.tsx (docs/TESTING.md).

import { COMMAND_SEND_DELAY_MS } from "@trc/protocol";
import {
  commandNames,
  commandRow,
  EXECUTE,
  executeButton,
  expectOutcome,
  historyEntries,
  logIn,
  packetPreview,
  received,
  waitForReboot,
  waitForRequest,
} from "./commands-helpers.ts";
import { advanceClocks, expect, installClocks, test } from "./fixtures.ts";

const BANNER = "Insufficient permissions for this command! Please authenticate";

test("commands page: Reboot answered and kept over a reload, a 400, FS_CLEAR's question, a 503, an above-level command unlocked", async ({
  page,
  device,
}) => {
  // The page and the unit on one clock: each command's 2 s before it is sent is passed over on both instead of waited
  // for. What the unit received after a click: its request log after a cursor taken before it.
  await installClocks(page, device);
  const logCursor = () => device.hooks.logSeq();
  const passSendDelay = () => advanceClocks(page, device, COMMAND_SEND_DELAY_MS);
  const clearHistory = async () => {
    await page.getByRole("button", { name: "Clear", exact: true }).click();
    await expect(page.getByText("No history")).toBeVisible();
  };
  await page.goto("/commands");

  await test.step("executes Reboot: listed at once as not sent, received by the unit, then '200 Success'; kept over a reload", async () => {
    // The 500 ms spinner, the 2 s before sending and Execute held while a command is on its way are timed on a fake
    // clock in src/commands/CommandsTiming.test.tsx; here only their order as the browser shows it.
    // The page as it opens (its order, badges and counts are proven in src/commands: commandList.test.ts,
    // CommandsPage.test.tsx).
    await expect(commandNames(page)).toHaveCount(16);
    await expect(page.getByRole("link", { name: "10 / 16 Available" })).toHaveAttribute("href", "/auth");
    await expect(page.getByText("No history")).toBeVisible();
    await commandRow(page, "Reboot").click();
    await expect(page.getByText("No arguments")).toBeVisible();
    expect(await packetPreview(page)).toEqual({ cmd: "REBOOT", args: [] });
    await expect(executeButton(page)).toHaveText("Execute");
    const cursor = await logCursor();
    await executeButton(page).click();
    // Appended to the history and the selection cleared at once; sent only after the delay (the clocks stand before it).
    await expect(historyEntries(page)).toHaveCount(1);
    await expect(page.getByText("Select a command from the list...")).toBeVisible();
    await expect(historyEntries(page).first()).toContainText("Not sent yet");
    await passSendDelay();
    const sent = await waitForRequest(device.hooks.log, EXECUTE, cursor);
    expect(sent.body).toEqual({ cmd: "REBOOT", args: [] });
    const entry = historyEntries(page).first();
    await expectOutcome(entry, "200 Success");
    await expect(entry).toContainText("State: RECEIVED");
    await expect(entry.locator("pre")).toHaveCount(0);
    // Another command can run once the answer is in.
    await commandRow(page, "Identify antennas").click();
    await expect(executeButton(page)).toBeEnabled();
    await waitForReboot(device, sent.time);
    // The history survives a reload.
    await page.reload();
    await expectOutcome(historyEntries(page).first(), "200 Success");
    await expect(historyEntries(page).first()).toContainText("Reboot");
    await clearHistory();
  });

  await test.step("a 400 shows '400 Bad Arg' with the body", async () => {
    await commandRow(page, "Replay selected").click();
    await page.getByPlaceholder("timing_0001.csv").fill("no_such_file.csv");
    const clickedAt = await logCursor();
    await executeButton(page).click();
    await passSendDelay();
    const sent = await waitForRequest(device.hooks.log, EXECUTE, clickedAt);
    expect(sent.body).toEqual({ cmd: "REPLAY_SELECTED", args: ["no_such_file.csv"] });
    const entry = historyEntries(page).first();
    await expectOutcome(entry, "400 Bad Arg");
    await expect(entry.locator("pre")).toContainText("HTTP 400");
    await expect(entry.locator("pre")).toContainText("there is no timing file named no_such_file.csv");
    await clearHistory();
  });

  await test.step("FS_CLEAR asks first: No sends nothing, Yes sends", async () => {
    const start = await logCursor();
    await commandRow(page, "Clear History").click();
    await executeButton(page).click();
    const question = page.getByRole("alertdialog");
    await expect(question).toHaveText(/All timing and status data will be deleted\. Are you really sure\?/);
    await question.getByRole("button", { name: "No" }).click();
    await expect(question).toHaveCount(0);
    // Past the send delay: a command sent by No would now be on its way, ahead of anything sent later.
    await advanceClocks(page, device, 2_500);
    await expect(page.getByText("No history")).toBeVisible();

    await executeButton(page).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes" }).click();
    await advanceClocks(page, device, 2_500);
    const sent = await waitForRequest(device.hooks.log, EXECUTE, start);
    expect(sent.body).toEqual({ cmd: "FS_CLEAR", args: [] });
    // The unit received the one FS_CLEAR of Yes, nothing from No.
    expect((await received(device.hooks.log, EXECUTE, start)).map((e) => e.body)).toEqual([
      { cmd: "FS_CLEAR", args: [] },
    ]);
    await expectOutcome(historyEntries(page).first(), "200 Success");
    await clearHistory();
  });

  await test.step("a device answering 503 reads 'Unknown?' with the body, and the page keeps working", async () => {
    await device.hooks.fault({ path: EXECUTE, status: 503, count: 1, body: { error: "radio busy" } });
    await commandRow(page, "Identify antennas").click();
    await executeButton(page).click();
    await passSendDelay();
    const entry = historyEntries(page).first();
    await expectOutcome(entry, "Unknown?");
    await expect(entry.locator("pre")).toContainText("HTTP 503");
    await expect(entry.locator("pre")).toContainText("radio busy");
    await commandRow(page, "Identify antennas").click();
    await executeButton(page).click();
    await passSendDelay();
    await expect(historyEntries(page)).toHaveCount(2);
    await expectOutcome(historyEntries(page).first(), "200 Success");
  });

  // Last: from here on the console holds a password, which goes with every command.
  await test.step("an above-level command shows the banner and 'Not Authed'; the right password unlocks it", async () => {
    await commandRow(page, "Force reboot tasks").click();
    await expect(page.getByRole("alert").filter({ hasText: BANNER })).toBeVisible();
    await expect(executeButton(page)).toHaveText("Not Authed");
    await expect(executeButton(page)).toBeDisabled();

    await page.getByRole("link", { name: "Configure" }).click();
    await logIn(page, "admin-pass", { open: false });
    await page.getByRole("navigation").getByRole("link", { name: "Commands" }).click();
    await expect(page.getByText("Level: Admin (100)")).toBeVisible();
    await expect(page.getByText("Auth: Pass")).toBeVisible();
    await expect(page.getByRole("link", { name: "15 / 16 Available" })).toBeVisible();
    await commandRow(page, "Force reboot tasks").click();
    await expect(page.getByText(BANNER)).toHaveCount(0);
    await expect
      .poll(() => packetPreview(page))
      .toEqual({ cmd: "FORCE_REBOOT_TASKS", args: [], auth_pw: "admin-pass" });
    const clickedAt = await logCursor();
    await executeButton(page).click();
    await passSendDelay();
    const sent = await waitForRequest(device.hooks.log, EXECUTE, clickedAt);
    // The device logs passwords masked; it received one.
    expect(sent.body).toEqual({ cmd: "FORCE_REBOOT_TASKS", args: [], auth_pw: "***" });
    await expectOutcome(historyEntries(page).first(), "200 Success");
    // The password never reaches localStorage (D7).
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toContain("admin-pass");
  });
});
