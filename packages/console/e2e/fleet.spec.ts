// The fleet page against three emulated units, one journey on one page and one clock: refused addresses, two units
// added by address and their rows filled, the Ready column, a unit that dies and comes back, the list across a reload,
// Open.
import type { Page } from "@playwright/test";
import { shownColour } from "./colours.ts";
import {
  advanceClocks,
  expect,
  expectOffsetHolds,
  installClocks,
  startExtraDevice,
  test,
  unitAnswers,
} from "./fixtures.ts";
import { cell, row, rows } from "./fleet-helpers.ts";
import { healthyUnit } from "./ready-helpers.ts";

const reason = (page: Page) => page.locator("#fleet-address-reason");
const NAMES = ["DECODER-01", "DECODER-02", "DECODER-03"];
/** The fleet's poll (every 15 s): the page and the units move on to the next one together, without waiting for it. */
const POLL_MS = 15_000;

async function addUnit(page: Page, address: string): Promise<void> {
  await page.getByLabel("Unit address").fill(address);
  await page.getByRole("button", { name: "Add unit" }).click();
}

test("fleet page: refused addresses, three units' rows and Ready, a unit down and back, the list across a reload, Open", async ({
  page,
  device,
}) => {
  test.setTimeout(90_000);
  // The two other units boot while the page loads and the refusals are tried.
  const starting = [
    startExtraDevice({ DEVICE_NAME: "DECODER-02", DEVICE_SCENARIO: "antenna-missing" }),
    // Away for 2.5 s when it reboots: long enough for the page to jump to its next poll and find it gone (the jump
    // comes right after the test sees it gone: two hook calls, tens of ms, a few hundred on a loaded machine).
    startExtraDevice({ DEVICE_NAME: "DECODER-03", DEVICE_CLOCK_OFFSET_MS: "2000", DEVICE_REBOOT_MS: "2500" }),
  ] as const;
  const started = Promise.all(starting);
  started.catch(() => {});
  try {
    // This unit is the worker's, which the firmware tests may have updated: its row shows what it reports now.
    const own = (await (await page.request.get("/api/telemetry/firmware")).json()) as { version: string };
    // The Ready column's unit: reads on every antenna, clock right, link up.
    await healthyUnit(device);
    // The race length entered once (on the dashboard) is kept: 1 h, so any battery of the emulator lasts.
    await page.addInitScript(() => localStorage.setItem("readyRaceHours", "1"));
    // Both units boot in test mode (D12): this one's passings are collected another way, DECODER-03's are not.
    await page.addInitScript(
      (url) => localStorage.setItem("readyTimingNotNeeded", JSON.stringify([url])),
      device.url,
    );
    // One clock: the page and the three units move on together (see POLL_MS).
    await installClocks(page, device);
    await page.goto("/fleet");

    await test.step("a bad, empty, own or duplicate address is refused with its reason and not added", async () => {
      await expect(page.getByRole("link", { name: "Fleet" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByLabel("Unit address")).toHaveAttribute("placeholder", "http://192.168.4.2");
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first()).toContainText("This unit");

      await addUnit(page, "ftp://192.168.4.2");
      await expect(reason(page)).toHaveText("Use an http:// or https:// address");
      await addUnit(page, "http://");
      await expect(reason(page)).toHaveText("Not a valid URL (for example http://192.168.4.1)");
      await addUnit(page, "   ");
      await expect(reason(page)).toHaveText("Enter the unit's address, for example http://192.168.4.2");
      await addUnit(page, device.url);
      await expect(reason(page)).toHaveText("This is the unit that served the console");
      await expect(rows(page)).toHaveCount(1);

      // A port nobody listens on: added, then refused the second time (with a trailing slash too).
      await addUnit(page, "127.0.0.1:9");
      await expect(reason(page)).toHaveText("");
      await expect(page.getByLabel("Unit address")).toHaveValue("");
      await addUnit(page, "http://127.0.0.1:9/");
      await expect(reason(page)).toHaveText("http://127.0.0.1:9 is already in the list");
      await expect(rows(page)).toHaveCount(2);
      await expect(row(page, "http://127.0.0.1:9")).toHaveAttribute("data-state", "offline");
      await expect(cell(page, "http://127.0.0.1:9", "alarms")).toHaveText("Unit offline");
      expect(await page.evaluate(() => localStorage.getItem("fleet"))).toBe('["http://127.0.0.1:9"]');

      await row(page, "http://127.0.0.1:9").getByRole("button", { name: "Remove" }).click();
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first().getByRole("button", { name: "Remove" })).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem("fleet"))).toBe("[]");
    });

    const [two, three] = await started;
    // DECODER-03 reads on every antenna and sends everything too (the Ready column's other unit): only its clock is wrong.
    await three.hooks.scenario({ serverDown: false });
    await three.hooks.massStart({ tags: 3000, seconds: 600, readsPerTag: [3, 5], antennas: [3, 3] });

    await test.step("rows fill in: name, reader, state, mode, programs, battery, passings, antennas, clock offset, firmware, alarms", async () => {
      const firmwareOf: Record<string, string> = {
        "DECODER-01": own.version,
        "DECODER-02": "1.4.2",
        "DECODER-03": "1.4.2",
      };
      await addUnit(page, two.url);
      await addUnit(page, three.url);
      await expect(rows(page)).toHaveCount(3);
      for (const name of NAMES) await expect(row(page, name)).toHaveAttribute("data-state", "online");
      await expect(rows(page).first()).toContainText("This unit");
      await expect(page.getByTestId("fleet-summary")).toHaveText(
        "3 units: 3 online, 0 offline, 1 with alarms",
      );
      for (const name of NAMES) {
        await expect(row(page, name).getByText(/^last answer \d/)).toBeVisible();
        await expect(cell(page, name, "battery")).toHaveText(/^\d+ %$/);
        await expect(cell(page, name, "seen")).toHaveText(/^\d+$/);
        await expect(cell(page, name, "firmware")).toHaveText(firmwareOf[name] ?? "");
        await expect(row(page, name).getByRole("cell", { name: "uhf", exact: true })).toBeVisible();
      }
      // A unit boots in test mode (D12), no timing program connected (this worker's unit may be timing for a race test).
      for (const name of ["DECODER-02", "DECODER-03"]) {
        await expect(cell(page, name, "timing")).toHaveText("Test");
        await expect(cell(page, name, "programs")).toHaveText("0");
      }
      // The first poll and the clock sync that follows it (again in 5 min), measured before any jump: DECODER-03 runs
      // 2 s ahead, and the bound shown holds it.
      await expect(cell(page, "DECODER-03", "clock")).toHaveText(/^\+\d+ ms ± \d+ ms$/);
      await expectOffsetHolds(cell(page, "DECODER-03", "clock"), 2000);
      await expect(cell(page, "DECODER-03", "alarms")).toHaveText("Device clock off (+2.0 s)");
      await expect(cell(page, "DECODER-01", "alarms")).toHaveText("None");
      await expect(cell(page, "DECODER-01", "clock")).toHaveText(/^[+−]?\d+ ms ± \d+ ms$/);
      await expect.poll(() => shownColour(row(page, "DECODER-03"), "border-left-color")).toBe("orange");
      // The next poll: a unit just started may not have read a tag on every antenna at the first (reads only grow,
      // and 15 s of its reads are made by then); the second poll gives a rate.
      await Promise.all([two.hooks.advanceClock(POLL_MS), three.hooks.advanceClock(POLL_MS)]);
      await advanceClocks(page, device, POLL_MS);
      await expect(cell(page, "DECODER-01", "antennas")).toHaveText("3 / 3");
      await expect(cell(page, "DECODER-02", "antennas")).toHaveText("2 / 2");
      await expect(cell(page, "DECODER-02", "rate")).toHaveText(/^\d+$/);

      // Sorted by state, the unit in trouble comes first; by name, in name order.
      await page.getByRole("button", { name: "State" }).click();
      await expect(rows(page).first()).toContainText("DECODER-03");
      await page.getByRole("button", { name: "Name" }).click();
      await expect(rows(page).locator("strong")).toHaveText(["DECODER-01", "DECODER-02", "DECODER-03"]);
      await page.getByRole("button", { name: "Name" }).click();
      await expect(rows(page).locator("strong")).toHaveText(["DECODER-03", "DECODER-02", "DECODER-01"]);
    });

    await test.step("Ready for a healthy unit, 'Not ready: Device clock, Timing program, Alarms' for one 2 s off", async () => {
      // The clock cells were read before the jump (the step before); reads that grew between two polls prove the
      // antennas.
      await expect(page.getByRole("columnheader", { name: "Ready" })).toBeVisible();
      await expect(cell(page, "DECODER-01", "ready")).toHaveText("Ready");
      await expect(cell(page, "DECODER-03", "ready")).toHaveText(
        "Not ready: Device clock, Timing program, Alarms",
      );
    });

    await test.step("a unit that goes down reads Offline while the others stay Online, and Online when it is back", async () => {
      const reboot = await fetch(`${three.url}/api/commands/execute`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ cmd: "REBOOT", args: [] }),
      });
      expect(reboot.status).toBe(200);
      await expect.poll(() => unitAnswers(three.url), { intervals: [100] }).toBe(false);
      // DECODER-03 is away and its clock with it: the others' clocks and the page's move to the next poll.
      await two.hooks.advanceClock(POLL_MS);
      await advanceClocks(page, device, POLL_MS);
      await expect(row(page, "DECODER-03")).toHaveAttribute("data-state", "offline");
      await expect(row(page, "DECODER-03").getByText("Offline", { exact: true })).toBeVisible();
      await expect.poll(() => shownColour(row(page, "DECODER-03"), "border-left-color")).toBe("red");
      await expect(cell(page, "DECODER-03", "alarms")).toHaveText("Unit offline");
      await expect(page.getByTestId("fleet-summary")).toHaveText(/^3 units: 2 online, 1 offline, /);
      for (const name of ["DECODER-01", "DECODER-02"]) {
        await expect(row(page, name)).toHaveAttribute("data-state", "online");
        await expect(row(page, name).getByText("Online", { exact: true })).toBeVisible();
      }
      // Back after its 2.5 s: its clock catches up with the others', then all move to the next poll.
      await expect.poll(() => unitAnswers(three.url), { timeout: 20_000, intervals: [100] }).toBe(true);
      await three.hooks.advanceClock(POLL_MS);
      await Promise.all([two.hooks.advanceClock(POLL_MS), three.hooks.advanceClock(POLL_MS)]);
      await advanceClocks(page, device, POLL_MS);
      await expect(row(page, "DECODER-03")).toHaveAttribute("data-state", "online");
      await expect(page.getByTestId("fleet-summary")).toHaveText(/^3 units: 3 online, 0 offline, /);
    });

    await test.step("the list survives a reload; Open switches the console to that unit", async () => {
      await page.reload();
      await expect(rows(page)).toHaveCount(3);
      await expect(row(page, "DECODER-02")).toHaveAttribute("data-state", "online");
      await row(page, "DECODER-02").getByRole("button", { name: "Open" }).click();
      await expect(page).toHaveURL(/\/telemetry$/);
      await expect(page.getByTestId("device-name")).toHaveText("DECODER-02");
      const settings = await page.evaluate(() => JSON.parse(localStorage.getItem("generalSettings") ?? "{}"));
      expect(settings.rootAPI).toBe(two.url);
    });
  } finally {
    await device.hooks.clearScenario();
    const units = await Promise.allSettled(starting);
    await Promise.all(units.map((u) => (u.status === "fulfilled" ? u.value.close() : undefined)));
  }
});
