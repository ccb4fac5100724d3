// Helpers of the commands and auth browser tests: page parts by role and text, and what the device received.
import type { Locator, Page } from "@playwright/test";
import { type Device, expect, type RequestLogEntry } from "./fixtures.ts";

export const EXECUTE = "/api/commands/execute";
export const AUTH_TEST = "/api/commands/auth/test";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** The command names in the Command List, in order (each row's name is its strong text). */
export const commandNames = (page: Page) =>
  page.getByRole("region", { name: "Command List" }).getByRole("listitem").getByRole("strong");

/** The row of a command in the list (a toggle button), by its exact name. */
export const commandRow = (page: Page, name: string) =>
  page
    .getByRole("region", { name: "Command List" })
    .getByRole("button")
    .filter({ has: page.getByRole("strong").filter({ hasText: new RegExp(`^${escapeRegExp(name)}$`) }) });

export const executeButton = (page: Page) =>
  page.getByRole("region", { name: "Execute" }).getByRole("button");

/** Expects a history entry's outcome badge to read exactly `text` ("200 Success", "Unknown?"...). */
export const expectOutcome = (entry: Locator, text: string, timeout?: number) =>
  expect(entry.getByText(text, { exact: true })).toBeVisible({ timeout });
export const historyEntries = (page: Page) => page.getByTestId("history-entry");

export async function packetPreview(page: Page): Promise<unknown> {
  return JSON.parse(await page.getByLabel("Packet", { exact: true }).inputValue());
}

/** The unit's request log (`device.hooks.log`): every entry kept, or those after a cursor. */
type RequestLog = (after?: number) => Promise<RequestLogEntry[]>;

/**
 * The requests the device logged to `path` after `cursor` (`device.hooks.logSeq()` taken before the action: the
 * log's own order, whatever the clocks say).
 */
export async function received(log: RequestLog, path: string, cursor: number): Promise<RequestLogEntry[]> {
  return (await log(cursor)).filter((e) => e.path === path);
}

/**
 * Waits until the device has logged a request to `path` after `cursor`, and returns it. A unit that reboots on the
 * request (REBOOT) stops listening for a few seconds right after answering: its log is read again once it is back.
 */
export async function waitForRequest(
  log: RequestLog,
  path: string,
  cursor: number,
  timeout = 15_000,
): Promise<RequestLogEntry> {
  let found: RequestLogEntry | undefined;
  await expect
    .poll(
      async () => {
        try {
          found = (await received(log, path, cursor))[0];
        } catch (err) {
          // fetch's own failure (connection refused while the unit reboots), not an answer of the unit's.
          if (!(err instanceof TypeError)) throw err;
        }
        return !!found;
      },
      { timeout, intervals: [100] },
    )
    .toBe(true);
  return found as RequestLogEntry;
}

/**
 * After a reboot command the unit received at `since` (epoch ms on the unit's clock: a request log entry's `time`, or
 * `device.hooks.clock()`'s `now` before sending): waits until it answers again with an uptime shorter than the time
 * since then on its own clock, i.e. it has been down and is back. Its uptime is whole seconds, rounded down: only
 * uptime + 1 s within the time since then proves the boot came after (a boot just before `since` could otherwise
 * pass, as the previous firmware's reboot did in firmware-two-browsers).
 */
export async function waitForReboot(device: Device, since: number): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          // The unit's clock read first: the uptime read after it can only be longer.
          const { now } = await device.hooks.clock();
          const res = await fetch(`${device.url}/api/telemetry/os`, { signal: AbortSignal.timeout(2_000) });
          const uptimeS = res.ok ? ((await res.json()) as { uptime_s?: unknown }).uptime_s : undefined;
          return typeof uptimeS === "number" && (uptimeS + 1) * 1000 <= now - since;
        } catch {
          return false;
        }
      },
      { message: "the unit restarted and answers again", timeout: 20_000, intervals: [200] },
    )
    .toBe(true);
}

/**
 * Logs in on the auth page with a password and waits for the device's verdict; it opens /auth first unless `open` is
 * false (the page already shows it, e.g. reached through a link).
 */
export async function logIn(page: Page, password: string, { open = true } = {}): Promise<void> {
  if (open) await page.goto("/auth");
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await page.getByRole("button", { name: "Test Password" }).click();
  await expect(page.getByText("Password test was successful, validated")).toBeVisible();
}
