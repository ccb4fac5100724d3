// Playwright end-to-end tests of the built console against the emulated device, in Debian's headless Chromium.
import { defineConfig } from "@playwright/test";
import { CHROMIUM } from "./chromium.ts";

const CI = !!process.env.CI && process.env.CI !== "false";

export default defineConfig({
  testDir: "e2e",
  // The soaks run long in `npm run soak` and for a minute in CI (`npm run soak:smoke`): playwright.soak.config.ts.
  testIgnore: ["soak/**"],
  // The emulator bundled once for the units the fixtures start (nothing to do when the bundle is newer than its sources).
  globalSetup: "../../scripts/build-test-device.mjs",
  // TRC_E2E_OUTPUT gives a run its own folder: Playwright empties this one when a run starts.
  outputDir: process.env.TRC_E2E_OUTPUT ?? "test-results",
  // Each worker runs its own emulated units, one per environment (see e2e/fixtures.ts); two fit a 2-core machine (3 took
  // the same 8.7 min for the whole suite, their own times 1,400 s against 955 s: the browser tests are CPU-bound).
  workers: 2,
  fullyParallel: false,
  forbidOnly: CI,
  // No retries: a test that passes only on a second attempt is a failing test.
  retries: 0,
  // The list reporter prints one line per test and ends with the pass/fail summary lines; then the ten slowest tests.
  reporter: [["list"], ["../../scripts/reporters/playwright-slowest.mjs"]],
  timeout: 45_000,
  expect: { timeout: 7_000 },
  globalTimeout: CI ? 30 * 60_000 : 0,
  use: {
    browserName: "chromium",
    headless: true,
    viewport: { width: 1280, height: 800 },
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    // No trace unless asked for (TRC_TRACE=1: the trace of a failed test, its actions with their errors, console and
    // network). Recorded for every test and thrown away for every one that passes, it cost a tenth of the suite's CPU
    // (the whole suite side by side: 331 -> 301 CPU-s, own times 420 -> 399 s, the axe sweeps 30/24 -> 22/16 s;
    // docs/TESTING.md). A failure keeps its error with the locator's log, its screenshot and error-context.md (the
    // page's ARIA snapshot); run the failed test again with TRC_TRACE=1 for its trace.
    trace: process.env.TRC_TRACE
      ? { mode: "retain-on-failure", screenshots: false, snapshots: false }
      : "off",
    screenshot: "only-on-failure",
    launchOptions: CHROMIUM,
    // One browser context per worker, reset between tests (Playwright's reuse: its pages closed but one, storage of
    // every origin it visited, cookies, cache, clock, routes, init scripts, listeners, viewport and media forgotten;
    // a test with other context options, e.g. a time zone, gets its own). A new context per test cost Chromium's
    // browser process ~0.7 s of CPU each; the whole suite, side by side: 7.9 -> 6.1 min, own times 862 -> 672 s
    // (docs/TESTING.md). e2e/isolation.spec.ts proves the next test starts with nothing of the last one's.
    reuseContext: true,
  },
});
