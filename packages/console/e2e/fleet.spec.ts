// The fleet page against three emulated units, one journey on one page and one clock: refused addresses, two units
// added by address and their rows filled, the Ready column, the event's clocks (DECODER-03 2 s ahead: the fleet not
// ready), what decides in view at 1280 px, a row's details, a unit that dies and comes back, the list and the columns
// chosen across a reload, Open.
import type { Locator, Page } from "@playwright/test";
import { UHF_PORT_SETTLE_MS } from "@trc/protocol";
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

/** Ticks (or unticks) a figure under Columns, as an operator does, and closes the box again. */
async function chooseColumn(page: Page, label: string, on: boolean): Promise<void> {
  const columns = page.getByRole("button", { name: "Columns" });
  await columns.click();
  await expect(columns).toHaveAttribute("aria-expanded", "true");
  await page
    .getByRole("group", { name: "Figures shown as columns" })
    .getByRole("checkbox", { name: label })
    .setChecked(on);
  await columns.click();
  await expect(columns).toHaveAttribute("aria-expanded", "false");
}

/** The right edge of what `part` shows, in the viewport's pixels. */
async function rightEdge(part: Locator): Promise<number> {
  await expect(part).toBeVisible();
  const box = await part.boundingBox();
  return (box?.x ?? Number.POSITIVE_INFINITY) + (box?.width ?? 0);
}

/** The line under the summary: the units' clocks within N ms, or N ms apart between the two it names. */
const CLOCKS = /^Clocks (?:within (\d+) ms|disagree: (\d+) ms between (\S+) and (\S+))$/;
/** What the summary adds while the units' clocks disagree. */
const CLOCKS_NOT_READY = " · Not ready: clocks disagree";

/** The clocks line as shown: whether they agree, the spread (ms), and the earliest and latest unit when they do not. */
async function readClocks(
  page: Page,
): Promise<{ agree: boolean; spreadMs: number; low?: string; high?: string }> {
  const line = page.getByTestId("fleet-clocks");
  await expect(line).toHaveText(CLOCKS);
  const m = CLOCKS.exec((await line.textContent()) ?? "");
  return { agree: m?.[1] !== undefined, spreadMs: Number(m?.[1] ?? m?.[2]), low: m?.[3], high: m?.[4] };
}

/** The clocks' disclosure, opened (it stays open while the page shows): each unit's offset, then those left out. */
async function openOffsets(page: Page): Promise<Locator> {
  const list = page.getByTestId("fleet-clock-offsets");
  if (!(await list.isVisible())) await page.getByText("Each unit's clock offset", { exact: true }).click();
  await expect(list).toBeVisible();
  return list.getByRole("listitem");
}

/** A unit's line in the opened disclosure (`DECODER-03 +2001 ms ± 3 ms (sync)`). */
const offsetLine = (page: Page, name: string): Locator =>
  page
    .getByTestId("fleet-clock-offsets")
    .getByRole("listitem")
    .filter({ hasText: new RegExp(`^${name} `) });

/**
 * Holds the spread shown to the two units' true offsets (`truth`, by name), as `expectOffsetHolds` holds one offset:
 * each unit's offset within its bound, so their difference within the two bounds (+1: the bounds shown and the spread
 * are each rounded to whole ms). How close it comes is the machine's network; that the bounds hold it is the sync's.
 */
async function expectSpreadHolds(
  page: Page,
  spreadMs: number,
  truth: Readonly<Record<string, number>>,
): Promise<void> {
  const names = Object.keys(truth);
  const bounds: number[] = [];
  for (const name of names) {
    const line = offsetLine(page, name);
    await expect(line).toHaveText(new RegExp(`^${name} [+−]?\\d+ ms ± \\d+ ms \\(sync\\)$`));
    await expectOffsetHolds(line, truth[name] ?? 0);
    bounds.push(Number(/± (\d+) ms/.exec((await line.textContent()) ?? "")?.[1]));
  }
  const [a = 0, b = 0] = names.map((n) => truth[n] ?? 0);
  const slack = bounds.reduce((sum, x) => sum + x, 0) + 1;
  expect(
    Math.abs(spreadMs - Math.abs(b - a)),
    `spread ${spreadMs} ms, bounds ${bounds.join(" + ")} ms`,
  ).toBeLessThanOrEqual(slack);
}

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
      // Once every clock is synced, DECODER-03's 2 s ahead turn the fleet not ready (the step after the next).
      await expect(page.getByTestId("fleet-summary")).toHaveText(
        `3 units: 3 online, 0 offline, 1 with alarms${CLOCKS_NOT_READY}`,
      );
      // The reader is a figure shown as a column when chosen (by default: what decides, every figure in the details).
      await expect(page.getByRole("columnheader", { name: "Reader" })).toHaveCount(0);
      await chooseColumn(page, "Reader", true);
      await expect(page.getByRole("columnheader", { name: "Reader" })).toBeVisible();
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
      // The next poll, once the units' ports have settled: they settle for UHF_PORT_SETTLE_MS after a unit boots or
      // its ports change (D13: `Settling`, no reads, until then), so one jump that far and a poll period on (a jump
      // fires the page's poll once, at its end; one jump, not two: each may catch a request in flight, whose timeout
      // then fires first). Every antenna has read for a poll period by then; with the first poll's reading, a rate.
      const settled = UHF_PORT_SETTLE_MS + POLL_MS;
      await Promise.all([two.hooks.advanceClock(settled), three.hooks.advanceClock(settled)]);
      await advanceClocks(page, device, settled);
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

    await test.step("the event's clocks: 'Clocks disagree: N ms between DECODER-0x and DECODER-03', held to the true 2 s; each unit's offset; the summary Not ready", async () => {
      // The clocks were synced before the jump (the step before last) and not since: the figures are those syncs'.
      // Each unit's offset in the disclosure, all three measured before the line is read (it compares what is in).
      const offsets = await openOffsets(page);
      await expect(offsets).toHaveText(Array(3).fill(/^DECODER-0[123] [+−]?\d+ ms ± \d+ ms \(sync\)$/));
      const clocks = await readClocks(page);
      expect(clocks.agree).toBe(false);
      expect(clocks.low).toMatch(/^DECODER-0[12]$/);
      expect(clocks.high).toBe("DECODER-03");
      await expect(page.getByTestId("fleet-summary")).toHaveText(
        `3 units: 3 online, 0 offline, 1 with alarms${CLOCKS_NOT_READY}`,
      );
      await expect
        .poll(() => shownColour(page.getByTestId("fleet-clocks").locator(".."), "border-left-color"))
        .toBe("orange");
      // Earliest first: the unit the line names first, DECODER-03 last; each offset and the spread held to the truth.
      await expect(offsets.first()).toHaveText(new RegExp(`^${clocks.low} `));
      await expect(offsets.last()).toHaveText(/^DECODER-03 \+\d+ ms ± \d+ ms \(sync\)$/);
      await expectSpreadHolds(page, clocks.spreadMs, { [clocks.low ?? ""]: 0, "DECODER-03": 2000 });
      const other = clocks.low === "DECODER-01" ? "DECODER-02" : "DECODER-01";
      await expectOffsetHolds(offsetLine(page, other), 0);
    });

    await test.step("at 1280 px Ready, Alarms and Open are in view with no sideways scroll; a row's details list every figure", async () => {
      await chooseColumn(page, "Reader", false);
      // Sorted by name (the step before): its arrow.
      await expect(page.getByRole("columnheader")).toHaveText([
        "Name ▼",
        "State",
        "Mode",
        "Ready",
        "Alarms",
        "Actions",
      ]);
      expect(page.viewportSize()?.width).toBe(1280);
      const fits = async () => {
        for (const name of NAMES)
          for (const part of [
            cell(page, name, "ready"),
            cell(page, name, "alarms"),
            row(page, name).getByRole("button", { name: "Open" }),
          ])
            expect(await rightEdge(part), `${name}: ${part}`).toBeLessThanOrEqual(1280);
        // Neither the table in its box nor the page scrolls sideways.
        const box = page.getByRole("table").locator("..");
        expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      };
      await fits();

      // DECODER-03's details: every figure, those not shown as columns too, in the table's words.
      const toggle = row(page, "DECODER-03").getByRole("button", { name: "Details" });
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      const details = page.getByTestId("fleet-details");
      await expect(details).toHaveCount(1);
      const figure = (key: string) => details.locator(`[data-detail="${key}"] dd`);
      await expect(details.locator("dt")).toHaveText([
        "State",
        "Source",
        "Reader",
        "Mode",
        "Programs",
        "Battery",
        "Passings seen",
        "Reads / min",
        "Antennas",
        "Clock offset",
        "Firmware",
        "Alarms",
        "Ready",
      ]);
      await expect(figure("state")).toHaveText(/^Online, last answer \d/);
      await expect(figure("source")).toHaveText("Polled");
      await expect(figure("reader")).toHaveText("uhf");
      await expect(figure("timing")).toHaveText("Test");
      await expect(figure("programs")).toHaveText("0");
      await expect(figure("battery")).toHaveText(/^\d+ %$/);
      await expect(figure("seen")).toHaveText(/^\d+$/);
      await expect(figure("rate")).toHaveText(/^\d+$/);
      await expect(figure("antennas")).toHaveText(/^\d+ \/ \d+/);
      await expect(figure("clock")).toHaveText(/^\+\d+ ms ± \d+ ms$/);
      await expect(figure("firmware")).toHaveText("1.4.2");
      await expect(figure("alarms").getByRole("listitem")).toHaveText(["Device clock off (+2.0 s)"]);
      await expect(figure("ready")).toHaveText("Not ready: Device clock, Timing program, Alarms");
      // The same as its cells say, hidden or shown.
      for (const key of ["battery", "seen", "antennas", "clock"])
        await expect(figure(key)).toHaveText((await cell(page, "DECODER-03", key).textContent()) ?? "");
      // Open, the details fit too; closed again, they are gone.
      expect(await rightEdge(details)).toBeLessThanOrEqual(1280);
      await fits();
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(details).toHaveCount(0);

      // The reader chosen again: kept across the reload below.
      await chooseColumn(page, "Reader", true);
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
      // An Offline unit's clock is left out (its readings are old): the two others compared, the summary as they say.
      const offsets = await openOffsets(page);
      await expect(offsets.last()).toHaveText("DECODER-03: not compared (offline)");
      const clocks = await readClocks(page);
      expect([clocks.low, clocks.high]).not.toContain("DECODER-03");
      await expectSpreadHolds(page, clocks.spreadMs, { "DECODER-01": 0, "DECODER-02": 0 });
      await expect(page.getByTestId("fleet-summary")).toHaveText(
        new RegExp(`^3 units: 2 online, 1 offline, \\d+ with alarms${clocks.agree ? "" : CLOCKS_NOT_READY}$`),
      );
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
      // Back, its clock figure (the sync before it went down; the next in 5 min) compared again: not ready again.
      await expect(page.getByTestId("fleet-clocks")).toHaveText(
        /^Clocks disagree: \d+ ms between DECODER-0[12] and DECODER-03$/,
      );
      await expect(page.getByTestId("fleet-summary")).toHaveText(
        new RegExp(`^3 units: 3 online, 0 offline, \\d+ with alarms${CLOCKS_NOT_READY}$`),
      );
    });

    await test.step("the list and the columns chosen survive a reload; Open switches the console to that unit", async () => {
      await page.reload();
      await expect(rows(page)).toHaveCount(3);
      await expect(page.getByRole("columnheader", { name: "Reader" })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem("fleetColumns"))).toBe('["reader"]');
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
