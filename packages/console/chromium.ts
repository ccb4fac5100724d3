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
  // Debian's wrapper turns GPU rasterization on; with no GPU that is SwiftShader in a GPU process. Software raster and
  // compositing, and no extensions: the browser tests' own times 97.1 / 89.0 s -> 85.1 / 85.4 s for 22 tests, two
  // rounds each way side by side (docs/TESTING.md); the browser tests are CPU-bound on 2 cores.
  "--disable-gpu-compositing",
  "--disable-gpu-rasterization",
  "--disable-extensions",
];
/** Launch options for `chromium.launch` / Playwright's `launchOptions`. */
export const CHROMIUM = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
