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
  setsAfter,
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

/**
 * Operator B changes Raw port through its page and sees it saved. B's field may still read '200 - Success' from its
 * last save: the wait is on the unit holding the value.
 */
async function bSaves(b: Page, port: number): Promise<void> {
  await inputOf(b, "Raw port").fill(String(port));
  await submitOf(b, "Raw port").click();
  await expect.poll(async () => (await deviceValues(b.request)).raw_port).toBe(port);
  await expect(resultOf(b, "Raw port")).toHaveText("200 - Success");
}

const question = (page: Page) => setting(page, "Raw port").getByRole("alert");
const answer = (page: Page, name: string) =>
  setting(page, "Raw port").getByRole("button", { name, exact: true });

/** The unit's Raw port now. */
async function unitPort(request: APIRequestContext): Promise<number> {
  return Number((await deviceValues(request)).raw_port);
}

/**
 * A edits Raw port after B saved another value, submits, and is asked; the unit still holds B's value. `from` is the
 * value A's page shows (and the unit held) before B saved. Answers the request log's cursor taken before A submitted.
 */
async function aAsked(
  a: Page,
  b: Page,
  device: Device,
  request: APIRequestContext,
  { from, bPort, aPort }: { from: number; bPort: number; aPort: number },
): Promise<number> {
  await bSaves(b, bPort);
  const cursor = await device.hooks.logSeq();
  await inputOf(a, "Raw port").fill(String(aPort));
  await submitOf(a, "Raw port").click();
  await expect(question(a)).toHaveText(`Changed on the unit since you opened this page: ${from} → ${bPort}`);
  await expect(setting(a, "Raw port")).toContainText(`Current: ${bPort}`);
  await expect(inputOf(a, "Raw port")).toHaveValue(String(aPort));
  await expect(submitOf(a, "Raw port")).toBeDisabled();
  expect(await setsAfter(device, cursor)).toHaveLength(0);
  expect((await deviceValues(request)).raw_port).toBe(bPort);
  // No set from A yet: no restart banner in A's browser.
  await expect(banner(a)).toHaveCount(0);
  return cursor;
}

test.describe("two operators on the configuration page", () => {
  test("A and B on one unit's Raw port: each answer to the question, no question when nothing is lost, the import's re-check", async ({
    page,
    request,
    browser,
    device,
  }) => {
    const start = await unitPort(request);
    const b = await secondOperator(browser, device);
    try {
      // The two browsers open the page side by side.
      await Promise.all([openConfiguration(page), openConfiguration(b.page)]);

      await test.step("Overwrite sends A's value: green, '200 - Success', the banner, and the unit holds it", async () => {
        const cursor = await aAsked(page, b.page, device, request, {
          from: start,
          bPort: start + 1,
          aPort: start + 2,
        });
        await answer(page, "Overwrite").click();
        await expect(resultOf(page, "Raw port")).toHaveText("200 - Success");
        await expectHighlight(inputOf(page, "Raw port"), "saved");
        await expect(setting(page, "Raw port")).toContainText(`Current: ${start + 2}`);
        await expect(question(page)).toHaveCount(0);
        await expect(banner(page)).toBeVisible();
        const sets = await setsAfter(device, cursor);
        expect(sets.map((e) => (e.body as { value: unknown }).value)).toEqual([start + 2]);
        expect((await deviceValues(request)).raw_port).toBe(start + 2);
      });

      // A opens the page afresh, as a new browser would: its restart banner (kept in its storage, SPEC §2) and its
      // field's result are gone. B reads the unit again (its page showed its own save, A's overwrite came after).
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await expect(page.getByTestId("config-state")).toHaveText("REFRESHED", { timeout: 20_000 });
      await expect(banner(page)).toHaveCount(0);
      await b.page.getByRole("button", { name: "Refresh", exact: true }).click();
      await expect(setting(b.page, "Raw port")).toContainText(`Current: ${start + 2}`);

      await test.step("Keep the unit's value takes B's value into A's input and sends nothing", async () => {
        const from = await unitPort(request);
        const cursor = await aAsked(page, b.page, device, request, {
          from,
          bPort: from + 1,
          aPort: from + 2,
        });
        await answer(page, "Keep the unit's value").click();
        await expect(question(page)).toHaveCount(0);
        await expect(inputOf(page, "Raw port")).toHaveValue(String(from + 1));
        await expectHighlight(inputOf(page, "Raw port"), "none");
        await expect(inputOf(page, "Raw port")).toBeEnabled();
        await expect(setting(page, "Raw port")).toContainText(`Current: ${from + 1}`);
        await expect(resultOf(page, "Raw port")).toHaveCount(0);
        await expect(banner(page)).toHaveCount(0);
        expect(await setsAfter(device, cursor)).toHaveLength(0);
        expect((await deviceValues(request)).raw_port).toBe(from + 1);
      });

      // B's page shows the value it saved last, which the unit still holds.
      let bShows = await unitPort(request);

      await test.step("Edit further keeps A's typed value; the next Submit is measured against B's value", async () => {
        const from = bShows;
        const cursor = await aAsked(page, b.page, device, request, {
          from,
          bPort: from + 1,
          aPort: from + 2,
        });
        bShows = from + 1;
        await answer(page, "Edit further").click();
        await expect(question(page)).toHaveCount(0);
        const input = inputOf(page, "Raw port");
        await expect(input).toHaveValue(String(from + 2));
        await expectHighlight(input, "changed");
        await expect(input).toBeEnabled();
        expect(await setsAfter(device, cursor)).toHaveLength(0);
        expect((await deviceValues(request)).raw_port).toBe(from + 1);
        const next = await device.hooks.logSeq();
        await input.fill(String(from + 3));
        await submitOf(page, "Raw port").click();
        // The wait is on the unit receiving this set (a '200 - Success' on screen may be an earlier set's).
        await expect.poll(async () => (await setsAfter(device, next)).length).toBe(1);
        await expect(resultOf(page, "Raw port")).toHaveText("200 - Success");
        await expect(question(page)).toHaveCount(0);
        expect((await deviceValues(request)).raw_port).toBe(from + 3);
      });

      await test.step("no question when nobody else changed the value, nor when the unit already holds the value sent", async () => {
        // A's page shows the value it set last, which the unit still holds.
        const from = await unitPort(request);
        // A's field still reads '200 - Success' from its last set: each wait is on the unit receiving the new one.
        const first = await device.hooks.logSeq();
        await inputOf(page, "Raw port").fill(String(from + 1));
        await submitOf(page, "Raw port").click();
        await expect.poll(async () => (await setsAfter(device, first)).length).toBe(1);
        await expect(resultOf(page, "Raw port")).toHaveText("200 - Success");
        expect((await deviceValues(request)).raw_port).toBe(from + 1);
        // B's page still shows the value it saved last: B is asked about A's set, and overwrites.
        await inputOf(b.page, "Raw port").fill(String(from + 2));
        await submitOf(b.page, "Raw port").click();
        await expect(setting(b.page, "Raw port").getByRole("alert")).toHaveText(
          `Changed on the unit since you opened this page: ${bShows} → ${from + 1}`,
        );
        await answer(b.page, "Overwrite").click();
        // B's field read '200 - Success' before: the wait is on the unit holding B's value.
        await expect.poll(async () => (await deviceValues(request)).raw_port).toBe(from + 2);
        await expect(resultOf(b.page, "Raw port")).toHaveText("200 - Success");
        // A now sends the value the unit already holds: nothing to lose, no question.
        const cursor = await device.hooks.logSeq();
        await inputOf(page, "Raw port").fill(String(from + 2));
        await submitOf(page, "Raw port").click();
        await expect.poll(async () => (await setsAfter(device, cursor)).length).toBe(1);
        await expect(resultOf(page, "Raw port")).toHaveText("200 - Success");
        await expect(question(page)).toHaveCount(0);
        await expectHighlight(inputOf(page, "Raw port"), "saved");
        expect((await deviceValues(request)).raw_port).toBe(from + 2);
      });

      await test.step("an import over a value B changed since the preview lists it OLD → NEW and applies only what A ticks", async () => {
        // Both pages show the value A set last, which the unit holds.
        const from = await unitPort(request);
        const power = (await deviceValues(request)).uhf_power;
        await page.locator('input[type="file"]').setInputFiles({
          name: "config.json",
          mimeType: "application/json",
          buffer: Buffer.from(JSON.stringify({ raw_port: from + 2, uhf_power: power })),
        });
        const panel = page.getByRole("region", { name: "Backup and restore" });
        const row = panel.locator('[data-import="raw_port"]');
        await expect(row).toContainText(`Raw port ${from} → ${from + 2}`);
        await expect(row.getByRole("checkbox")).toBeChecked();

        await bSaves(b.page, from + 1);
        const cursor = await device.hooks.logSeq();
        await panel.getByRole("button", { name: "Apply selected" }).click();
        await expect(row).toContainText(
          `Changed on the unit since you opened this page: ${from} → ${from + 1}`,
        );
        await expect(row).toContainText(`Raw port ${from + 1} → ${from + 2}`);
        await expect(row.getByRole("checkbox")).not.toBeChecked();
        await expect(panel.getByRole("alert")).toHaveText(
          "1 chosen setting(s) changed on the unit since the preview: nothing applied. Tick the ones to overwrite, then Apply selected.",
        );
        expect(await setsAfter(device, cursor)).toHaveLength(0);
        expect((await deviceValues(request)).raw_port).toBe(from + 1);

        // A decides to overwrite: ticks it and applies.
        await row.getByRole("checkbox").check();
        await panel.getByRole("button", { name: "Apply selected" }).click();
        await expect(row.getByTestId("save-result")).toHaveText("200 - Success");
        await expect(row).not.toContainText("Changed on the unit");
        const sets = await setsAfter(device, cursor);
        expect(sets.map((e) => (e.body as { key: string; value: unknown }).value)).toEqual([from + 2]);
        expect((await deviceValues(request)).raw_port).toBe(from + 2);
      });
    } finally {
      await b.page.context().close();
      await setOnUnit(request, "raw_port", start);
    }
    expect(b.errors).toEqual([]);
  });
});
