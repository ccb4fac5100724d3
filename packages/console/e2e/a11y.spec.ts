// axe-core on every page with its data loaded (light and dark, desktop and a 375 px phone), no page wider than the
// phone's screen, and a focus ring on each of its controls, each page loaded once.
import type { Page } from "@playwright/test";
import { expectFocusRings, expectNoAxeViolationsInEachVariant, PAGES } from "./a11y-helpers.ts";
import { expect, test } from "./fixtures.ts";

/** The link that opens each page from any other, in the navigation or the footer (Authentication has none). */
const LINK: Record<string, string> = {
  "/telemetry": "Telemetry",
  "/commands": "Commands",
  "/configuration": "Configuration",
  "/firmware": "Firmware",
  "/files": "Files",
  "/settings": "Developer settings",
  "/live": "Live",
  "/fleet": "Fleet",
};

/** Opens `path` by its link, as an operator does (no reload: axe stays in the page), or loads it when it has none. */
async function open(page: Page, path: string): Promise<void> {
  const name = LINK[path];
  if (!name || !page.url().startsWith("http")) return void (await page.goto(path));
  const links = page.getByRole("navigation", { name: "Pages" }).or(page.getByRole("contentinfo"));
  await links.getByRole("link", { name, exact: true }).click();
}

test("no axe violations on any page, light and dark, desktop and phone; none wider than a 375 px screen; every control shows a focus ring", async ({
  page,
}) => {
  test.setTimeout(120_000);
  for (const p of PAGES) {
    await open(page, p.path);
    await expect(page).toHaveURL(new RegExp(`${p.path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.h1);
    await p.loaded(page);
    // At the phone's width no page is wider than the screen (what the user could scroll sideways to).
    const fits = async () => {
      const width = page.viewportSize()?.width ?? 0;
      if (width < 600)
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${p.path} at ${width} px`,
        ).toBeLessThanOrEqual(width);
    };
    await expectNoAxeViolationsInEachVariant(page, p.path, fits);
    await expectFocusRings(page, p.path);
  }
});
