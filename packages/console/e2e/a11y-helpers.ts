// Shared steps of the accessibility browser specs: axe-core on the page as it is, in each colour scheme and width
// without reloading it, and what shows each page's data has arrived.
import { createRequire } from "node:module";
import type { Locator, Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import { commandNames } from "./commands-helpers.ts";
import { expect } from "./fixtures.ts";
import { readRows } from "./live-helpers.ts";
import { telemetryCards } from "./telemetry-helpers.ts";

/** The WCAG 2.x A and AA rules and axe's best practices. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** axe-core's script: the copy @axe-core/playwright depends on (the same version it would inject). */
const AXE_SOURCE: string = createRequire(import.meta.resolve("@axe-core/playwright"))("axe-core").source;

/**
 * The four ways an operator sees a page: light and dark, desktop and a 375 px phone, in an order where each differs
 * from the one before in one of the two (the last from the first too). The dark theme changes colours
 * only (custom properties under `prefers-color-scheme: dark`, nothing else), so in dark only the colour rules run: the
 * structure, names and roles they would check again are those of the light run at the same width.
 */
export const VARIANTS = [
  { scheme: "light", name: "desktop", width: 1280, height: 800, rules: "all" },
  { scheme: "dark", name: "desktop", width: 1280, height: 800, rules: "colour" },
  { scheme: "dark", name: "phone", width: 375, height: 740, rules: "colour" },
  { scheme: "light", name: "phone", width: 375, height: 740, rules: "all" },
] as const;
type Variant = (typeof VARIANTS)[number];

/** The axe rules whose result depends on colours. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** What an axe run looks at: every rule of TAGS or the colour rules, over the whole page or inside `scope` only. */
export interface AxeRun {
  rules?: "all" | "colour";
  /** A CSS selector: the run checks inside it only (the state under test), not the rest of the page. */
  scope?: string;
}

/**
 * Runs axe-core on the page as it is now; soft-fails with each violation's rule, impact, target and summary.
 * axe is put into the page once per document (a navigation inside the app keeps it) and asked for its violations
 * only: the rules run in full, only the passes' details are not sent back.
 */
export async function expectNoAxeViolations(page: Page, what: string, run: AxeRun = {}): Promise<void> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    runOnly: run.rules === "colour" ? { type: "rule", values: COLOUR_RULES } : { type: "tag", values: TAGS },
    resultTypes: ["violations"],
    // What axe loads before a run: the media (no-autoplay-audio's), not the CSSOM of every style sheet, which only the
    // experimental css-orientation-lock reads, a rule none of TAGS runs.
    preload: { assets: ["media"] },
  };
  const lines = await page.evaluate(
    async ([opts, scope]) => {
      const axe = (window as unknown as { axe: { run(c: unknown, o: RunOptions): Promise<AxeResults> } }).axe;
      const { violations } = await axe.run(scope ? { include: [scope] } : document, opts);
      return violations.flatMap((v) =>
        v.nodes.map(
          (n) => `${v.id} (${v.impact}) ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ")}`,
        ),
      );
    },
    [options, run.scope ?? null] as const,
  );
  expect.soft(lines, `axe violations on ${what}`).toEqual([]);
}

/** The colour scheme each page was last shown in (what `emulateMedia` set; Playwright does not say). */
const shownScheme = new WeakMap<Page, Variant["scheme"]>();

/**
 * Shows the page in `v`: its colour scheme (the themes are CSS media queries, applied at once) and viewport, each set
 * only when it changes (VARIANTS go from one to the next by one of the two), then after a resize two frames, so that
 * what re-renders on a resize (the fleet's row window, once per frame) has done so.
 */
async function show(page: Page, v: Variant): Promise<void> {
  if (shownScheme.get(page) !== v.scheme) {
    await page.emulateMedia({ colorScheme: v.scheme });
    shownScheme.set(page, v.scheme);
  }
  const size = page.viewportSize();
  if (size?.width === v.width && size.height === v.height) return;
  await page.setViewportSize({ width: v.width, height: v.height });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** A state under test for an axe run: its element's selector, and whether it is modal (the page behind it inert). */
export interface AxeState {
  selector: string;
  modal: boolean;
}

/**
 * axe on the page as it is, in each of the four VARIANTS, one after the other in the same page load (`holds` checks
 * before each run that the state under test is still shown); then back to light desktop for the next steps. With a
 * `state` (a dialog, an error), the runs look inside it only (the rest of the page in each variant is a11y.spec's),
 * except a modal one's first, over the whole page: a modal dialog changes the page behind it too (inert, hidden from
 * assistive technology), an error or a refused row only itself.
 */
export async function expectNoAxeViolationsInEachVariant(
  page: Page,
  what: string,
  holds?: () => Promise<void>,
  state?: AxeState,
): Promise<void> {
  for (const [i, v] of VARIANTS.entries()) {
    await show(page, v);
    await holds?.();
    await expectNoAxeViolations(page, `${what} (${v.scheme}, ${v.name})`, {
      rules: v.rules,
      scope: i === 0 && state?.modal ? undefined : state?.selector,
    });
  }
  await show(page, VARIANTS[0]);
}

/** Marks the element of a state under test (a dialog, an error) and answers it for the axe runs. */
export async function axeScope(state: Locator): Promise<AxeState> {
  const modal = await state.evaluate((el) => {
    el.setAttribute("data-axe-scope", "");
    return el.closest(":modal") !== null;
  });
  return { selector: "[data-axe-scope]", modal };
}

/**
 * Every control of the page shows a focus ring (outline ≥ 2 px) when reached by keyboard: one Tab puts the page in
 * keyboard mode (a focus ring by :focus-visible), then each tabbable control is focused in turn from the page itself,
 * which keeps that mode (a focus moved by script after a keyboard focus matches :focus-visible too), in one round
 * trip instead of a Tab press and a question per control.
 */
export async function expectFocusRings(page: Page, what: string): Promise<void> {
  await page.keyboard.press("Tab");
  const rings = await page.evaluate(() => {
    const tabbable = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])',
    );
    const seen: { el: string; style: string; width: number }[] = [];
    for (const el of tabbable) {
      if (el.tabIndex < 0) continue;
      el.focus();
      if (document.activeElement !== el) continue; // hidden or disabled: not a tab stop
      const s = getComputedStyle(el);
      seen.push({
        el: el.outerHTML.slice(0, 80),
        style: s.outlineStyle,
        width: Number.parseFloat(s.outlineWidth),
      });
    }
    return seen;
  });
  expect(rings.length, `tab stops on ${what}`).toBeGreaterThan(0);
  for (const ring of rings) {
    expect.soft(ring.style, `${what}: ${ring.el}`).not.toBe("none");
    expect.soft(ring.width, `${what}: ${ring.el}`).toBeGreaterThanOrEqual(2);
  }
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
    path: "/timing",
    h1: "Timing",
    loaded: async (page) => {
      await expect(page.getByRole("button", { name: "Start timing" })).toBeVisible();
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
