// The restart banner and backup/restore against the emulated device: Restart unit reboots it; export, change, import restores.
import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { BUILT_IN_CONFIG } from "@trc/protocol";
import { waitForReboot } from "./commands-helpers.ts";
import {
  banner,
  deviceValues,
  goToConfiguration,
  inputOf,
  openConfiguration,
  otherPort,
  resultOf,
  setsAfter,
  setting,
  submitOf,
} from "./configuration-helpers.ts";
import {
  advanceClocks,
  type Device,
  expect,
  installClocks,
  test,
  unitAnswers,
  waitForUnit,
} from "./fixtures.ts";

/**
 * The unit's uptime is whole seconds: a boot within 2 s of the change (rebootCheck's BOOT_MARGIN_MS) is not counted.
 * The page's and the unit's clocks move 3 s past the change instead of the test waiting them out.
 */
async function pastBootMargin(page: Page, device: Device): Promise<void> {
  await advanceClocks(page, device, 3_000);
}

/** Reboots the unit behind the console's back and waits until it has restarted and answers again. */
async function rebootBehindTheConsole(request: APIRequestContext, device: Device): Promise<void> {
  const { now: since } = await device.hooks.clock();
  const res = await request.post("/api/commands/execute", { data: { cmd: "REBOOT", args: [] } });
  expect(res.status()).toBe(200);
  await waitForReboot(device, since);
}

/** On the configuration page: sets Tag timeout one higher (the banner goes up), then passes the boot margin. */
async function raiseBanner(page: Page, request: APIRequestContext, device: Device): Promise<void> {
  const before = await deviceValues(request);
  await inputOf(page, "Tag timeout").fill(String(Number(before.tag_timeout) + 1));
  await submitOf(page, "Tag timeout").click();
  await expect(resultOf(page, "Tag timeout")).toHaveText("200 - Success");
  await expect(banner(page)).toBeVisible();
  await pastBootMargin(page, device);
}

// Every reboot here is a real one of DEVICE_REBOOT_MS (1.5 s): Restart unit's watch must see the unit away between two
// of its polls 500 ms apart, and the console must find it unreachable on a Refresh while it is away.
test.describe("restart banner and reboots the console did not ask for", () => {
  test("Restart unit, a reboot behind the console seen on a load and on opening the page, and one seen once the unit answers again", async ({
    page,
    request,
    device,
  }) => {
    const nav = (name: string) => page.getByRole("navigation").getByRole("link", { name, exact: true });
    // The page on its unit's clock (running naturally, kept across reloads); the request log is on that clock.
    await installClocks(page, device);
    await openConfiguration(page);

    await test.step("stays across a reload, lists the changes, and clears once the rebooted unit is back", async () => {
      const before = await deviceValues(request);
      await inputOf(page, "Tag timeout").fill(String(Number(before.tag_timeout) + 1));
      await submitOf(page, "Tag timeout").click();
      await expect(resultOf(page, "Tag timeout")).toHaveText("200 - Success");
      await inputOf(page, "Company number").fill(String(Number(before.company_num) + 1));
      await submitOf(page, "Company number").click();
      await expect(resultOf(page, "Company number")).toHaveText("200 - Success");
      await expect(banner(page)).toContainText("tag_timeout, company_num");

      // The banner is about the unit, not the page: it survives a reload and shows on other pages.
      await page.reload();
      await expect(banner(page)).toBeVisible();
      await nav("Telemetry").click();
      await expect(banner(page)).toBeVisible();

      const cursor = await device.hooks.logSeq();
      await banner(page).getByRole("button", { name: "Restart unit" }).click();
      await expect(banner(page)).toContainText("Restarting the unit...");
      await expect(banner(page)).toHaveCount(0, { timeout: 30_000 });
      const reboots = (await device.hooks.log(cursor)).filter(
        (e) => e.path === "/api/commands/execute" && (e.body as { cmd?: string })?.cmd === "REBOOT",
      );
      expect(reboots).toHaveLength(1);
      // The unit is back and kept the values set before the restart.
      const after = await deviceValues(request);
      expect(after.tag_timeout).toBe(Number(before.tag_timeout) + 1);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Telemetry" })).toBeVisible();
      await expect(banner(page)).toHaveCount(0);
    });

    await test.step("a reboot while the console was not watching clears the banner on the next load", async () => {
      await goToConfiguration(page);
      await raiseBanner(page, request, device);
      await page.reload();
      await expect(banner(page)).toBeVisible();
      await rebootBehindTheConsole(request, device);
      await page.reload();
      await expect(page.getByTestId("config-state")).toHaveText("REFRESHED", { timeout: 20_000 });
      await expect(banner(page)).toHaveCount(0);
    });

    await test.step("opening the configuration page after a reboot elsewhere clears the banner", async () => {
      await raiseBanner(page, request, device);
      await nav("Commands").click();
      await rebootBehindTheConsole(request, device);
      await expect(banner(page)).toBeVisible();
      await nav("Configuration").click();
      await expect(page.getByTestId("config-state")).toHaveText("REFRESHED", { timeout: 20_000 });
      await expect(banner(page)).toHaveCount(0);
    });

    await test.step("the unit answering again after being unreachable clears the banner when it has rebooted", async () => {
      // The console's code comes from the unit: the telemetry page's code is loaded while the unit is up.
      await nav("Telemetry").click();
      await expect(page.getByRole("heading", { level: 1, name: "Telemetry" })).toBeVisible();
      await nav("Configuration").click();
      await expect(page.getByTestId("config-state")).toHaveText("REFRESHED");
      const before = await deviceValues(request);
      await inputOf(page, "Tag timeout").fill(String(Number(before.tag_timeout) + 1));
      await submitOf(page, "Tag timeout").click();
      await expect(banner(page)).toBeVisible();
      await pastBootMargin(page, device);

      const res = await request.post("/api/commands/execute", { data: { cmd: "REBOOT", args: [] } });
      expect(res.status()).toBe(200);
      // Gone, not yet back (it stays down 1.5 s, DEVICE_REBOOT_MS): the console is to find it unreachable.
      await expect.poll(() => unitAnswers(device.url), { timeout: 10_000, intervals: [50] }).toBe(false);
      // A failing Refresh: the console sees the unit unreachable (a failed load does not ask for the uptime).
      await page.getByRole("button", { name: "Refresh", exact: true }).click();
      await expect(page.getByTestId("config-state")).toHaveText("ERROR");
      await expect(page.getByTestId("connection")).toContainText("Offline");
      // Unreachable, the console cannot tell a reboot from a blip: the banner stays.
      await expect(banner(page)).toBeVisible();
      await waitForUnit(device.url, 20_000);
      // Telemetry older than 5 s (the query client's staleTime) is fetched again on open: its first answer brings the
      // console back online (unless the alarm watch's 30 s read got there first, on a slow machine: the same path).
      // The page's and the unit's clocks move 6 s on.
      await advanceClocks(page, device, 6_000);
      await nav("Telemetry").click();
      await expect(page.getByTestId("connection")).toContainText("Online");
      await expect(banner(page)).toHaveCount(0);
    });
  });
});

test.describe("backup and restore", () => {
  test("export and import on one page: the download, the chosen differences applied, and a file that is not an export refused", async ({
    page,
    request,
    device,
  }, testInfo) => {
    await test.step("export downloads the configuration; import lists the differences and applies the chosen ones", async () => {
      const before = await deviceValues(request);
      await openConfiguration(page);
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Export" }).click();
      const file = testInfo.outputPath("config-backup.json");
      await (await download).saveAs(file);
      expect((await download).suggestedFilename()).toMatch(
        /^config-DECODER-01-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.json$/,
      );
      const backup = JSON.parse(await readFile(file, "utf8")) as { config: Record<string, unknown> };
      expect(Object.keys(backup.config).sort()).toEqual(BUILT_IN_CONFIG.map((i) => i.name_internal).sort());
      for (const [name, value] of Object.entries(backup.config)) expect(value).toBe(before[name]);

      // Change two settings on the device through the page.
      const power = before.uhf_power === "LOW" ? "MEDIUM" : "LOW";
      await inputOf(page, "UHF power").selectOption(power);
      await submitOf(page, "UHF power").click();
      await expect(resultOf(page, "UHF power")).toHaveText("200 - Success");
      const port = otherPort(before.raw_port);
      await inputOf(page, "Raw port").fill(String(port));
      await submitOf(page, "Raw port").click();
      await expect(resultOf(page, "Raw port")).toHaveText("200 - Success");

      // Import: both differ; only UHF power is chosen.
      const cursor = await device.hooks.logSeq();
      await page.locator('input[type="file"]').setInputFiles(file);
      const panel = page.getByRole("region", { name: "Backup and restore" });
      await expect(panel).toContainText("2 setting(s) differ");
      const powerRow = panel.locator('[data-import="uhf_power"]');
      const portRow = panel.locator('[data-import="raw_port"]');
      await expect(powerRow).toContainText(`UHF power "${power}" → "${String(before.uhf_power)}"`);
      await expect(portRow).toContainText(`Raw port ${port} → ${String(before.raw_port)}`);
      await expect(powerRow.getByRole("checkbox")).toBeChecked();
      await portRow.getByRole("checkbox").uncheck();
      await panel.getByRole("button", { name: "Apply selected" }).click();
      await expect(powerRow.getByTestId("save-result")).toHaveText("200 - Success");
      await expect(portRow.getByTestId("save-result")).toHaveCount(0);
      // An applied setting is not chosen again.
      await expect(powerRow.getByRole("checkbox")).not.toBeChecked();
      await expect(powerRow.getByRole("checkbox")).toBeDisabled();
      await expect(panel.getByRole("button", { name: "Apply selected" })).toBeDisabled();

      await expect(setting(page, "UHF power")).toContainText(`Current: ${String(before.uhf_power)}`);
      await expect(setting(page, "Raw port")).toContainText(`Current: ${port}`);
      const after = await deviceValues(request);
      expect(after.uhf_power).toBe(before.uhf_power);
      expect(after.raw_port).toBe(port);
      const sets = (await setsAfter(device, cursor)).map((e) => e.body as Record<string, unknown>);
      expect(sets.map((b) => [b.key, b.value])).toEqual([["uhf_power", before.uhf_power]]);
    });

    await test.step("a file that is not an export is refused with the reason", async () => {
      await page.locator('input[type="file"]').setInputFiles({
        name: "notes.json",
        mimeType: "application/json",
        buffer: Buffer.from("this is not json"),
      });
      await expect(page.getByRole("region", { name: "Backup and restore" })).toContainText(
        "The file is not JSON.",
      );
    });
  });
});
