// Export… against the emulated unit (issue "Passings leave the unit", item 4): a session timed on the Timing page (the
// athletes' passings and the gun, on the unit's and the page's one clock) exported as RACE RESULT passings with a time
// window, an offset and the gun left out; a timing file exported from the Files page for CrossMgr. Each download's
// lines are checked against the unit's session file on its disk, worked out here from the file's rows and the
// formats' documented columns (docs/EXPORT.md). The unit is put back: test mode, its utc_offset 0. As in the race
// journey, the unit's clock is synced on the dashboard first (Start timing on an unsynced clock asks first).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./a11y-helpers.ts";
import { advanceClocks, type Device, expect, installClocks, test } from "./fixtures.ts";
import { firstSyncDone } from "./telemetry-helpers.ts";

/** A row of a session file (D12: tag,bib,time_utc,channel,rssi_dbm,reads), numbered by its row. */
interface Row {
  n: number;
  tag: string;
  time: number;
  channel: number;
  rssi: string;
  reads: string;
}

async function sessionRows(device: Device, file: string): Promise<Row[]> {
  const text = await readFile(join(device.dataDir, "files", file), "utf8");
  const [header, ...rows] = text.split("\n");
  expect(header).toBe("tag,bib,time_utc,channel,rssi_dbm,reads");
  return rows
    .map((r, i) => {
      const [tag = "", , iso = "", channel = "", rssi = "", reads = ""] = r.split(",");
      return { n: i + 1, tag, time: Date.parse(iso), channel: Number(channel), rssi, reads };
    })
    .filter((r) => r.tag !== "");
}

/** `yyyy-MM-dd` and `HH:mm:ss.sss` of an instant `offsetS` east of UTC. */
function local(time: number, offsetS: number): [string, string] {
  const iso = new Date(time + offsetS * 1000).toISOString();
  return [iso.slice(0, 10), iso.slice(11, 23)];
}
/** `dd-MM-yyyy HH:mm:ss`, as the dialog's window takes it. */
function typed(time: number, offsetS: number): string {
  const [d, t] = local(time, offsetS);
  return `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)} ${t.slice(0, 8)}`;
}

async function setting(device: Device, key: string, value: unknown): Promise<void> {
  const res = await fetch(`${device.url}/api/config/set`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ key, value, time: new Date().toISOString() }),
  });
  expect(res.status).toBe(200);
}
async function command(device: Device, cmd: string): Promise<void> {
  await fetch(`${device.url}/api/commands/execute`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ cmd, args: [] }),
  });
}
const unitName = async (device: Device) =>
  ((await (await fetch(`${device.url}/api/config/deviceName`)).json()) as { deviceName: string }).deviceName;

/** Downloads with the dialog's Download: the file's name and its text. */
async function download(page: Page, dialog: Locator): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "Download" }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, "utf8") };
}

test("a session timed on the Timing page, exported as RACE RESULT passings with a window, an offset and the gun out", async ({
  page,
  device,
}) => {
  test.setTimeout(90_000);
  const OFFSET_S = 7200;
  await setting(device, "utc_offset", OFFSET_S);
  try {
    await installClocks(page, device);
    // The unit's clock synced first (the dashboard's Device Time card): Start timing asks nothing of a good clock.
    await page.goto("/");
    await firstSyncDone(page);
    await page
      .getByRole("navigation", { name: "Pages" })
      .getByRole("link", { name: "Timing", exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 2, name: "Test mode" })).toBeVisible();
    await page.getByRole("button", { name: "Start timing" }).click();
    await expect(page.getByText("Timing started: passings go to timing_0004.csv")).toBeVisible();
    // The athletes pass, the gun, more pass; then Stop timing (asked first).
    await advanceClocks(page, device, 8_000);
    await page.getByRole("button", { name: "Marker / gun" }).click();
    await expect(page.getByText(/^Marker at /)).toBeVisible();
    await advanceClocks(page, device, 8_000);
    await page.getByRole("button", { name: "Stop timing" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
    const stopped = page.getByText(/^Timing stopped: \d+ passings in timing_0004\.csv$/);
    await expect(stopped).toBeVisible();
    const count = Number(/(\d+) passings/.exec((await stopped.textContent()) ?? "")?.[1]);
    // Every passing on the unit's disk (the rows are written one write after another).
    await expect.poll(async () => (await sessionRows(device, "timing_0004.csv")).length).toBe(count);
    const rows = await sessionRows(device, "timing_0004.csv");
    expect(rows.filter((r) => r.tag === "MARKER")).toHaveLength(1);
    const passings = rows.filter((r) => r.tag !== "MARKER");
    expect(passings.length).toBeGreaterThan(4);

    // The window: from the second passing's second to the second-last one's (the unit's local time, with the offset).
    const OFFSET_MS = 1500;
    const byTime = [...passings].sort((a, b) => a.time - b.time);
    const from = typed((byTime[1] as Row).time + OFFSET_MS, OFFSET_S);
    const to = typed((byTime.at(-2) as Row).time + OFFSET_MS, OFFSET_S);
    const fromMs = Math.floor(((byTime[1] as Row).time + OFFSET_MS) / 1000) * 1000;
    const toMs = Math.floor(((byTime.at(-2) as Row).time + OFFSET_MS) / 1000) * 1000 + 999;

    const sessions = page.getByRole("region", { name: "Sessions" });
    await sessions.getByRole("button", { name: "Export timing_0004.csv" }).click();
    const dialog = page.getByRole("dialog", { name: "Export timing_0004.csv" });
    await expect(dialog.getByRole("radio", { name: /RACE RESULT passings/ })).toBeChecked();
    await dialog.getByLabel("Ignore before").fill(from);
    await dialog.getByLabel("Ignore after").fill(to);
    await dialog.getByLabel("Offset (ms)").fill(String(OFFSET_MS));
    await dialog.getByRole("checkbox", { name: /^Markers in/ }).uncheck();
    const { name, text } = await download(page, dialog);
    await expect(dialog).toHaveCount(0);

    // RACE RESULT's passing record (docs/EXPORT.md): PassingNo;TranspCode;Date;Time;EventID 0;Hits;MaxRSSI;;IsActive 0;
    // 7 empty;BoxName;FileNumber;MaxRSSIAntenna;BoxId empty, in file order, CRLF.
    const box = await unitName(device);
    const kept = rows.filter(
      (r) => r.tag !== "MARKER" && r.time + OFFSET_MS >= fromMs && r.time + OFFSET_MS <= toMs,
    );
    const expected = kept.map((r) => {
      const [date, time] = local(r.time + OFFSET_MS, OFFSET_S);
      return `${r.n};${r.tag};${date};${time};0;${r.reads};${Math.round(Number(r.rssi))};;0;;;;;;;;${box};4;${r.channel};`;
    });
    expect(name).toBe("timing_0004.raceresult.txt");
    expect(text.split("\r\n")).toEqual([...expected, ""]);
    expect(kept.length).toBeGreaterThan(1);
    await expect(sessions.getByRole("status").filter({ hasText: /^Exported/ })).toHaveText(
      `Exported ${kept.length} ${kept.length === 1 ? "passing" : "passings"} of timing_0004.csv to timing_0004.raceresult.txt (${rows.length - kept.length} left out by the options)`,
    );
  } finally {
    await command(device, "TIMING_STOP");
    await setting(device, "utc_offset", 0);
  }
});

test("a timing file on the Files page exported for CrossMgr: Tag,Timestamp in the unit's local time", async ({
  page,
  device,
}) => {
  const OFFSET_S = -5 * 3600;
  await setting(device, "utc_offset", OFFSET_S);
  try {
    await page.goto("/files");
    const row = page.getByRole("row").filter({ hasText: "timing_0001.csv" });
    // Only a timing file has Export….
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: "status.log" })
        .getByRole("button", { name: /^Export/ }),
    ).toHaveCount(0);
    await row.getByRole("button", { name: "Export timing_0001.csv" }).click();
    const dialog = page.getByRole("dialog", { name: "Export timing_0001.csv" });
    await dialog.getByRole("radio", { name: /CrossMgr chip import/ }).check();
    // A wrong offset: its reason under the input, and Download keeps the dialog and saves nothing.
    await dialog.getByLabel("Offset (ms)").fill("1.5");
    await dialog.getByLabel("Ignore before").focus();
    const reason = dialog.getByText("Offset: a whole number of milliseconds from -86400000 to 86400000");
    await expect(reason).toBeVisible();
    await dialog.getByRole("button", { name: "Download" }).click();
    await expect(page.getByRole("dialog", { name: "Export timing_0001.csv" })).toBeVisible();
    await expect(reason).toBeVisible();
    await expect(dialog.getByLabel("Offset (ms)")).toHaveAttribute("aria-invalid", "true");
    // The dialog with its reason shown: no axe violation in it.
    await expectNoAxeViolations(page, "Export dialog with a reason", { scope: "dialog" });
    await dialog.getByLabel("Offset (ms)").fill("");
    const { name, text } = await download(page, dialog);

    const rows = await sessionRows(device, "timing_0001.csv");
    expect(rows.length).toBeGreaterThan(10);
    const expected = rows.map((r) => {
      const [date, time] = local(r.time, OFFSET_S);
      return `${r.tag},${date} ${time}`;
    });
    expect(name).toBe("timing_0001.crossmgr.txt");
    expect(text.split("\r\n")).toEqual(["Tag,Timestamp", ...expected, ""]);
    await expect(page.getByText(/^Exported \d+ passings of timing_0001\.csv/)).toHaveText(
      `Exported ${rows.length} passings of timing_0001.csv to timing_0001.crossmgr.txt`,
    );
  } finally {
    await setting(device, "utc_offset", 0);
  }
});
