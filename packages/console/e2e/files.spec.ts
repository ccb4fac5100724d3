// The files page against the emulated device, one journey on one page: loading, list with sizes, sorting, download bytes,
// delete with confirmation and its failure, the empty list and Refresh Files, a list that cannot be loaded.
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Download, Page } from "@playwright/test";
import { type Device, expect, type RequestLogEntry, test } from "./fixtures.ts";

/** The device's log also records the query string of a request. */
type LoggedRequest = RequestLogEntry & { query?: string };
const requestLog = async (device: Device, after?: number): Promise<LoggedRequest[]> =>
  device.hooks.log(after);

const filesDir = (device: Device) => join(device.dataDir, "files");

/** Puts the device's example files back and adds two files of known size (one needing URL-encoding). */
async function seedFiles(device: Device, page: Page): Promise<void> {
  const res = await page.request.post(`${device.url}/api/filesystem/dev/refreshFSDB`);
  expect(res.ok()).toBe(true);
  await writeFile(join(filesDir(device), "lap #1 & 2.csv"), "x".repeat(1234));
  await writeFile(join(filesDir(device), "tiny.txt"), "y".repeat(999));
}

const table = (page: Page) => page.getByRole("table");
const rowOf = (page: Page, name: string) => table(page).getByRole("row").filter({ hasText: name });
/** DELETE requests the device received after `cursor` (`device.hooks.logSeq()` taken before the action). */
async function deletesAfter(device: Device, cursor: number) {
  return (await requestLog(device, cursor)).filter((e) => e.method === "DELETE");
}

const names = (page: Page) => table(page).locator("tbody tr td:first-child").allTextContents();

test("files page: loading, list and sorting, download, delete and a failed delete, empty and Refresh Files, a list that cannot load", async ({
  page,
  device,
}) => {
  await seedFiles(device, page);

  await test.step("'Loading...' shows until the device's list arrives", async () => {
    // The request still goes to the emulator, only held back a moment so the loading state can be seen.
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route("**/api/filesystem/getAll", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/files");
    // The page itself is there (not the route's lazy-load fallback) and waits for the list.
    await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
    await expect(page.getByText("Loading...", { exact: true })).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    release();
    await expect(rowOf(page, "tiny.txt")).toBeVisible();
    await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
    await page.unroute("**/api/filesystem/getAll");
  });

  await test.step("lists name, size in base-1000 units and actions; sorts by name and size", async () => {
    await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
    const headers = table(page).getByRole("columnheader");
    await expect(headers).toHaveText(["Name", "Size", "Actions"].map((h) => new RegExp(`^${h}`)));
    await expect(rowOf(page, "lap #1 & 2.csv")).toContainText("1.23 kB");
    await expect(rowOf(page, "tiny.txt")).toContainText("999 B");

    const onDisk = (await readdir(filesDir(device))).filter((n) => !n.startsWith("."));
    await expect.poll(() => names(page)).toHaveLength(onDisk.length);
    const byName = [...onDisk].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
    expect(await names(page)).toEqual(byName);

    await table(page).getByRole("button", { name: "Size" }).click();
    await expect(table(page).getByRole("columnheader", { name: /^Size/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    // Files of one size (the example timing files come in copies) stay in name order either way.
    const sizes = new Map(
      await Promise.all(onDisk.map(async (n) => [n, (await stat(join(filesDir(device), n))).size] as const)),
    );
    const bySize = (dir: 1 | -1) =>
      [...byName].sort((a, b) => dir * ((sizes.get(a) ?? 0) - (sizes.get(b) ?? 0)));
    const asc = await names(page);
    expect(asc).toEqual(bySize(1));
    expect(asc.indexOf("tiny.txt")).toBeLessThan(asc.indexOf("lap #1 & 2.csv"));
    await table(page).getByRole("button", { name: "Size" }).click();
    await expect(table(page).getByRole("columnheader", { name: /^Size/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    expect(await names(page)).toEqual(bySize(-1));
  });

  await test.step("the download link opens GET download?fileName= in a new tab and the file's bytes arrive", async () => {
    const link = rowOf(page, "lap #1 & 2.csv").getByRole("link", { name: "Download lap #1 & 2.csv" });
    await expect(link).toHaveAttribute(
      "href",
      `${device.url}/api/filesystem/download?fileName=lap%20%231%20%26%202.csv`,
    );
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener");

    // The link opens a new tab, whose answer (an attachment) becomes a download.
    const downloaded = new Promise<Download>((done) => {
      page.once("download", done);
      page.context().once("page", (tab) => tab.once("download", done));
    });
    await link.click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe("lap #1 & 2.csv");
    const path = await download.path();
    const bytes = await readFile(path);
    expect(bytes.equals(await readFile(join(filesDir(device), "lap #1 & 2.csv")))).toBe(true);
    const log = await requestLog(device);
    expect(
      log.some(
        (e) => e.path === "/api/filesystem/download" && e.query === "fileName=lap%20%231%20%26%202.csv",
      ),
    ).toBe(true);
    // The journey goes on in the files page's own tab.
    for (const tab of page.context().pages()) if (tab !== page) await tab.close();
    await page.bringToFront();
  });

  await test.step("delete asks first naming the file; Cancel keeps it, Delete sends DELETE and refreshes", async () => {
    const cursor = await device.hooks.logSeq();
    await rowOf(page, "lap #1 & 2.csv").getByRole("button", { name: "Delete lap #1 & 2.csv" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete file?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("lap #1 & 2.csv");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect(await deletesAfter(device, cursor)).toHaveLength(0);
    await expect(rowOf(page, "lap #1 & 2.csv")).toBeVisible();

    await rowOf(page, "lap #1 & 2.csv").getByRole("button", { name: "Delete lap #1 & 2.csv" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(rowOf(page, "lap #1 & 2.csv")).toHaveCount(0);
    await expect(rowOf(page, "tiny.txt")).toBeVisible();
    const deletes = await deletesAfter(device, cursor);
    expect(deletes.map((e) => [e.path, e.query])).toEqual([
      ["/api/filesystem/file", "fileName=lap%20%231%20%26%202.csv"],
    ]);
    expect(await readdir(filesDir(device))).not.toContain("lap #1 & 2.csv");
  });

  await test.step("a failed delete shows the device's reason at the file and logs the spec's line", async () => {
    const logged: string[] = [];
    page.on("console", (m) => logged.push(m.text()));
    await expect(rowOf(page, "tiny.txt")).toBeVisible();
    await device.hooks.fault({
      path: "/api/filesystem/file",
      status: 500,
      count: 1,
      body: { error: "flash busy" },
    });
    await rowOf(page, "tiny.txt").getByRole("button", { name: "Delete tiny.txt" }).click();
    await page.getByRole("dialog", { name: "Delete file?" }).getByRole("button", { name: "Delete" }).click();
    await expect(table(page).getByRole("alert")).toHaveText(
      "Could not delete tiny.txt: HTTP 500: flash busy",
    );
    await expect(rowOf(page, "tiny.txt").first()).toBeVisible();
    expect(logged.some((t) => t.startsWith("Failed to delete file?"))).toBe(true);
    expect(await readdir(filesDir(device))).toContain("tiny.txt");
  });

  await test.step("empty: says so, and Refresh Files posts refreshFSDB and reloads with the example files", async () => {
    for (const name of await readdir(filesDir(device)))
      await rm(join(filesDir(device), name), { force: true });
    const cursor = await device.hooks.logSeq();
    await page.reload();
    await expect(page.getByText("No files left, click button to refresh example file system!")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Refresh Files" }).click();
    await reloaded;
    await expect(rowOf(page, "timing_0001.csv")).toBeVisible();
    const refreshes = (await device.hooks.log(cursor)).filter(
      (e) => e.path === "/api/filesystem/dev/refreshFSDB",
    );
    expect(refreshes.map((e) => e.method)).toEqual(["POST"]);
  });

  await test.step("a list that cannot be loaded says why instead of a blank page", async () => {
    await device.hooks.fault({
      path: "/api/filesystem/getAll",
      status: 503,
      count: 2,
      body: { error: "busy" },
    });
    await page.reload();
    await expect(page.getByRole("alert")).toHaveText("Could not load the files: HTTP 503: busy");
  });
});
