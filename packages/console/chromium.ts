// Debian's Chromium, headless, as the browser tests and the benchmarks launch it (Playwright's own downloads do not work here).
export const CHROMIUM_PATH = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** Launch options for `chromium.launch` / Playwright's `launchOptions`. */
export const CHROMIUM = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
