// axe-core on every page with its data loaded: light and dark, desktop and a 375 px phone.
import { expectNoAxeViolations, PAGES } from "./a11y-helpers.ts";
import { test } from "./fixtures.ts";

const SCHEMES = ["light", "dark"] as const;
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 740 },
] as const;

for (const scheme of SCHEMES) {
  for (const vp of VIEWPORTS) {
    test(`no axe violations on any page, ${scheme}, ${vp.name}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: vp.width, height: vp.height });
      for (const p of PAGES) {
        await page.goto(p.path);
        await p.loaded(page);
        await expectNoAxeViolations(page, `${p.path} (${scheme}, ${vp.name})`);
      }
    });
  }
}
