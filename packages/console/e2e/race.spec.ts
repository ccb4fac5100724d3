// An operator's race on the emulated unit (issue 31), on the Timing page, with a test TCP client on the unit's
// filtered port standing in for the timing program: test mode, Start timing, passings reaching the program, the gun,
// the program away (the alarm, Left grows) and back (every passing it missed, in order, once; the dashboard's Ready item),
// a window replayed (R = 1, counted), Stop timing (asked first). Time moves on the unit's and the page's one clock. Then a
// replay's progress, "Sent again N of M", held by a program that stops reading.
import { rm, writeFile } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { alarmRow } from "./alarms-helpers.ts";
import { advanceClocks, type Device, expect, installClocks, test } from "./fixtures.ts";
import { readRows } from "./live-helpers.ts";
import { value } from "./ready-helpers.ts";

/** A passing line: TAG;dd-mm-yyyy hh:mm:ss.ccc;ANT;SEQ;;R */
const LINE = /^([^;]+);(\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2})\.(\d{3});\d;(\d+);;([01])$/;

/** A timing program on a loopback socket: what it received, in lines ended by CR. */
class TimingProgram {
  #text = "";
  private constructor(readonly socket: Socket) {
    socket.setEncoding("latin1");
    socket.on("data", (d: string) => {
      this.#text += d;
    });
    socket.on("error", () => {});
  }

  static async connect(port: number): Promise<TimingProgram> {
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("error", reject);
    });
    return new TimingProgram(socket);
  }

  /** Complete lines, heartbeats (`*`) left out. */
  lines(): string[] {
    return this.#text
      .split("\r")
      .slice(0, -1)
      .filter((l) => l !== "*");
  }

  /** Passing lines sent live (R = 0) or again (R = 1), each as its fields. */
  passings(r: "0" | "1") {
    return this.lines()
      .map((l) => LINE.exec(l))
      .filter((m) => m !== null && m[5] === r)
      .map((m) => ({ tag: m?.[1] ?? "", second: m?.[2] ?? "", ms: m?.[3] ?? "", seq: Number(m?.[4]) }));
  }

  heartbeats(): number {
    return this.#text.split("\r").filter((l) => l === "*").length;
  }

  end(): void {
    this.socket.destroy();
  }
}

const programs: TimingProgram[] = [];
test.afterEach(() => {
  for (const p of programs.splice(0)) p.end();
});

async function connectProgram(device: Device): Promise<TimingProgram> {
  const { filtered } = await device.hooks.timingPorts();
  if (!filtered) throw new Error("the unit's filtered port is not listening");
  const program = await TimingProgram.connect(filtered);
  programs.push(program);
  return program;
}

async function unitJson<T>(device: Device, path: string): Promise<T> {
  return (await (await fetch(`${device.url}${path}`)).json()) as T;
}

/** Passings the open session stored so far (the unit's timing dataset). */
const stored = async (device: Device) =>
  (await unitJson<{ session: { passings: number } | null }>(device, "/api/telemetry/timing")).session
    ?.passings ?? 0;

/** An instant of a line as one comparable number: yyyymmddhhmmss.ccc. */
const order = (p: { second: string; ms: string }) => {
  const [d, t] = p.second.split(" ");
  const [dd, mm, yyyy] = (d ?? "").split("-");
  return Number(`${yyyy}${mm}${dd}${(t ?? "").replaceAll(":", "")}.${p.ms}`);
};

const panel = (page: Page, name: string): Locator => page.getByRole("region", { name });

test("an operator times a race: test mode, start, the gun, a program away and back, a window replayed, stop", async ({
  page,
  device,
}) => {
  test.setTimeout(90_000);
  await installClocks(page, device);
  // Test mode: the unit reads (Live shows the reads) ...
  await page.goto("/live");
  await expect(readRows(page).first()).toBeVisible();
  const badge = page.getByTestId("timing-badge");
  await expect(badge).toHaveText("Test mode");
  await page
    .getByRole("navigation", { name: "Pages" })
    .getByRole("link", { name: "Timing", exact: true })
    .click();

  // ... but stores nothing, and the program on the filtered port gets heartbeats only, no passing.
  await expect(page.getByRole("heading", { level: 2, name: "Test mode" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Marker / gun" })).toBeDisabled();
  const first = await connectProgram(device);
  await advanceClocks(page, device, 6_000);
  await expect.poll(() => first.heartbeats()).toBeGreaterThan(0);
  expect(first.lines()).toEqual([]);
  expect(await stored(device)).toBe(0);
  await expect(panel(page, "Programs connected").getByRole("row")).toHaveCount(2);

  // Start timing: the page says which file, the header says timing into it with its count.
  await page.getByRole("button", { name: "Start timing" }).click();
  await expect(page.getByText("Timing started: passings go to timing_0004.csv")).toBeVisible();
  await expect(badge).toHaveText(/^Timing · timing_0004\.csv · \d+ passings?$/);

  // The athletes' passings reach the program, numbered 1, 2, ... in the session.
  await advanceClocks(page, device, 10_000);
  await expect.poll(() => first.passings("0").length, { timeout: 15_000 }).toBeGreaterThan(2);
  const live = first.passings("0");
  expect(live.map((p) => p.seq)).toEqual(live.map((_, i) => i + 1));
  await expect(panel(page, "Programs connected")).toContainText(/last passing sent \d+ (s|min) ago/);

  // The gun, from the keyboard: the program gets the marker's passing and RACESTART; the page shows its time.
  const gun = page.getByRole("button", { name: "Marker / gun" });
  await gun.focus();
  await page.keyboard.press("Enter");
  const said = page.getByText(/^Marker at /);
  await expect(said).toBeVisible();
  await expect.poll(() => first.passings("0").filter((p) => p.tag === "MARKER").length).toBe(1);
  const marker = first.passings("0").find((p) => p.tag === "MARKER");
  const raceStart = `RACESTART ${marker?.second.slice(11)},${marker?.ms}`;
  await expect.poll(() => first.lines()).toContain(raceStart);
  await expect(said).toHaveText(
    `Marker at ${marker?.second}.${marker?.ms} (UTC): passing ${marker?.seq} of timing_0004.csv`,
  );

  // The program goes away once it has every passing (reads held, the visits still open closed first) ...
  await device.hooks.scenario({ readsStopped: true });
  await advanceClocks(page, device, 6_000);
  await expect
    .poll(async () => Math.max(...first.passings("0").map((p) => p.seq)) === (await stored(device)))
    .toBe(true);
  const lastTaken = Math.max(...first.passings("0").map((p) => p.seq));
  first.end();
  await expect(panel(page, "Programs connected")).toContainText("No timing program is connected.");
  // ... the alarm says so on every page ...
  const alarm = alarmRow(page, "Timing program disconnected");
  await expect(alarm).toHaveAttribute("data-state", "active");
  // ... passings go on without it: Left grows ...
  await device.hooks.scenario({ readsStopped: false });
  await advanceClocks(page, device, 10_000);
  const left = (await unitJson<{ left: number }>(device, "/api/telemetry/passings")).left;
  expect(left).toBeGreaterThan(0);
  // ... and back, it gets every one it missed, oldest first, once, then the live ones.
  const again = await connectProgram(device);
  await expect.poll(() => again.passings("0").length, { timeout: 15_000 }).toBeGreaterThanOrEqual(left);
  const missed = again.passings("0");
  expect(missed.map((p) => p.seq)).toEqual(missed.map((_, i) => lastTaken + 1 + i));
  // The alarm is cleared (it stays until acknowledged, as every alarm does).
  await expect(alarm).toHaveAttribute("data-state", "cleared");
  await page.getByRole("button", { name: "Acknowledge Timing program disconnected" }).click();
  await expect(alarm).toHaveCount(0);
  // The dashboard's Ready check counts the program taking the passings; then back to the Timing page.
  const nav = page.getByRole("navigation", { name: "Pages" });
  await nav.getByRole("link", { name: "Telemetry", exact: true }).click();
  await expect(value(page, "timing")).toHaveText(/^1 program, (every passing sent|\d+ unsent(, draining)?)$/);
  await nav.getByRole("link", { name: "Timing", exact: true }).click();

  // A window replayed: from the first passing's second to the gun's, in the unit's local time (UTC here).
  const window = first.passings("0").filter((p) => order(p) < Math.floor(order(marker ?? p)) + 1);
  const from = window[0]?.second ?? "";
  const to = marker?.second ?? "";
  const replay = panel(page, "Replay");
  await replay.getByLabel("From").fill(from);
  await replay.getByLabel("To").fill(to);
  await replay.getByRole("button", { name: "Replay window" }).click();
  const n = window.length;
  // The unit reads its timing files for a replay, behind the session's own writes: on a loaded machine that takes
  // seconds (a condition waited on, with room).
  const slow = { timeout: 30_000 };
  await expect(
    replay.getByText(`Replaying ${n} passings from ${from} to ${to} to 1 program on the filtered port`),
  ).toBeVisible(slow);
  await expect.poll(() => again.passings("1").length, slow).toBe(n);
  // Each sent again with R = 1, oldest first: the window's passings as the program first got them.
  const times = (ps: { second: string; ms: string }[]) => ps.map((p) => `${p.second}.${p.ms}`);
  expect(times(again.passings("1"))).toEqual(times([...window].sort((a, b) => order(a) - order(b))));
  await expect(replay.getByText(`Replay finished: ${n} passings sent again`)).toBeVisible(slow);

  // Stop timing: asked first (No keeps timing), then stopped; the unit is back in test mode.
  const stop = page.getByRole("button", { name: "Stop timing" });
  await stop.click();
  const question = page.getByRole("dialog", {
    name: "Stop timing? Passings will no longer be stored or sent.",
  });
  await question.getByRole("button", { name: "No" }).click();
  await expect(question).toHaveCount(0);
  await expect(badge).toHaveText(/^Timing · timing_0004\.csv/);
  await stop.click();
  await question.getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText(/^Timing stopped: \d+ passings in timing_0004\.csv$/)).toBeVisible();
  await expect(badge).toHaveText("Test mode");
  // The session's file in the list, with the passings the unit said it stored.
  const count = /^Timing stopped: (\d+) /.exec(
    (await page.getByText(/^Timing stopped:/).textContent()) ?? "",
  )?.[1];
  const row = panel(page, "Sessions").getByRole("row").filter({ hasText: "timing_0004.csv" });
  await expect(row.getByRole("cell").nth(1)).toHaveText(count ?? "?");
});

test("a session replayed to a program that stops reading: 'Sent again N of M' while it waits, then finished", async ({
  page,
  device,
}) => {
  // A long session of an earlier race in the unit's files (D12's file format), with long tag codes: 13 MB of lines,
  // three times what a loopback connection's buffers held here (about 4 MB: the sender's kernel buffer, tcp_wmem).
  const name = "timing_0090.csv";
  const rows = 100_000;
  const start = Date.UTC(2026, 10, 1, 9);
  const csv = ["tag,bib,time_utc,channel,rssi_dbm,reads"];
  for (let i = 0; i < rows; i++) {
    const bib = 100 + (i % 900);
    const tag = `E280${String(bib).padStart(96, "0")}`;
    csv.push(`${tag},${bib},${new Date(start + i * 10).toISOString()},0,-60,3`);
  }
  const path = join(device.dataDir, "files", name);
  await writeFile(path, `${csv.join("\n")}\n`);
  try {
    const program = await connectProgram(device);
    // The program stops reading: the unit sends what the socket takes, then waits for it.
    program.socket.pause();
    await page.goto("/timing");
    const sessions = panel(page, "Sessions");
    await sessions.getByRole("button", { name: `Replay ${name}` }).click();
    await expect(
      page.getByText(`Replaying ${rows} passings from ${name} to 1 program on the filtered port`),
    ).toBeVisible({ timeout: 30_000 });
    const progress = sessions.getByText(/^Sent again [\d,]+ of 100,000$/);
    await expect(progress).toBeVisible();
    const sent = Number(
      /Sent again ([\d,]+)/.exec((await progress.textContent()) ?? "")?.[1]?.replaceAll(",", ""),
    );
    expect(sent).toBeLessThan(rows);
    // It reads again: it gets every one, with R = 1, and the page says the replay is over.
    program.socket.resume();
    await expect(page.getByText("Replay finished: 100,000 passings sent again")).toBeVisible({
      timeout: 30_000,
    });
    await expect.poll(() => program.passings("1").length, { timeout: 30_000 }).toBe(rows);
  } finally {
    await rm(path, { force: true });
  }
});
