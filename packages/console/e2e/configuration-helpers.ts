// Helpers of the configuration browser specs: locating a setting, reading the device's values and its request log.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { shownColour } from "./colours.ts";
import { type Device, expect, type RequestLogEntry } from "./fixtures.ts";

/** A setting's block, found by its display name. */
export const setting = (page: Page, display: string): Locator =>
  page.getByRole("group", { name: display, exact: true });

/** The input of a setting (text, number, password, checkbox or select). */
export const inputOf = (page: Page, display: string): Locator =>
  setting(page, display).locator("input, select").first();

export const submitOf = (page: Page, display: string): Locator =>
  setting(page, display).getByRole("button", { name: "Submit", exact: true });

export const resultOf = (page: Page, display: string): Locator =>
  setting(page, display).getByTestId("save-result");

export const banner = (page: Page): Locator =>
  page.getByRole("alert").filter({ hasText: "Configuration changed without restart!" });

/** The device's current values, read directly. */
export async function deviceValues(request: APIRequestContext): Promise<Record<string, unknown>> {
  const res = await request.get("/api/config/get");
  expect(res.status()).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** Config set calls the device received after `cursor` (`device.hooks.logSeq()` taken before the action). */
export async function setsAfter(device: Device, cursor: number): Promise<RequestLogEntry[]> {
  return (await device.hooks.log(cursor)).filter(
    (e) => e.method === "POST" && e.path.startsWith("/api/config/set"),
  );
}

/** Opens the configuration page and waits until the settings are loaded. */
export async function openConfiguration(page: Page): Promise<void> {
  await page.goto("/configuration");
  await expect(page.getByRole("heading", { level: 1, name: "Configuration" })).toBeVisible();
  await expect(page.getByTestId("config-state")).toHaveText("REFRESHED", { timeout: 20_000 });
}

/** Goes to the configuration page by its navigation link (no page load) and waits until the settings are loaded. */
export async function goToConfiguration(page: Page): Promise<void> {
  await page.getByRole("navigation").getByRole("link", { name: "Configuration", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Configuration" })).toBeVisible();
  await expect(page.getByTestId("config-state")).toHaveText("REFRESHED", { timeout: 20_000 });
}

/** A port different from the current one, inside 1..65535. */
export const otherPort = (current: unknown): number => (current === 10_002 ? 10_003 : 10_002);

type Highlight = "changed" | "saved" | "failed" | "none";
const HIGHLIGHT_WORDS: Record<Exclude<Highlight, "none">, string> = {
  changed: "Changed, not saved",
  saved: "Saved",
  failed: "Not saved",
};

/**
 * SPEC §5's highlight of a setting's input as a user meets it: its colour (yellow when changed, green after a save,
 * red after a failed one; none when clean) and the same in words, its accessible description.
 */
export async function expectHighlight(input: Locator, state: Highlight): Promise<void> {
  const part = (await input.getAttribute("type")) === "checkbox" ? "outline-color" : "border-color";
  const named = { yellow: "changed", green: "saved", red: "failed" } as Record<string, Highlight>;
  await expect.poll(async () => named[await shownColour(input, part)] ?? "none").toBe(state);
  if (state === "none") {
    for (const words of Object.values(HIGHLIGHT_WORDS))
      await expect(input).not.toHaveAccessibleDescription(new RegExp(`^${words}`));
  } else await expect(input).toHaveAccessibleDescription(new RegExp(`^${HIGHLIGHT_WORDS[state]}`));
}
