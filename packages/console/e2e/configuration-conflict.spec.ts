// Two operators on one unit's configuration (issue 22): a value changed by the other browser is never overwritten
// silently; each answer to "Changed on the unit since you opened this page" does what it says; the import's re-check.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import {
  banner,
  deviceValues,
  expectHighlight,
  inputOf,
  openConfiguration,
  resultOf,
  setsSince,
  setting,
  submitOf,
} from "./configuration-helpers.ts";
import { type Device, expect, test } from "./fixtures.ts";

/** A second operator: its own browser context (own storage) on the same unit; fails the test on a page error. */
async function secondOperator(browser: Browser, device: Device): Promise<{ page: Page; errors: Error[] }> {
  const context = await browser.newContext({ baseURL: device.url });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on("pageerror", (e) => errors.push(e));
  return { page, errors };
}

/** Sets a value on the unit directly (putting the device back). */
async function setOnUnit(request: APIRequestContext, key: string, value: unknown): Promise<void> {
  const res = await request.post("/api/config/set", {
    data: { key, value, time: new Date().toISOString() },
  });
  expect(res.status()).toBe(200);
}

/** Operator B changes Raw port through its page and sees it saved. */
async function bSaves(b: Page, port: number): Promise<void> {
  await inputOf(b, "Raw port").fill(String(port));
  await submitOf(b, "Raw port").click();
  await expect(resultOf(b, "Raw port")).toHaveText("200 - Success");
}

const question = (page: Page) => setting(page, "Raw port").getByRole("alert");
const answer = (page: Page, name: string) =>
  setting(page, "Raw port").getByRole("button", { name, exact: true });

test.describe("two operators on the configuration page", () => {
  let start: number;
  let b: { page: Page; errors: Error[] };

  test.beforeEach(async ({ request, browser, device, page }) => {
    start = Number((await deviceValues(request)).raw_port);
    b = await secondOperator(browser, device);
    await openConfiguration(page);
    await openConfiguration(b.page);
  });

  test.afterEach(async ({ request }) => {
    await b.page.context().close();
    await setOnUnit(request, "raw_port", start);
    expect(b.errors).toEqual([]);
  });

  /** A edits Raw port after B saved another value, submits, and is asked; the unit still holds B's value. */
  async function aAsked(
    page: Page,
    device: Device,
    request: APIRequestContext,
    bPort: number,
    aPort: number,
  ) {
    await bSaves(b.page, bPort);
    const since = Date.now();
    await inputOf(page, "Raw port").fill(String(aPort));
    await submitOf(page, "Raw port").click();
    await expect(question(page)).toHaveText(
      `Changed on the unit since you opened this page: ${start} → ${bPort}`,
    );
    await expect(setting(page, "Raw port")).toContainText(`Current: ${bPort}`);
    await expect(inputOf(page, "Raw port")).toHaveValue(String(aPort));
    await expect(submitOf(page, "Raw port")).toBeDisabled();
    expect(await setsSince(device, since)).toHaveLength(0);
    expect((await deviceValues(request)).raw_port).toBe(bPort);
    // No set from A yet: no restart banner in A's browser.
    await expect(banner(page)).toHaveCount(0);
    return since;
  }

  test("Overwrite sends A's value: green, '200 - Success', the banner, and the unit holds it", async ({
    page,
    device,
    request,
  }) => {
    const since = await aAsked(page, device, request, start + 1, start + 2);
    await answer(page, "Overwrite").click();
    await expect(resultOf(page, "Raw port")).toHaveText("200 - Success");
    await expectHighlight(inputOf(page, "Raw port"), "saved");
    await expect(setting(page, "Raw port")).toContainText(`Current: ${start + 2}`);
    await expect(question(page)).toHaveCount(0);
    await expect(banner(page)).toBeVisible();
    const sets = await setsSince(device, since);
    expect(sets.map((e) => (e.body as { value: unknown }).value)).toEqual([start + 2]);
    expect((await deviceValues(request)).raw_port).toBe(start + 2);
  });

  test("Keep the unit's value takes B's value into A's input and sends nothing", async ({
    page,
    device,
    request,
  }) => {
    const since = await aAsked(page, device, request, start + 1, start + 2);
    await answer(page, "Keep the unit's value").click();
    await expect(question(page)).toHaveCount(0);
    await expect(inputOf(page, "Raw port")).toHaveValue(String(start + 1));
    await expectHighlight(inputOf(page, "Raw port"), "none");
    await expect(inputOf(page, "Raw port")).toBeEnabled();
    await expect(setting(page, "Raw port")).toContainText(`Current: ${start + 1}`);
    await expect(resultOf(page, "Raw port")).toHaveCount(0);
    await expect(banner(page)).toHaveCount(0);
    expect(await setsSince(device, since)).toHaveLength(0);
    expect((await deviceValues(request)).raw_port).toBe(start + 1);
  });

  test("Edit further keeps A's typed value; the next Submit is measured against B's value", async ({
    page,
    device,
    request,
  }) => {
    const since = await aAsked(page, device, request, start + 1, start + 2);
    await answer(page, "Edit further").click();
    await expect(question(page)).toHaveCount(0);
    const input = inputOf(page, "Raw port");
    await expect(input).toHaveValue(String(start + 2));
    await expectHighlight(input, "changed");
    await expect(input).toBeEnabled();
    expect(await setsSince(device, since)).toHaveLength(0);
    expect((await deviceValues(request)).raw_port).toBe(start + 1);
    await input.fill(String(start + 3));
    await submitOf(page, "Raw port").click();
    await expect(resultOf(page, "Raw port")).toHaveText("200 - Success");
    await expect(question(page)).toHaveCount(0);
    expect((await deviceValues(request)).raw_port).toBe(start + 3);
  });

  test("no question when nobody else changed the value, nor when the unit already holds the value sent", async ({
    page,
    device,
    request,
  }) => {
    await inputOf(page, "Raw port").fill(String(start + 4));
    await submitOf(page, "Raw port").click();
    await expect(resultOf(page, "Raw port")).toHaveText("200 - Success");
    // B's page still shows the value it loaded: B is asked about A's set, and overwrites.
    await inputOf(b.page, "Raw port").fill(String(start + 5));
    await submitOf(b.page, "Raw port").click();
    await expect(setting(b.page, "Raw port").getByRole("alert")).toHaveText(
      `Changed on the unit since you opened this page: ${start} → ${start + 4}`,
    );
    await answer(b.page, "Overwrite").click();
    await expect(resultOf(b.page, "Raw port")).toHaveText("200 - Success");
    // A now sends the value the unit already holds: nothing to lose, no question.
    const since = Date.now();
    await inputOf(page, "Raw port").fill(String(start + 5));
    await submitOf(page, "Raw port").click();
    // A's field still reads '200 - Success' from its first set: the wait is on the unit receiving this one.
    await expect.poll(async () => (await setsSince(device, since)).length).toBe(1);
    await expect(resultOf(page, "Raw port")).toHaveText("200 - Success");
    await expect(question(page)).toHaveCount(0);
    await expectHighlight(inputOf(page, "Raw port"), "saved");
    expect((await deviceValues(request)).raw_port).toBe(start + 5);
  });

  test("an import over a value B changed since the preview lists it OLD → NEW and applies only what A ticks", async ({
    page,
    device,
    request,
  }) => {
    const power = (await deviceValues(request)).uhf_power;
    await page.locator('input[type="file"]').setInputFiles({
      name: "config.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ raw_port: start + 2, uhf_power: power })),
    });
    const panel = page.getByRole("region", { name: "Backup and restore" });
    const row = panel.locator('[data-import="raw_port"]');
    await expect(row).toContainText(`Raw port ${start} → ${start + 2}`);
    await expect(row.getByRole("checkbox")).toBeChecked();

    await bSaves(b.page, start + 1);
    const since = Date.now();
    await panel.getByRole("button", { name: "Apply selected" }).click();
    await expect(row).toContainText(
      `Changed on the unit since you opened this page: ${start} → ${start + 1}`,
    );
    await expect(row).toContainText(`Raw port ${start + 1} → ${start + 2}`);
    await expect(row.getByRole("checkbox")).not.toBeChecked();
    await expect(panel.getByRole("alert")).toHaveText(
      "1 chosen setting(s) changed on the unit since the preview: nothing applied. Tick the ones to overwrite, then Apply selected.",
    );
    expect(await setsSince(device, since)).toHaveLength(0);
    expect((await deviceValues(request)).raw_port).toBe(start + 1);

    // A decides to overwrite: ticks it and applies.
    await row.getByRole("checkbox").check();
    await panel.getByRole("button", { name: "Apply selected" }).click();
    await expect(row.getByTestId("save-result")).toHaveText("200 - Success");
    await expect(row).not.toContainText("Changed on the unit");
    const sets = await setsSince(device, since);
    expect(sets.map((e) => (e.body as { key: string; value: unknown }).value)).toEqual([start + 2]);
    expect((await deviceValues(request)).raw_port).toBe(start + 2);
  });
});
