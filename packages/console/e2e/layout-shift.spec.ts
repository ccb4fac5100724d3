// No layout shift: each page's cumulative layout shift, from a cold load (the first) or its opening in the app (the
// others) until its data is in, stays ≤ 0.02.
import type { Page } from "@playwright/test";
import { PAGES } from "./a11y-helpers.ts";
import { expect, test } from "./fixtures.ts";

const LIMIT = 0.02;

// A slow unit (ESP32-like handlers): loading states last long enough to be seen, as on a real decoder.
test.use({ deviceEnv: { DEVICE_PROFILE: "esp32" } });

/** Collects layout shifts from the start of the page (buffered), as Chromium reports them. */
async function observeShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      }[]) {
        if (e.hadRecentInput) continue;
        const sources = (e.sources ?? []).map((s) => {
          const el = s.node as Element | undefined;
          return el?.outerHTML?.slice(0, 120) ?? String(s.node?.nodeName);
        });
        w.__shifts.push({ value: e.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The shifts since the last call (two frames first, so that the last ones are reported), and a new list begun. */
async function shifts(page: Page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(() => {
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    const list = w.__shifts;
    w.__shifts = [];
    return list;
  });
}

/**
 * Opens `path` in the app from the page's own script, as its links do (the history moved, then the router told), not
 * by a click: Chromium leaves out the shifts of the 500 ms after user input, which would hide those of a page whose
 * data comes within them. The page's chunk and its data load as on an operator's first visit to it.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

for (const vp of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 740 },
] as const) {
  test(`every page keeps its layout while its data arrives, ${vp.name}`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const figures: string[] = [];
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await observeShifts(page);
    // The first page from a cold load: the cache and the console's storage emptied first (the worker's browser context
    // is reused; a new one cost its creation: docs/TESTING.md); the shell and the page arrive together. The others
    // opened in the app from there: a reload of each would measure the same shell again (docs/TESTING.md).
    const cdp = await page.context().newCDPSession(page);
    await page.goto("about:blank");
    await cdp.send("Network.clearBrowserCache");
    await cdp.send("Storage.clearDataForOrigin", {
      origin: new URL(baseURL ?? "").origin,
      storageTypes: "all",
    });
    for (const [i, p] of PAGES.entries()) {
      if (i === 0) await page.goto(p.path);
      else await openInApp(page, p.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.h1);
      await p.loaded(page);
      const list = await shifts(page);
      const cls = list.reduce((sum, s) => sum + s.value, 0);
      figures.push(`${p.path}: ${cls.toFixed(4)}`);
      expect
        .soft(cls, `CLS on ${p.path} (${vp.name}): ${JSON.stringify(list, null, 1)}`)
        .toBeLessThanOrEqual(LIMIT);
    }
    console.log(`[layout-shift] ${vp.name}: ${figures.join(", ")}`);
  });
}
