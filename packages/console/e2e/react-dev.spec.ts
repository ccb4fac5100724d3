// The console on React's development runtime (dist-dev): every page used once, and React writes no warning or error.
import { fileURLToPath } from "node:url";
import type { ConsoleMessage } from "@playwright/test";
import { inputOf, resultOf, setting, submitOf } from "./configuration-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { dashboardSettled } from "./telemetry-helpers.ts";

// `npm run test:e2e` builds it (`npm run build:dev -w @trc/console`); the production build prints no warnings.
const DEV_BUILD = fileURLToPath(new URL("../dist-dev", import.meta.url));
test.use({ deviceEnv: { CONSOLE_DIST: DEV_BUILD } });

test("every page, under StrictMode on React's development runtime, without a console warning or error", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const messages: string[] = [];
  const info: string[] = [];
  const keep = (m: ConsoleMessage) => {
    if (m.type() === "error" || m.type() === "warning") messages.push(`${m.type()}: ${m.text()}`);
    else info.push(m.text());
  };
  page.on("console", keep);

  await page.goto("/");
  await dashboardSettled(page);
  // The development runtime is the one under test (only it greets the console, and only it warns).
  expect(info.some((t) => t.includes("React DevTools"))).toBe(true);
  await page.getByRole("button", { name: "Requery" }).click();

  await page.getByRole("link", { name: "Commands", exact: true }).click();
  await page.getByRole("button", { name: /^Reboot after delay/ }).click();
  await page.getByRole("textbox", { name: /delay/i }).fill("3");
  await page.getByRole("button", { name: /^Set time manually/ }).click();

  await page.getByRole("link", { name: "Configuration", exact: true }).click();
  await expect(page.getByTestId("config-state")).toHaveText("REFRESHED");
  const ssid = inputOf(page, "Network name");
  await ssid.fill("Changed");
  await submitOf(page, "Network name").click();
  await expect(resultOf(page, "Network name")).toHaveText("200 - Success");
  await expect(setting(page, "Network name")).toContainText("Current: Changed");
  // Put back, and wait for this set's own answer (the first one's 200 is still on screen until it comes: ci37 left
  // the page before it, and the leave guard asked about the edit).
  await ssid.fill("TimingNet");
  await submitOf(page, "Network name").click();
  await expect(setting(page, "Network name")).toContainText("Current: TimingNet");

  await page.getByRole("link", { name: "Files", exact: true }).click();
  await expect(page.getByRole("table")).toBeVisible();

  await page.getByRole("link", { name: "Firmware", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Firmware" })).toBeVisible();

  await page.getByRole("link", { name: "Developer settings" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/auth");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goBack();
  await page.goForward();

  expect(messages).toEqual([]);
});
