// No layout shift: each page's cumulative layout shift, from a cold load until its data is in, stays ≤ 0.02.
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

async function shifts(page: Page) {
  // Two frames so the last shifts are reported.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(
    () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
  );
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
    const cdp = await page.context().newCDPSession(page);
    for (const p of PAGES) {
      // A cold load of each page: the cache and the console's storage emptied first (the worker's browser context is
      // reused; a new one per page cost its creation: docs/TESTING.md).
      await page.goto("about:blank");
      await cdp.send("Network.clearBrowserCache");
      await cdp.send("Storage.clearDataForOrigin", {
        origin: new URL(baseURL ?? "").origin,
        storageTypes: "all",
      });
      await page.goto(p.path);
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
