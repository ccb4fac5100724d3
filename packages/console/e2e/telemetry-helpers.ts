// Shared steps of the telemetry browser specs.
import type { Page } from "@playwright/test";
import { type Device, expect } from "./fixtures.ts";

/** The dashboard's cards: the regions named by their title with their own Refresh button (the Ready check has none). */
export const telemetryCards = (page: Page) =>
  page
    .getByRole("main")
    .getByRole("region")
    .filter({ has: page.getByRole("button", { name: /^Refresh / }) });

/** Waits until the dashboard is quiet: every card loaded and the first clock sync done. */
export async function dashboardSettled(page: Page): Promise<void> {
  // The cards render together once the page's chunk is in: wait for them before listing them.
  await expect(telemetryCards(page).first()).toBeVisible();
  for (const card of await telemetryCards(page).all())
    await expect(card).toHaveAttribute("data-state", "loaded");
  await firstSyncDone(page);
}

/**
 * Waits until the dashboard's Device Time verdict is in (a sync takes up to 15 attempts). Before a jump of the page's
 * clock: a jump during the sync is measured as the unit's offset (a "Device clock off" of the jump's size).
 */
export async function firstSyncDone(page: Page): Promise<void> {
  await expect(page.getByTestId("time-verdict")).not.toHaveAttribute(
    "data-accuracy",
    /NOT_QUERIED|QUERYING/,
    {
      timeout: 20_000,
    },
  );
}

/** Where the true offset of a clock lies: between lowMs and highMs. */
export interface OffsetRange {
  lowMs: number;
  highMs: number;
}

/**
 * The page's clock lead over the host's, bracketed by the host's clock read before and after the page's: the narrowest
 * of 5 reads (each read's trip, long on a busy machine, widens its bracket), 1 ms wider each side for whole ms.
 */
export async function pageClockLead(page: Page): Promise<OffsetRange> {
  let best: OffsetRange | undefined;
  for (let i = 0; i < 5; i++) {
    const before = Date.now();
    const pageNow = await page.evaluate(() => Date.now());
    const after = Date.now();
    if (!best || after - before < best.highMs - best.lowMs - 2)
      best = { lowMs: pageNow - after - 1, highMs: pageNow - before + 1 };
  }
  return best as OffsetRange;
}

/**
 * Sets the unit's clock `aheadMs` ahead of the page's as measured now (the page's fake clock runs ahead of the host's
 * after each fast-forward, by the jump and whatever its fake timers added: more on a busy machine). Gives where the
 * unit's offset from the page's clock truly lies: `aheadMs` plus at most the measure's width.
 */
export async function unitClockFromPage(page: Page, device: Device, aheadMs = 0): Promise<OffsetRange> {
  const lead = await pageClockLead(page);
  await device.hooks.scenario({ clockOffsetMs: lead.highMs + aheadMs });
  return { lowMs: aheadMs, highMs: aheadMs + lead.highMs - lead.lowMs };
}

/**
 * Checks the offset the console shows (`shown`, e.g. "+512 ms") against the truth: within the Device Time card's own
 * bound ("± N ms", the sync's measure) of `truth`, 1 ms more each side for the rounding to whole ms.
 */
export async function expectOffsetWithin(page: Page, shown: string, truth: OffsetRange): Promise<void> {
  const offset = Number(/^([+-]\d+) ms/.exec(shown)?.[1]);
  const bound = Number(
    /^± (\d+) ms$/.exec((await page.getByTestId("time-bound").textContent())?.trim() ?? "")?.[1],
  );
  expect(offset).toBeGreaterThanOrEqual(truth.lowMs - bound - 1);
  expect(offset).toBeLessThanOrEqual(truth.highMs + bound + 1);
}

/** Opens the dashboard and waits for the Device Time card's first sync; gives the card and its verdict. */
export async function openDeviceTime(page: Page) {
  await page.goto("/");
  const time = page.getByTestId("card-time");
  const verdict = time.getByTestId("time-verdict");
  await firstSyncDone(page);
  return { time, verdict };
}
