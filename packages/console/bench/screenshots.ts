// `npm run screenshots`: the operator's guide's pictures (docs/images/*.png), taken of the real pages against the
// emulator so they never go stale: the dashboard Ready and Not ready, the backlog, an alarm, the Live page, the fleet.
import { mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, expect, type Page } from "@playwright/test";
import { clockHooksClient, startChildDevice } from "@trc/device";
import { CHROMIUM } from "../chromium.ts";
import { consoleBuild } from "./docs-section.ts";

const OUT = join(fileURLToPath(new URL("../../../", import.meta.url)), "docs/images");
const VIEWPORT = { width: 1280, height: 800 };

async function main(): Promise<void> {
  const dist = consoleBuild("screenshots");
  const unit = await startChildDevice({
    env: { DEVICE_TEST_HOOKS: "1", CONSOLE_DIST: dist, DEVICE_NAME: "FINISH-1" },
    tempPrefix: "trc-shots-",
  });
  // One clock (docs/TESTING.md): the page's fake clock and the unit's move together, so the pictures agree.
  const unitClock = clockHooksClient(unit.url);
  const scenario = async (patch: Record<string, unknown> | null) => {
    const res = await fetch(`${unit.url}/api/__test/scenario`, {
      method: patch ? "POST" : "DELETE",
      headers: { "content-type": "application/json" },
      body: patch ? JSON.stringify(patch) : undefined,
    });
    if (!res.ok) throw new Error(`scenario answered ${res.status}: ${await res.text()}`);
  };
  const browser = await chromium.launch(CHROMIUM);
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: "light", baseURL: unit.url });
    // The race length an operator enters once: 2 hours.
    await context.addInitScript(() => localStorage.setItem("readyRaceHours", "2"));
    const page = await context.newPage();
    await page.clock.install();
    mkdirSync(OUT, { recursive: true });
    const shot = async (name: string, target: Page | ReturnType<Page["locator"]> = page) => {
      const path = join(OUT, name);
      await target.screenshot({ path, animations: "disabled" });
      console.log(`[screenshots] ${name} (${Math.round(statSync(path).size / 1024)} kB)`);
    };
    /**
     * The alarm watch reads each dataset again 30 s after its last answer: the unit lives those 31 s first, then the
     * page jumps there (and back onto the unit's time, which its clock lost while firing), and it answers.
     */
    const nextWatch = async () => {
      const { warpMs } = await unitClock.advanceClock(31_000);
      await page.clock.fastForward(31_000);
      await page.clock.setSystemTime(Date.now() + warpMs);
      await page.waitForTimeout(1500);
    };

    // A healthy unit on race morning: clock right, link up, tags passing every antenna.
    await scenario({ clockOffsetMs: 0, serverDown: false });
    await scenario({ massStart: { tags: 3000, seconds: 900, readsPerTag: [3, 5], antennas: [3, 3] } });
    await page.goto("/");
    const ready = page.getByRole("region", { name: "Ready check" });
    await expect(page.getByTestId("time-verdict")).not.toHaveAttribute(
      "data-accuracy",
      /NOT_QUERIED|QUERYING/,
      {
        timeout: 20_000,
      },
    );
    await nextWatch();
    await expect(ready.getByTestId("ready-verdict")).toHaveText("Ready", { timeout: 20_000 });
    await shot("dashboard-ready.png");

    // Two items fail: storage and the battery (which also raises an alarm).
    await scenario({ storagePercent: 85, batteryPercent: 12 });
    await nextWatch();
    await expect(ready.getByTestId("ready-verdict")).toHaveText("Not ready", { timeout: 20_000 });
    await shot("ready-not-ready.png", ready);
    await scenario(null);
    await scenario({ clockOffsetMs: 0, serverDown: false });

    // The link to the timing server goes down while tags keep passing: the backlog grows, then the alarm.
    await page
      .getByRole("button", { name: /^Acknowledge/ })
      .first()
      .click();
    await scenario({
      serverDown: true,
      massStart: { tags: 1200, seconds: 60, readsPerTag: [1, 2], antennas: [1, 1] },
    });
    for (let i = 0; i < 5; i++) await nextWatch();
    await shot("passings-backlog.png", page.getByTestId("card-passings"));
    await page.getByRole("link", { name: "Files", exact: true }).click();
    await expect(page.getByRole("region", { name: "Unit alarms" })).toContainText("Backlog growing");
    await shot("alarm-backlog.png", page.getByRole("region", { name: "Unit alarms" }));
    await scenario({ serverDown: false });

    // The Live page with a test tag held at antenna 1.
    await scenario({ testTag: { tag: "100042", ant: 0, perSecond: 4 } });
    await page.goto("/live");
    await page.waitForTimeout(4000);
    await shot("live.png");
    await scenario(null);

    // The Fleet page on race morning again: tags passing, two polls for its Ready column's trail.
    await scenario({ clockOffsetMs: 0, serverDown: false });
    await scenario({ massStart: { tags: 3000, seconds: 900, readsPerTag: [3, 5], antennas: [3, 3] } });
    await page.goto("/fleet");
    await nextWatch();
    await nextWatch();
    await expect(page.getByRole("row").nth(1)).toContainText("Ready", { timeout: 20_000 });
    await shot("fleet.png");
  } finally {
    await browser.close();
    await unit.close();
  }
}

await main();
