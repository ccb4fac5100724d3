// Commands page against the emulated decoder: execute after 2 s, outcomes and badges, levels, FS_CLEAR, history.

import { toManualTimeArg } from "@trc/protocol";
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
import { expect, test } from "./fixtures.ts";
import { recordPhases } from "./phases.ts";

const BANNER = "Insufficient permissions for this command! Please authenticate";

test.describe("commands page", () => {
  test("lists the commands by level then name, with badges from 20 and 'N / M Available'", async ({
    page,
  }) => {
    await page.goto("/commands");
    await expect(page.getByRole("heading", { name: "Command List" })).toBeVisible();
    const names = commandNames(page);
    await expect(names).toHaveCount(16);
    await expect(names.first()).toHaveText("Clear History");
    await expect(names.last()).toHaveText("Old Bad Cmd");
    await expect(commandRow(page, "Get Password").getByTestId("level-badge")).toHaveText("ownr 20");
    await expect(commandRow(page, "Reboot").getByTestId("level-badge")).toHaveCount(0);
    const footer = page.getByRole("link", { name: "10 / 16 Available" });
    await expect(footer).toHaveAttribute("href", "/auth");
    await expect(page.getByText("No auth configured!")).toBeVisible();
    await expect(page.getByText("Select a command from the list...")).toBeVisible();
    await expect(page.getByText("No history")).toBeVisible();
  });

  test("executes Reboot: the device receives it about 2 s after the click, then '200 Success'", async ({
    page,
    device,
  }) => {
    await page.goto("/commands");
    await commandRow(page, "Reboot").click();
    await expect(page.getByText("No arguments")).toBeVisible();
    expect(await packetPreview(page)).toEqual({ cmd: "REBOOT", args: [] });
    await expect(executeButton(page)).toHaveText("Execute");
    const busyPhases = await recordPhases(page.getByRole("region", { name: "Execute" }), "busy");
    const clickedAt = Date.now();
    await executeButton(page).click();
    // Appended to the history and the selection cleared at once; sent only after the delay.
    await expect(historyEntries(page)).toHaveCount(1);
    await expect(page.getByText("Select a command from the list...")).toBeVisible();
    await expect(historyEntries(page).first()).toContainText("Not sent yet");
    // While the command is in progress no other command may run: another command selected at once (well inside the
    // 2 s before Reboot is sent), Execute stays disabled until Reboot's answer is in. Recorded in the page: a check
    // from the test can look only after the window on a busy machine.
    const identify = commandRow(page, "Identify antennas");
    const pressedPhases = await recordPhases(identify, "pressed");
    const enabledPhases = await recordPhases(page.getByRole("region", { name: "Execute" }), "enabled");
    await identify.click();
    await expect(executeButton(page)).toHaveText("Execute");
    await expect(executeButton(page)).toHaveAttribute("aria-busy", "false", { timeout: 2_000 });
    // A spinner for 500 ms after the click: the button says it is busy. Recorded in the page (CI on a busy machine
    // looked only after it was over), its end timed from the click, which `clickedAt` precedes (a late draw only
    // makes it longer; 5 ms for the two clocks' rounding), as on the Settings page.
    const phases = await busyPhases();
    expect(phases.map((p) => p.state)).toEqual(["false", "true", "false"]);
    const [, , idle] = phases.map((p) => p.wall - clickedAt);
    expect(idle).toBeGreaterThanOrEqual(500 - 5);
    const sent = await waitForRequest(device.hooks.log, EXECUTE, clickedAt - 50);
    expect(sent.body).toEqual({ cmd: "REBOOT", args: [] });
    expect(sent.time - clickedAt).toBeGreaterThanOrEqual(1_900);
    expect(sent.time - clickedAt).toBeLessThan(4_000);
    const entry = historyEntries(page).first();
    await expectOutcome(entry, "200 Success");
    await expect(entry).toContainText("State: RECEIVED");
    await expect(entry.locator("pre")).toHaveCount(0);
    await expect(executeButton(page)).toBeEnabled();
    // Selected before Reboot even reached the unit, and Execute enabled only once it had.
    const pressed = await pressedPhases();
    expect(pressed.map((p) => p.state)).toEqual(["false", "true"]);
    expect(pressed[1]?.wall).toBeLessThanOrEqual(sent.time);
    const enabled = await enabledPhases();
    expect(enabled.map((p) => p.state)).toEqual(["disabled", "enabled"]);
    expect(enabled[1]?.wall).toBeGreaterThanOrEqual(sent.time);
    await waitForReboot(page, sent.time);
    // The history survives a reload.
    await page.reload();
    await expectOutcome(historyEntries(page).first(), "200 Success");
    await expect(historyEntries(page).first()).toContainText("Reboot");
    await page.getByRole("button", { name: "Clear", exact: true }).click();
    await expect(page.getByText("No history")).toBeVisible();
  });

  test("an above-level command shows the banner and 'Not Authed'; the right password unlocks it", async ({
    page,
    device,
  }) => {
    await page.goto("/commands");
    await commandRow(page, "Force reboot tasks").click();
    await expect(page.getByRole("alert").filter({ hasText: BANNER })).toBeVisible();
    await expect(executeButton(page)).toHaveText("Not Authed");
    await expect(executeButton(page)).toBeDisabled();

    await page.getByRole("link", { name: "Configure" }).click();
    await logIn(page, "admin-pass");
    await page.getByRole("navigation").getByRole("link", { name: "Commands" }).click();
    await expect(page.getByText("Level: Admin (100)")).toBeVisible();
    await expect(page.getByText("Auth: Pass")).toBeVisible();
    await expect(page.getByRole("link", { name: "15 / 16 Available" })).toBeVisible();
    await commandRow(page, "Force reboot tasks").click();
    await expect(page.getByText(BANNER)).toHaveCount(0);
    expect(await packetPreview(page)).toEqual({ cmd: "FORCE_REBOOT_TASKS", args: [], auth_pw: "admin-pass" });
    const clickedAt = Date.now();
    await executeButton(page).click();
    const sent = await waitForRequest(device.hooks.log, EXECUTE, clickedAt);
    // The device logs passwords masked; it received one.
    expect(sent.body).toEqual({ cmd: "FORCE_REBOOT_TASKS", args: [], auth_pw: "***" });
    await expectOutcome(historyEntries(page).first(), "200 Success");
    // The password never reaches localStorage (D7).
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toContain("admin-pass");
  });

  test("a 400 shows '400 Bad Arg' with the body", async ({ page, device }) => {
    await page.goto("/commands");
    await commandRow(page, "Replay selected").click();
    await page.getByPlaceholder("timing_0001.csv").fill("no_such_file.csv");
    const clickedAt = Date.now();
    await executeButton(page).click();
    const sent = await waitForRequest(device.hooks.log, EXECUTE, clickedAt);
    expect(sent.body).toEqual({ cmd: "REPLAY_SELECTED", args: ["no_such_file.csv"] });
    const entry = historyEntries(page).first();
    await expectOutcome(entry, "400 Bad Arg");
    await expect(entry.locator("pre")).toContainText("HTTP 400");
    await expect(entry.locator("pre")).toContainText("there is no timing file named no_such_file.csv");
  });

  test("FS_CLEAR asks first: No sends nothing, Yes sends", async ({ page, device }) => {
    const start = Date.now();
    // The page's timers on Playwright's clock: the 2 s send delay is passed over instead of waited for.
    await page.clock.install();
    await page.goto("/commands");
    await commandRow(page, "Clear History").click();
    await executeButton(page).click();
    const question = page.getByRole("alertdialog");
    await expect(question).toHaveText(/All timing and status data will be deleted\. Are you really sure\?/);
    await question.getByRole("button", { name: "No" }).click();
    await expect(question).toHaveCount(0);
    // Past the send delay: a command sent by No would now be on its way, ahead of anything sent later.
    await page.clock.runFor(2_500);
    await expect(page.getByText("No history")).toBeVisible();

    await executeButton(page).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes" }).click();
    await page.clock.runFor(2_500);
    const sent = await waitForRequest(device.hooks.log, EXECUTE, start);
    expect(sent.body).toEqual({ cmd: "FS_CLEAR", args: [] });
    // The unit received the one FS_CLEAR of Yes, nothing from No.
    expect((await received(device.hooks.log, EXECUTE, start)).map((e) => e.body)).toEqual([
      { cmd: "FS_CLEAR", args: [] },
    ]);
    await expectOutcome(historyEntries(page).first(), "200 Success");
    // The worker's unit gets its example files back for the tests after this one.
    expect((await page.request.post(`${device.url}/api/filesystem/dev/refreshFSDB`)).ok()).toBe(true);
  });

  test("arguments are checked before sending and the time picker sends YYMMDDHHMMSSmmm", async ({
    page,
    device,
  }) => {
    await page.goto("/commands");
    await commandRow(page, "Enable/Disable UHF Transmitter").click();
    const state = page.getByPlaceholder("ON", { exact: true });
    await expect(state).toHaveValue("ON");
    await state.fill("maybe");
    await expect(page.getByText("Enter ON or OFF")).toBeVisible();
    await expect(executeButton(page)).toHaveText("Error");
    await expect(executeButton(page)).toBeDisabled();
    await state.fill("OFF");
    // Drafts are kept per command.
    await commandRow(page, "Set time manually").click();
    const picker = page.getByPlaceholder("yy-MM-dd HH:mm:ss");
    await picker.fill("26-02-30 10:00:00");
    await expect(page.getByText("Date input not valid.")).toBeVisible();
    await expect(executeButton(page)).toHaveText("Error");
    await picker.fill("26-11-22 09:30:15");
    await expect(page.getByText("Date input not valid.")).toHaveCount(0);
    const expected = await page.evaluate(() => {
      const iso = new Date(2026, 10, 22, 9, 30, 15).toISOString();
      return iso.slice(2, 19).replace(/[-T:]/g, "").concat("000");
    });
    expect(await packetPreview(page)).toEqual({ cmd: "TIME_MANUAL", args: [expected] });
    await commandRow(page, "Enable/Disable UHF Transmitter").click();
    await expect(page.getByPlaceholder("ON", { exact: true })).toHaveValue("OFF");
    await commandRow(page, "Set time manually").click();
    const clickedAt = Date.now();
    await executeButton(page).click();
    const sent = await waitForRequest(device.hooks.log, EXECUTE, clickedAt);
    expect(sent.body).toEqual({ cmd: "TIME_MANUAL", args: [expected] });
    await expectOutcome(historyEntries(page).first(), "200 Success");
    // Put the shared device's clock back, so later tests in this worker (clock sync) see a true clock.
    const restore = await page.request.post("/api/commands/execute", {
      data: { cmd: "TIME_MANUAL", args: [toManualTimeArg(new Date())] },
    });
    expect(restore.status()).toBe(200);
  });
});

test("a device answering 503 reads 'Unknown?' with the body, and the page keeps working", async ({
  page,
  device,
}) => {
  await device.hooks.fault({ path: EXECUTE, status: 503, count: 1, body: { error: "radio busy" } });
  await page.goto("/commands");
  await commandRow(page, "Identify antennas").click();
  await executeButton(page).click();
  const entry = historyEntries(page).first();
  await expectOutcome(entry, "Unknown?");
  await expect(entry.locator("pre")).toContainText("HTTP 503");
  await expect(entry.locator("pre")).toContainText("radio busy");
  await commandRow(page, "Identify antennas").click();
  await executeButton(page).click();
  await expect(historyEntries(page)).toHaveCount(2);
  await expectOutcome(historyEntries(page).first(), "200 Success");
});
