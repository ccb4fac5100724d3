// One clock for a browser test (docs/TESTING.md): the page's and its unit's time put together and moved together,
// and a clock offset on screen checked against the unit's true one.
import type { Locator, Page } from "@playwright/test";
import type { ClockHooks } from "@trc/device";
import { expect } from "./expect.ts";

/** A unit whose clock the page shares: what these helpers use of it (fixtures.ts's Device is one). */
interface ClockedUnit {
  hooks: ClockHooks;
}

/**
 * Puts the page on its unit's clock: Playwright's fake clock at the unit's host time (this machine's real time plus
 * the warp the unit's clock hook reports), running on from there. Page and unit then both read "real now + warp", so
 * they agree without any measured lead; `advanceClocks` moves them on together. Call it before the page opens; it
 * holds across reloads. Playwright reads this machine's time itself when it installs and the warp is added as a
 * move, not as `install({ time: Date.now() + warpMs })`: a time given is taken as of when Playwright gets the call,
 * and on a loaded machine the call took up to 330 ms (the page then trailed by that much: "+198 ms off" the unit).
 */
export async function installClocks(page: Page, device: ClockedUnit): Promise<void> {
  const { warpMs } = await device.hooks.clock();
  await page.clock.install();
  // Before the page opens no timer is due: this only sets the time.
  if (warpMs > 0) await page.clock.fastForward(warpMs);
}

/**
 * Moves the page's (or the pages' of two browsers on one unit) and its unit's clocks `ms` on (after `installClocks`).
 * The unit first, so that what the page asks for next already reflects the time gone by (everything due on its clock
 * has happened: reads, battery, backlog drain, reboot delays, the upload lock, keep-alives, MQTT publishes); then the
 * page with `page.clock.fastForward`: a jump, each of its timers due within it firing once, at its end, as in a tab
 * that slept. Not `runFor`, which runs the page's timers through the span one by one: a request a poll sends mid-span
 * would see its timeout (fake time) fire before its answer (real network) came; no browser test needs every timer in
 * between. The page's clock stands still while its due timers run (Playwright pauses its real-time sync: 100 to 400 ms
 * a jump on a loaded machine), which would add up jump after jump: so it is set to the unit's time again, "real now +
 * warp" (no timer fires for that, and no lead is measured). As with a time given at install, it then trails the unit by
 * the call's delay (tens of ms; a few hundred on a loaded machine), once, not adding up: a test that holds the Device
 * Time card's offset to the Ready check's 100 ms has the page sync before its first jump (openReady does).
 */
export async function advanceClocks(pages: Page | Page[], device: ClockedUnit, ms: number): Promise<void> {
  const { warpMs } = await device.hooks.advanceClock(ms);
  for (const page of [pages].flat()) {
    await page.clock.fastForward(ms);
    await page.clock.setSystemTime(Date.now() + warpMs);
  }
}

/**
 * Moves the page's and its unit's clocks `stepMs` at a time until `done()` holds, checked before each move and after
 * it: for what comes after a timer of the page or the unit whose moment the test does not know (a retry after a
 * failure, a reconnection). Fails after `timeout` ms of real time.
 */
export async function advanceClocksUntil(
  page: Page,
  device: ClockedUnit,
  stepMs: number,
  done: () => Promise<boolean>,
  { timeout = 30_000 }: { timeout?: number } = {},
): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await done()) return true;
        await advanceClocks(page, device, stepMs);
        return done();
      },
      { timeout, intervals: [50] },
    )
    .toBe(true);
}

/**
 * Holds a clock offset the console shows (`shown`: "+1998 ms ± 3 ms", "Offset−12 ms ± 4 ms"), once it is on screen, to
 * the unit's true offset `truthMs`: its bound must hold the truth (+1 for the rounding to whole ms on screen). How close
 * the figure comes is the machine's network trip; that the bound holds it is the sync's correctness, on any machine.
 */
export async function expectOffsetHolds(shown: Locator, truthMs: number): Promise<void> {
  const figures = /([+−-]?)(\d+) ms ± (\d+) ms/;
  await expect(shown).toHaveText(figures);
  const text = (await shown.textContent()) ?? "";
  const m = figures.exec(text);
  const offset = (m?.[1] === "" || m?.[1] === "+" ? 1 : -1) * Number(m?.[2]);
  expect(Math.abs(offset - truthMs), `shown ${text}, true offset ${truthMs} ms`).toBeLessThanOrEqual(
    Number(m?.[3]) + 1,
  );
}
