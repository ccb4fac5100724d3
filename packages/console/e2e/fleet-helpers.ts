// The Fleet page's table as the browser tests read it: every row, one unit's row by its name, one cell of a row. The one
// definition the fleet, broker, Ready-column and unit-switch specs share.
import type { Locator, Page } from "@playwright/test";

/** Every row of the fleet table, in the order shown. */
export const rows = (page: Page): Locator => page.getByTestId("fleet-row");

/** The row of the unit named exactly `name` (its name, or its address before it has answered). */
export const row = (page: Page, name: string): Locator =>
  rows(page).filter({ has: page.getByText(name, { exact: true }) });

/** The row of the unit that served the console (marked "This unit"). */
export const ownRow = (page: Page): Locator => rows(page).filter({ hasText: "This unit" });

/** One cell of a row, by its column (`data-col`: battery, seen, clock, alarms, ready, source...). */
export const colOf = (r: Locator, col: string): Locator => r.locator(`[data-col="${col}"]`);

/** One cell of the row of the unit named `name`. */
export const cell = (page: Page, name: string, col: string): Locator => colOf(row(page, name), col);
