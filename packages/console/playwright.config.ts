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
  // Each worker runs its own emulated units, one per environment (see e2e/fixtures.ts); two fit a 2-core machine.
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
    // The trace of a failed test: actions, DOM snapshots, console and network; no filmstrip of screenshots (recorded
    // for every test, it cost about a tenth of a test's time; the failure's own screenshot is kept below).
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions: CHROMIUM,
  },
});
