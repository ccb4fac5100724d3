// Shared steps of the telemetry browser specs.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** Waits until the dashboard is quiet: every card loaded and the first clock sync done. */
export async function dashboardSettled(page: Page): Promise<void> {
  for (const card of await page.locator("section.tcard").all())
    await expect(card).toHaveAttribute("data-state", "loaded");
  await expect(page.getByTestId("time-verdict")).not.toHaveAttribute(
    "data-accuracy",
    /NOT_QUERIED|QUERYING/,
    {
      timeout: 20_000,
    },
  );
}
