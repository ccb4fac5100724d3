// Chaos soak: DEVICE_CHAOS=0.1 and a monkey clicking through every page — no uncaught error, no blank page (60 s here, 10 min with npm run soak).
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { REPO_ROOT, test } from "../fixtures.ts";
import { expectPageStands, monkeyStep, newFigures, PAGES, watchAnswers } from "./chaosMonkey.ts";

const SOAK_MS = Number(process.env.TRC_SOAK_MS ?? 60_000);
const SEED = Number(process.env.TRC_SOAK_SEED ?? 8);

// The unit's faults come from the same seed as the monkey's clicks: a failed soak is replayed with TRC_SOAK_SEED.
test.use({ deviceEnv: { DEVICE_CHAOS: "0.1", DEVICE_REBOOT_MS: "1500", DEVICE_SEED: String(SEED) } });

test(`chaos soak for ${Math.round(SOAK_MS / 1000)} s (seed ${SEED})`, async ({ page }) => {
  test.setTimeout(SOAK_MS + 120_000);
  let s = SEED >>> 0;
  const rnd = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const figures = newFigures();
  watchAnswers(page, figures);
  // Leaving a page with unsaved edits asks the browser (beforeunload); the operator says leave.
  page.on("dialog", (d) => void d.accept());
  const start = Date.now();
  // Every page once first, then at random.
  for (const path of PAGES) {
    await page.goto(path);
    figures.pageVisits[path] = (figures.pageVisits[path] ?? 0) + 1;
    await expectPageStands(page, figures);
  }
  while (Date.now() - start < SOAK_MS) {
    await monkeyStep(page, figures, rnd);
    // An operator's pause between clicks (0.1-0.5 s, seeded): real time passing is the point, the page's own
    // requests and the unit's faults happen meanwhile; nothing is waited for.
    await page.waitForTimeout(100 + rnd() * 400);
    await expectPageStands(page, figures);
  }
  figures.durationMs = Date.now() - start;
  test.info().annotations.push({ type: "soak", description: JSON.stringify(figures) });
  if (process.env.TRC_FIGURES) {
    const dir = join(REPO_ROOT, "docs", "reliability");
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, `soak-${SOAK_MS >= 300_000 ? "long" : "short"}.json`),
      `${JSON.stringify({ ...figures, seed: SEED }, null, 2)}\n`,
    );
  }
});

/** The first call each page makes, with a fault on it: the reason must be on screen, on that page. */
const FAILURES: [string, string, string][] = [
  ["/telemetry", "/api/telemetry/battery", "Battery"],
  ["/files", "/api/filesystem/getAll", "Files"],
  ["/configuration", "/api/config/get", "Configuration"],
];

for (const [path, call, label] of FAILURES) {
  test(`with chaos on, a failing ${call} is shown on ${label}`, async ({ page, device }) => {
    const reason = `Injected soak fault on ${call}`;
    await device.hooks.fault({ path: call, status: 503, count: 20, body: { error: reason } });
    try {
      await page.goto(path);
      await expectPageStands(page, newFigures());
      await page.getByText(reason).first().waitFor({ state: "visible", timeout: 15_000 });
    } finally {
      await device.hooks.clearFaults();
    }
  });
}
