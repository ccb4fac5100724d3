// Shared steps of the telemetry browser specs.
import type { Page, Response } from "@playwright/test";
import { expect } from "./fixtures.ts";

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
 * Waits until the dashboard's Device Time verdict is in (a sync takes up to 15 attempts). Before `advanceClocks`: the
 * unit's clock moves on before the page's, so an attempt in between measures the jump as the unit's offset (a
 * "Device clock off" of the jump's size).
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

/** Opens the dashboard and waits for the Device Time card's first sync; gives the card and its verdict. */
export async function openDeviceTime(page: Page) {
  await page.goto("/");
  const time = page.getByTestId("card-time");
  const verdict = time.getByTestId("time-verdict");
  await firstSyncDone(page);
  return { time, verdict };
}

// biome-ignore lint/suspicious/noExplicitAny: the device's JSON as the page received it, read field by field.
export type Json = Record<string, any>;

/** Call before the page opens: gives the JSON the page then receives for each dataset (its first answer). */
export function firstAnswers(page: Page, datasets: string[]): () => Promise<Record<string, Json>> {
  const answers = datasets.map((ds) =>
    page.waitForResponse((r: Response) => new URL(r.url()).pathname === `/api/telemetry/${ds}`),
  );
  // Awaited when asked for; a test that fails before must not leave them as unhandled rejections.
  for (const a of answers) a.catch(() => {});
  return async () => {
    const out: Record<string, Json> = {};
    for (const [i, ds] of datasets.entries()) out[ds] = (await (await answers[i])?.json()) as Json;
    return out;
  };
}
