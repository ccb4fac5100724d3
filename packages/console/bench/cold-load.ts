// Dashboard cold-load benchmark: Chromium opens / on the emulator with the esp32 profile; time until every card
// has loaded, and the most requests the device saw at once (its /api/__test/stats); also as a phone would.
import { type Browser, chromium, type Page } from "@playwright/test";
import { startChildDevice } from "@trc/device";
import { CHROMIUM } from "../chromium.ts";
import { ms, percentile, verdict } from "./stats.ts";

export interface ColdLoadOptions {
  runs: number;
  /** Folder of the built console. */
  dist: string;
}

interface RunFigures {
  cardsMs: number;
  verdictMs: number;
  maxInFlight: number;
  requests: number;
}

const CARD = "section.tcard";

/** When (page time: ms since the navigation started) every dashboard card had loaded; NaN if it never did. */
async function cardsLoadedAt(page: Page, timeout: number): Promise<number> {
  const at = await (
    await page.waitForFunction(
      (sel) => {
        const all = [...document.querySelectorAll(sel)];
        return all.length >= 8 && all.every((c) => c.getAttribute("data-state") === "loaded")
          ? performance.now()
          : null;
      },
      CARD,
      { polling: "raf", timeout },
    )
  ).jsonValue();
  return at ?? Number.NaN;
}
/** The phone row: an ESP32 serves files at about 250 kB/s, and a phone's CPU is about 4x slower than this one. */
const PHONE = { bytesPerSecond: 250_000, cpuSlowdown: 4, targetMs: 2000 };

/** One cold load of `/` as a phone (new context: empty cache and storage). Resolves when every card has
 * loaded, with the time from the navigation's start. */
async function phoneLoad(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpuSlowdown });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: PHONE.bytesPerSecond,
      uploadThroughput: PHONE.bytesPerSecond,
    });
    await page.goto(`${url}/`, { waitUntil: "commit" });
    return await cardsLoadedAt(page, 60_000);
  } finally {
    await context.close();
  }
}

export async function runColdLoad(o: ColdLoadOptions): Promise<string> {
  const device = await startChildDevice({
    env: { DEVICE_PROFILE: "esp32", DEVICE_TEST_HOOKS: "1", CONSOLE_DIST: o.dist },
    tempPrefix: "trc-bench-device-",
  });
  const browser = await chromium.launch(CHROMIUM);
  const hooks = `${device.url}/api/__test`;
  const runs: RunFigures[] = [];
  const phone: number[] = [];
  let cards = 0;
  try {
    for (let i = 0; i < o.runs; i++) {
      // A new context is a cold cache and empty storage: every asset and dataset comes from the device.
      const context = await browser.newContext();
      const page = await context.newPage();
      await fetch(`${hooks}/stats/reset`, { method: "POST" });
      await page.goto(`${device.url}/`, { waitUntil: "commit" });
      // performance.now() in the page counts from the navigation's start.
      const cardsMs = await cardsLoadedAt(page, 30_000);
      cards = await page.locator(CARD).count();
      const verdictMs = await (
        await page.waitForFunction(
          () => {
            const v = document.querySelector("[data-testid=time-verdict]")?.getAttribute("data-accuracy");
            return v && v !== "QUERYING" && v !== "NOT_QUERIED" ? performance.now() : null;
          },
          null,
          { polling: "raf", timeout: 30_000 },
        )
      ).jsonValue();
      const stats = (await (await fetch(`${hooks}/stats`)).json()) as {
        maxInFlight: number;
        requests: number;
      };
      runs.push({
        cardsMs,
        verdictMs: verdictMs ?? Number.NaN,
        maxInFlight: stats.maxInFlight,
        requests: stats.requests,
      });
      await context.close();
    }
    for (let i = 0; i < o.runs; i++) phone.push(await phoneLoad(browser, device.url));
  } finally {
    await browser.close();
    await device.close();
  }
  const load = runs.map((r) => r.cardsMs);
  const sync = runs.map((r) => r.verdictMs);
  const maxInFlight = Math.max(...runs.map((r) => r.maxInFlight));
  return [
    "## Dashboard cold load",
    "",
    `${o.runs} cold loads of \`/\` in headless Chromium (a new browser context each: empty cache and storage)`,
    "against the emulator (its own process) with `DEVICE_PROFILE=esp32` (at most 4 requests handled at once, each 20–80 ms slower;",
    "static files included). Timed in the page from the navigation's start until every card on the page",
    `(${cards} on this uhf unit) has \`data-state="loaded"\`; the device's \`/api/__test/stats\` gives the most`,
    "API requests it had in flight at once (static files are not counted; reset before each load).",
    `The phone row: ${o.runs} more cold loads of the same unit in a 412 × 823 touch viewport, Chromium's own throttling`,
    `holding every answer (static files and API) to ${PHONE.bytesPerSecond / 1000} kB/s, an ESP32 serving from flash, and the CPU ${PHONE.cpuSlowdown}x slower.`,
    "",
    "| Figure | Median | Worst | Target |",
    "|---|---:|---:|---|",
    `| Every card loaded | ${ms(percentile(load, 50), 0)} | ${ms(Math.max(...load), 0)} | median ≤ 1200 ms: ${verdict(percentile(load, 50) <= 1200)} |`,
    `| Every card loaded, phone: files at ${PHONE.bytesPerSecond / 1000} kB/s, CPU ${PHONE.cpuSlowdown}x slower | ${ms(percentile(phone, 50), 0)} | ${ms(Math.max(...phone), 0)} | median ≤ ${PHONE.targetMs} ms: ${verdict(percentile(phone, 50) <= PHONE.targetMs)} |`,
    `| Device Time verdict in (clock sync done) | ${ms(percentile(sync, 50), 0)} | ${ms(Math.max(...sync), 0)} | (no target) |`,
    `| Most requests in flight at the device | ${percentile(
      runs.map((r) => r.maxInFlight),
      50,
    )} | ${maxInFlight} | ≤ 2: ${verdict(maxInFlight <= 2)} |`,
    `| Requests per load | ${percentile(
      runs.map((r) => r.requests),
      50,
    )} | ${Math.max(...runs.map((r) => r.requests))} | |`,
    "",
  ].join("\n");
}
