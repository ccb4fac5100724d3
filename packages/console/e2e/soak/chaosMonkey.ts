// The chaos soak's monkey: visits pages, clicks what an operator can click, and checks after each step that the page still stands.
import type { Page, Response } from "@playwright/test";
import { expect } from "../fixtures.ts";

export const PAGES = [
  "/telemetry",
  "/files",
  "/commands",
  "/configuration",
  "/firmware",
  "/settings",
  "/auth",
];

/** Buttons the monkey leaves alone: they would change the console's own settings, not exercise the device. */
const SKIP = /^(Wipe local storage|Submit)$/;

export interface SoakFigures {
  durationMs: number;
  actions: number;
  pageVisits: Record<string, number>;
  reloads: number;
  apiAnswers: number;
  chaos: Record<string, number>;
  /** Times an error text, card error or failed badge was on screen after an action. */
  errorsOnScreen: number;
  pageErrors: string[];
}

export function newFigures(): SoakFigures {
  return {
    durationMs: 0,
    actions: 0,
    pageVisits: {},
    reloads: 0,
    apiAnswers: 0,
    chaos: {},
    errorsOnScreen: 0,
    pageErrors: [],
  };
}

/** Counts the device's answers and the faults chaos injected. */
export function watchAnswers(page: Page, figures: SoakFigures): void {
  page.on("response", (res: Response) => {
    if (!new URL(res.url()).pathname.startsWith("/api/")) return;
    figures.apiAnswers++;
    const kind = res.headers()["x-device-chaos"];
    if (kind) figures.chaos[kind] = (figures.chaos[kind] ?? 0) + 1;
  });
  page.on("pageerror", (e) => figures.pageErrors.push(e.message));
}

/** The page stands: header with the product title, a level-1 heading, no uncaught error. */
export async function expectPageStands(page: Page, figures: SoakFigures): Promise<void> {
  await expect(page.locator("header")).toContainText("Timing Reader Console");
  await expect(page.locator("h1").first()).toBeVisible({ timeout: 15_000 });
  expect(figures.pageErrors).toEqual([]);
  const errors = page.locator(
    ".error-text:visible, [data-testid=card-error]:visible, .field-failed:visible, .badge-red:visible",
  );
  figures.errorsOnScreen += (await errors.count()) > 0 ? 1 : 0;
}

const pick = <T>(list: readonly T[], rnd: () => number): T | undefined =>
  list[Math.floor(rnd() * list.length)];

/** One step: go somewhere (nav link, or now and then a reload), or click something on the current page. */
export async function monkeyStep(page: Page, figures: SoakFigures, rnd: () => number): Promise<void> {
  // A modal confirmation left open (leaving with unsaved edits, a delete) is answered first, as an operator would.
  if (await answerDialog(page, rnd)) return;
  const roll = rnd();
  if (roll < 0.2) {
    const path = pick(PAGES, rnd) ?? "/telemetry";
    const link = page.getByRole("navigation", { name: "Pages" }).locator(`a[href="${path}"]`);
    if (rnd() < 0.15 || (await link.count()) === 0) {
      await page.goto(path);
      figures.reloads++;
    } else await link.click({ timeout: 3_000 }).catch(() => {});
    figures.pageVisits[path] = (figures.pageVisits[path] ?? 0) + 1;
    return;
  }
  // Sometimes type into a field first (configuration values, command arguments, the password).
  if (roll < 0.35) {
    const inputs = page.locator(
      "main input[type=text]:visible:enabled, main input[type=number]:visible:enabled, main input[type=password]:visible:enabled",
    );
    const n = await inputs.count();
    if (n > 0) {
      const value = pick(["1", "-5", "abc", "owner-pass", "<b>x</b>", "99999", "", "10.0.0.1"], rnd) ?? "";
      await inputs
        .nth(Math.floor(rnd() * n))
        .fill(value, { timeout: 2_000 })
        .catch(() => {});
    }
  }
  // The page's buttons and options, and the restart banner's (an alert above the page).
  const buttons = page
    .locator("main button:visible:enabled, main [role=option]:visible")
    .or(page.getByRole("alert").locator("button:visible:enabled"));
  const count = await buttons.count();
  if (count === 0) return;
  const button = buttons.nth(Math.floor(rnd() * count));
  const name = ((await button.textContent({ timeout: 2_000 }).catch(() => "")) ?? "").trim();
  if (SKIP.test(name)) return;
  await button.click({ timeout: 3_000 }).catch(() => {});
  figures.actions++;
  await answerDialog(page, rnd);
}

/** Answers an open confirmation with one of its buttons, at random; true when there was one. */
async function answerDialog(page: Page, rnd: () => number): Promise<boolean> {
  const dialog = page.locator("dialog[open], [role=dialog]:visible").first();
  if (!(await dialog.isVisible().catch(() => false))) return false;
  const buttons = dialog.getByRole("button");
  const n = await buttons.count();
  if (n > 0)
    await buttons
      .nth(Math.floor(rnd() * n))
      .click({ timeout: 2_000 })
      .catch(() => {});
  return true;
}
