// Shared steps of the accessibility browser specs: run axe-core on the page and wait for each page's data.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { commandNames } from "./commands-helpers.ts";
import { expect } from "./fixtures.ts";
import { readRows } from "./live-helpers.ts";
import { telemetryCards } from "./telemetry-helpers.ts";

/** The WCAG 2.x A and AA rules and axe's best practices. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** Runs axe-core on the whole page; fails with each violation's rule, impact, target and summary. */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const lines = result.violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact}) ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ")}`,
    ),
  );
  expect.soft(lines, `axe violations on ${what}`).toEqual([]);
}

/** The pages every axe run visits, each with what shows its data has arrived. */
export const PAGES: { path: string; h1: string; loaded: (page: Page) => Promise<void> }[] = [
  {
    path: "/telemetry",
    h1: "Telemetry",
    loaded: async (page) => {
      // The cards render together once the page's chunk is in: wait for them before listing them.
      await expect(telemetryCards(page).first()).toBeVisible();
      for (const card of await telemetryCards(page).all())
        await expect(card).toHaveAttribute("data-state", "loaded");
    },
  },
  {
    path: "/commands",
    h1: "Commands",
    loaded: async (page) => {
      await expect(commandNames(page).first()).toBeVisible();
      await expect(page.getByText(/^Loading\.\.\./)).toHaveCount(0);
    },
  },
  {
    path: "/configuration",
    h1: "Configuration",
    loaded: async (page) => {
      await expect(page.getByText(/^Current: /).first()).toBeVisible();
    },
  },
  {
    path: "/firmware",
    h1: "Firmware",
    loaded: async (page) => {
      await expect(page.locator('input[type="file"]')).toBeVisible();
    },
  },
  {
    path: "/files",
    h1: "Files",
    loaded: async (page) => {
      await expect(page.getByRole("table")).toBeVisible();
    },
  },
  {
    path: "/settings",
    h1: "Settings",
    loaded: async (page) => {
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    },
  },
  {
    path: "/auth",
    h1: "Authentication",
    loaded: async (page) => {
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    },
  },
  {
    path: "/live",
    h1: "Live reads",
    loaded: async (page) => {
      await expect(readRows(page).first()).toBeVisible();
    },
  },
  {
    path: "/fleet",
    h1: "Fleet",
    loaded: async (page) => {
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    },
  },
];
