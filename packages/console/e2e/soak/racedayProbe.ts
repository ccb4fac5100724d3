// Race-day soak helpers: settle the page on a fake clock under chaos, sample heap and DOM, read the alarm list and the
// unit's request figures, and write the figures for docs/RELIABILITY.md.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CDPSession, Page } from "@playwright/test";
import { advanceClocks, type Device, expect, REPO_ROOT } from "../fixtures.ts";

/** A phase of the race day: the page an operator keeps open for a part of it. */
export interface Phase {
  name: "dashboard" | "live" | "fleet";
  path: string;
  /** The nav link that opens it (in-app navigation: one document all day, as on a phone). */
  link: string;
}

export interface Sample {
  minute: number;
  phase: Phase["name"];
  heap: number;
  nodes: number;
  alarms: number;
}

export interface PhaseFigures {
  phase: Phase["name"];
  minutes: number;
  requests: number;
  requestsPerMinute: number;
  maxInFlight: number;
  /** Live only: reads the page counted and the unit's count over the same time. */
  received?: number;
  unitReads?: number;
}

const BUSY = '[data-state="queried"], [data-state="started"]';

/**
 * Waits until what came due is answered: no dashboard card or dataset being asked for and the unit holding no
 * request. Under chaos a failed read is retried after a delay on the page's (fake) clock, so when the page does not
 * settle within a few real seconds both clocks are moved one second on (a slow chaos answer takes at most 3 s).
 */
export async function settle(page: Page, device: Device): Promise<void> {
  for (let round = 0; round < 40; round++) {
    const deadline = Date.now() + 4_000;
    let quiet = 0;
    while (Date.now() < deadline) {
      const busy = await page.locator(BUSY).count();
      // Quiet for 3 looks in a row (~150 ms): a poll is a chain (the fleet's probe, then its datasets), and a jump of
      // the clock between two links would fire the next link's timeout before the unit answered it.
      quiet = busy === 0 && (await device.hooks.stats()).inFlight === 0 ? quiet + 1 : 0;
      if (quiet >= 3) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    await advanceClocks(page, device, 1_000);
  }
  throw new Error("the page did not settle within 40 fake seconds");
}

/** Heap after a garbage collection, DOM nodes, and the alarms listed (each text at most once). */
export async function sample(page: Page, cdp: CDPSession): Promise<Omit<Sample, "minute" | "phase">> {
  await cdp.send("HeapProfiler.collectGarbage");
  const { metrics } = await cdp.send("Performance.getMetrics");
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  const texts = await page.getByTestId("alarm").allTextContents();
  expect(new Set(texts).size, `alarms listed twice: ${texts.join(" | ")}`).toBe(texts.length);
  return { heap: metric("JSHeapUsedSize"), nodes: metric("Nodes"), alarms: texts.length };
}

/** Opens a phase's page by its nav link (the dashboard is the first page opened). */
export async function openPhase(page: Page, phase: Phase): Promise<void> {
  await page
    .getByRole("navigation", { name: "Pages" })
    .getByRole("link", { name: phase.link, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`${phase.path}$`));
}

/** True when the console has the Live page (issue 20's nav link). */
export async function hasLivePage(page: Page): Promise<boolean> {
  return (
    (await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Live" }).count()) > 0
  );
}

/** The Live page's "received N" (issue 20), as a number. */
export async function liveReceived(page: Page): Promise<number> {
  const text = (await page.getByTestId("received").textContent()) ?? "";
  return Number(text.replace(/\D/g, "") || "NaN");
}

/**
 * Opens the Live page with the unit's reads held, so the reads it must count are exactly those made after its
 * stream is open (a stream starts at the unit's newest read); answers the unit's last seq at that moment.
 */
export async function openLive(page: Page, device: Device, phase: Phase): Promise<number> {
  await device.hooks.scenario({ readsStopped: true });
  const seq = (await device.hooks.streamState()).lastSeq;
  await openPhase(page, phase);
  await expect
    .poll(async () => (await device.hooks.streamState()).open, { timeout: 20_000 })
    .toBeGreaterThan(0);
  await device.hooks.scenario({ readsStopped: null });
  // The page's first read before the clocks jump: a minute's jump fires the stream's 35 s idle timer, and a
  // connection that ends before its first read cannot resume (D10: without a seq it starts at the newest read), so
  // the reads made while it reconnects would never be asked for. On a real clock a live stream is never idle that long.
  await expect
    .poll(
      async () => {
        await advanceClocks(page, device, 100);
        return liveReceived(page);
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBeGreaterThan(0);
  return seq;
}

/**
 * Holds the unit's reads and waits (moving the page's fake clock on, and the unit's with it: the page's paces its
 * renders) until the Live page's "received" equals the reads the unit made since `seqAtOpen`; answers both.
 */
export async function liveCount(page: Page, device: Device, seqAtOpen: number, fakeClock: boolean) {
  await device.hooks.scenario({ readsStopped: true });
  const unitReads = (await device.hooks.streamState()).lastSeq - seqAtOpen;
  await expect
    .poll(
      async () => {
        // A second of the page's clock a look: a stream that chaos broke a few times in a row waits 1, 2, 4... up to
        // 10 s of that clock before it resumes. Under chaos on the esp32 profile each connection may carry a few reads
        // before it fails (CI and 2 local workers saw the count still climbing after 30 s): up to 90 s.
        if (fakeClock) await advanceClocks(page, device, 1_000);
        return liveReceived(page);
      },
      { timeout: 90_000, intervals: [200] },
    )
    .toBe(unitReads);
  const received = await liveReceived(page);
  await device.hooks.scenario({ readsStopped: null });
  return { received, unitReads };
}

/**
 * A phase's figures once its minutes are over: the requests the unit saw (and most in flight at once), and on the
 * Live page every read the unit made counted on it (nothing missing, nothing twice).
 */
export async function phaseFigures(
  page: Page,
  device: Device,
  phase: Phase,
  minutes: number,
  seqAtOpen: number,
  fakeClock: boolean,
): Promise<PhaseFigures> {
  const stats = await device.hooks.stats();
  const row: PhaseFigures = {
    phase: phase.name,
    minutes: Math.round(minutes * 10) / 10,
    requests: stats.requests,
    requestsPerMinute: Math.round((stats.requests / minutes) * 10) / 10,
    maxInFlight: stats.maxInFlight,
  };
  if (phase.name === "live") Object.assign(row, await liveCount(page, device, seqAtOpen, fakeClock));
  return row;
}

/**
 * The morning of a race day: reads all day (a tag held at antenna 1, a mass start of 300 tags in the first two real
 * minutes), the dashboard open with Chrome's performance metrics on; answers the CDP session and whether the console
 * has the Live page.
 */
export async function startRaceDay(page: Page, device: Device): Promise<{ cdp: CDPSession; live: boolean }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  await device.hooks.scenario({ testTag: { tag: "RACE0001", ant: 0, perSecond: 2 } });
  await device.hooks.massStart({ tags: 300, seconds: 120, readsPerTag: [2, 6], antennas: [1, 2] });
  await page.goto("/telemetry");
  await expect(page.getByRole("region", { name: "Battery" })).toBeVisible();
  return { cdp, live: await hasLivePage(page) };
}

/** Writes the figures to docs/reliability/NAME.json with TRC_FIGURES=1 (scripts/reliability-report.mjs reads them). */
export async function writeFigures(name: string, figures: object): Promise<void> {
  if (!process.env.TRC_FIGURES) return;
  const dir = join(REPO_ROOT, "docs", "reliability");
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, `${name}.json`),
    `${JSON.stringify({ ...figures, measuredAt: new Date().toISOString() }, null, 2)}\n`,
  );
}
