// Fleet profiles (issue 32) against emulated units: the Profile column and each difference with its values, Apply's
// lines (a value changed on a unit between the comparison and Apply reported in the conflict words), D12's second
// confirmation for a unit in timing mode (No sends nothing), Undo, Restart these units; the units put back as they were.
import type { Page } from "@playwright/test";
import { EXECUTE, waitForReboot, waitForRequest } from "./commands-helpers.ts";
import { type Device, expect, test } from "./fixtures.ts";
import { colOf, row, rows } from "./fleet-helpers.ts";

const PROFILE = { trcProfile: 1, name: "Race day", settings: { buzzer_volume: "MEDIUM", tag_timeout: 5 } };
const DEAD = "http://127.0.0.1:9";

/** Sets a value on a unit directly, through its API. */
async function setOnUnit(unit: Device, key: string, value: unknown): Promise<void> {
  const res = await fetch(`${unit.url}/api/config/set`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ key, value, time: new Date().toISOString() }),
  });
  expect(res.status).toBe(200);
}
const valuesOf = async (unit: Device): Promise<Record<string, unknown>> =>
  (await fetch(`${unit.url}/api/config/get`)).json() as Promise<Record<string, unknown>>;
async function command(unit: Device, cmd: string): Promise<void> {
  const res = await fetch(`${unit.url}/api/commands/execute`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ cmd, args: [] }),
  });
  expect(res.ok).toBe(true);
}

const profileCell = (page: Page, name: string) => colOf(row(page, name), "profile");
/** An Apply's or Undo's lines: per unit its line and its settings' lines. */
const lines = (page: Page, kind: string) =>
  page
    .locator(`[data-kind="${kind}"] > li`)
    .evaluateAll((items) =>
      items.map((li) => [
        li.querySelector("strong")?.textContent,
        ...[...li.querySelectorAll("li")].map((s) => s.textContent),
      ]),
    );

test("a profile across the fleet: differences, Apply with a conflict and a timing unit's confirmation, Undo, Restart", async ({
  page,
  device,
  devicePool,
}) => {
  test.setTimeout(90_000);
  // The page loads while the other two units start (on the worker's first use) and are set up.
  const opening = page.goto("/fleet");
  // Awaited below; until then a failure must not count as an unhandled rejection.
  opening.catch(() => {});
  const [two, three] = await Promise.all([
    devicePool.get({ DEVICE_NAME: "DECODER-02" }),
    devicePool.get({ DEVICE_NAME: "DECODER-03" }),
  ]);
  try {
    await Promise.all([two.hooks.reset(), three.hooks.reset()]);
    await setOnUnit(two, "tag_timeout", 2);
    await setOnUnit(two, "buzzer_volume", "HIGH");
    await setOnUnit(three, "tag_timeout", 2);
    await command(three, "TIMING_START");

    await opening;
    for (const unit of [two.url, three.url, DEAD]) {
      await page.getByLabel("Unit address").fill(unit);
      await page.getByRole("button", { name: "Add unit" }).click();
    }
    await expect(rows(page)).toHaveCount(4);
    await expect(colOf(row(page, "DECODER-03"), "timing")).toHaveText(/^Timing · /);
    await page.getByLabel("Import a profile").setInputFiles({
      name: "profile-Race_day.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(PROFILE)),
    });
    await expect(page.getByText("Imported the profile Race day")).toBeVisible();
    await expect(page.getByLabel("Compare with")).toHaveValue("Race day");

    // The Profile column, and one unit's differences with the profile's and the unit's values.
    await expect(profileCell(page, "DECODER-01")).toHaveText("matches");
    await expect(profileCell(page, "DECODER-02").locator("summary")).toHaveText("2 differ");
    await expect(profileCell(page, "DECODER-03").locator("summary")).toHaveText("1 differs");
    await expect(profileCell(page, DEAD)).toHaveAttribute("title", /./);
    await expect(profileCell(page, DEAD)).toHaveText("—");
    await profileCell(page, "DECODER-02").locator("summary").click();
    await expect(profileCell(page, "DECODER-02").locator("tbody tr")).toHaveText([
      /^buzzer_volume\s*MEDIUM\s*HIGH$/,
      /^tag_timeout\s*5\s*2$/,
    ]);

    // Another operator changes a value on DECODER-02 between the comparison and Apply.
    await setOnUnit(two, "buzzer_volume", "LOW");
    await page.getByRole("button", { name: "Select all that differ" }).click();
    await page.getByRole("button", { name: "Apply to 2 units" }).click();
    const dialog = page.getByRole("dialog", { name: "Change passings while timing?" });
    await expect(dialog.getByRole("listitem")).toHaveText("DECODER-03 (timing): tag_timeout");
    await dialog.getByRole("button", { name: "No" }).click();
    await expect(dialog).toHaveCount(0);
    expect([(await valuesOf(two)).tag_timeout, (await valuesOf(three)).tag_timeout]).toEqual([2, 2]);
    await expect(page.locator('[data-kind="Apply"]')).toHaveCount(0);

    await page.getByRole("button", { name: "Apply to 2 units" }).click();
    await dialog.getByRole("button", { name: "Yes, send while timing" }).click();
    await expect
      .poll(() => lines(page, "Apply"))
      .toEqual([
        [
          "DECODER-02: not all applied: changed on the unit, needs restart",
          "buzzer_volume: Changed on the unit since you opened this page: HIGH → LOW",
          "tag_timeout: 2 → 5 applied",
        ],
        ["DECODER-03: applied, needs restart", "tag_timeout: 2 → 5 applied"],
      ]);
    expect(await valuesOf(two)).toMatchObject({ buzzer_volume: "LOW", tag_timeout: 5 });
    expect((await valuesOf(three)).tag_timeout).toBe(5);
    await expect(page.getByText("Needs a restart: DECODER-02, DECODER-03")).toBeVisible();
    await expect(page.getByRole("button", { name: "Restart these units" })).toBeEnabled();
    // Compared again after Apply: only the value someone else set still differs.
    await expect(profileCell(page, "DECODER-02").locator("summary")).toHaveText("1 differs");
    await expect(profileCell(page, "DECODER-03")).toHaveText("matches");

    // Undo puts back what Apply changed, and asks again for the unit that is timing.
    await page.getByRole("button", { name: "Undo" }).click();
    await dialog.getByRole("button", { name: "Yes, send while timing" }).click();
    await expect
      .poll(() => lines(page, "Undo"))
      .toEqual([
        ["DECODER-02: applied, needs restart", "tag_timeout: 5 → 2 applied"],
        ["DECODER-03: applied, needs restart", "tag_timeout: 5 → 2 applied"],
      ]);
    expect(await valuesOf(two)).toMatchObject({ buzzer_volume: "LOW", tag_timeout: 2 });
    expect((await valuesOf(three)).tag_timeout).toBe(2);
    expect((await valuesOf(device)).tag_timeout).toBe(5);

    // The units that need a restart, restarted from here: each is sent REBOOT and comes back.
    const [twoFrom, threeFrom] = [await two.hooks.logSeq(), await three.hooks.logSeq()];
    await page.getByRole("button", { name: "Restart these units" }).click();
    await expect(page.getByRole("status").filter({ hasText: "restarting" }).getByRole("listitem")).toHaveText(
      ["DECODER-02: restarting", "DECODER-03: restarting"],
    );
    await expect(page.getByText(/^Needs a restart/)).toHaveCount(0);
    const toTwo = await waitForRequest(two.hooks.log, EXECUTE, twoFrom);
    const toThree = await waitForRequest(three.hooks.log, EXECUTE, threeFrom);
    for (const sent of [toTwo, toThree]) expect(sent.body).toMatchObject({ cmd: "REBOOT" });
    // Restarted, not only answering: a unit asked a moment ago may still be up before it goes away (each unit from
    // when it received its REBOOT, on its own clock).
    await Promise.all([waitForReboot(two, toTwo.time), waitForReboot(three, toThree.time)]);
  } finally {
    await command(three, "TIMING_STOP").catch(() => undefined);
    await Promise.all([two.hooks.reset(), three.hooks.reset()]);
  }
});
