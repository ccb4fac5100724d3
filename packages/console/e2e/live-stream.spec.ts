// The Live page's stream against the emulator: a mass start counted exactly, a unit that drops the connection
// mid-burst (nothing lost, nothing twice), a gap ("missed M" with the right M), and a unit without the stream.
// One clock (docs/TESTING.md): the unit's reads and the page's retries and polls move on together, in steps.
import type { Locator, Page } from "@playwright/test";
import type { TagRead } from "@trc/protocol";
import { advanceClocks, type Device, expect, installClocks, test } from "./fixtures.ts";
import { csvLine, exportCsv, openLive, readUnit, seqsOf, shownCount, topSeq } from "./live-helpers.ts";

test.afterEach(async ({ device }) => {
  await device.hooks.clearScenario();
  await device.hooks.resetStreamSettings();
});

const MASS = {
  tags: 200,
  seconds: 3,
  readsPerTag: [5, 15] as [number, number],
  antennas: [1, 3] as [number, number],
};
const isMass = (tag: string) => Number(tag) >= 100_001 && Number(tag) <= 100_000 + MASS.tags;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** A step of both clocks while reads come: a quarter second, so a mass start's reads come batch after batch. */
const STEP_MS = 250;
/** The page's longest wait between two tries of the stream (STREAM_TIMING.maxBackoffMs). */
const MAX_BACKOFF_MS = 10_000;

/** The unit's host time (its clock, which a mass start is planned on). */
const unitNow = async (device: Device) => (await device.hooks.clock()).now;

/** Moves both clocks on a step at a time until the unit's clock has passed `end`. */
async function runUntil(page: Page, device: Device, end: number, stepMs = STEP_MS): Promise<void> {
  while ((await unitNow(device)) < end) await advanceClocks(page, device, stepMs);
}

/** Stops the unit's reads and waits until the page shows its last one; answers that seq. */
async function settle(page: Page, device: Device): Promise<number> {
  await device.hooks.scenario({ readsStopped: true });
  const { lastSeq } = await device.hooks.streamState();
  await expect.poll(() => topSeq(page), { timeout: 15_000 }).toBe(lastSeq);
  return lastSeq;
}

/** Received N on screen = the CSV's reads = every seq from the first received to the unit's last, once each. */
async function expectEveryReadOnce(page: Page, lastSeq: number, massReads: TagRead[]): Promise<string[]> {
  const lines = await exportCsv(page);
  const seqs = seqsOf(lines);
  expect(await shownCount(page, "received")).toBe(seqs.length);
  expect(seqs).toEqual(range(seqs[0] as number, lastSeq));
  // The mass starts' reads, field for field as the unit sent them.
  expect(lines.slice(1).filter((l) => isMass(l.split(",")[1] as string))).toEqual(massReads.map(csvLine));
  return lines;
}

test("one Live page through a loss before the first read, a mass start, 3 drops mid-burst and a gap: each read once, missed M exact", async ({
  page,
  device,
}) => {
  const status = page.getByTestId("stream-status");
  await installClocks(page, device);

  await test.step("the connection is lost before the first read: the reads made while it was away are all shown, once", async () => {
    // No read yet when the page opens: the stream has no seq to resume from.
    await device.hooks.scenario({ readsStopped: true });
    await openLive(page);
    const opened = (await device.hooks.streamState()).lastSeq;
    await page.context().setOffline(true);
    expect(await device.hooks.dropStreams()).toBe(1);
    await expect(status).toHaveText(/^Reconnecting/);
    // The unit reads while the console cannot reach it (2 s on the one clock; the page's tries fail meanwhile).
    await device.hooks.scenario({ readsStopped: null, testTag: { tag: "990007", ant: 2, perSecond: 20 } });
    await advanceClocks(page, device, 2_000);
    await expect.poll(async () => (await device.hooks.streamState()).lastSeq).toBeGreaterThan(opened + 30);
    await page.context().setOffline(false);
    // The page's next try is due within its longest back-off.
    await advanceClocks(page, device, MAX_BACKOFF_MS);
    const lastSeq = await settle(page, device);
    const seqs = seqsOf(await exportCsv(page));
    // Every read from the page's opening on, once each (reads a second before it may show too: the clock's slack).
    expect(seqs[0]).toBeLessThanOrEqual(opened + 1);
    expect(seqs).toEqual(range(seqs[0] as number, lastSeq));
    expect(await shownCount(page, "received")).toBe(seqs.length);
    await expect(page.getByTestId("missed")).toHaveCount(0);
  });

  // What the unit sends from here on, read beside the page (it resumes after the drops too).
  await device.hooks.scenario({ readsStopped: null, testTag: null });
  const unit = readUnit(device.url, (await device.hooks.streamState()).lastSeq);
  const massReads = () => unit.reads.filter((r) => isMass(r.tag));
  try {
    await test.step("a mass start: received N equals the unit's count, each read once and as sent", async () => {
      const start = await unitNow(device);
      const planned = await device.hooks.massStart(MASS);
      expect(planned).toBeGreaterThanOrEqual(MASS.tags * 5);
      await runUntil(page, device, start + MASS.seconds * 1000);
      await expect.poll(() => massReads().length, { timeout: 20_000 }).toBe(planned);
      const lastSeq = await settle(page, device);
      await expectEveryReadOnce(page, lastSeq, massReads());
      await expect(page.getByTestId("missed")).toHaveCount(0);
    });

    await test.step("the unit drops the connection 3 times mid-burst: received still equals its count, no read twice", async () => {
      await device.hooks.scenario({ readsStopped: null });
      const before = massReads().length;
      const start = await unitNow(device);
      // Long on the unit's clock, which real time moves on too (the steps' own time, seconds on a loaded machine): the
      // three drops come while reads are still planned, however slow the machine.
      const seconds = 15;
      const planned = await device.hooks.massStart({ ...MASS, seconds });
      for (let drop = 1; drop <= 3; drop++) {
        const at = await shownCount(page, "received");
        // A step at a time, the page shown all the unit made at each, until it shows 150 more reads.
        for (let step = 0; (await shownCount(page, "received")) <= at + 150; step++) {
          expect(step, "the page shows the start's reads as the unit makes them").toBeLessThan(12);
          await advanceClocks(page, device, STEP_MS);
          const { lastSeq } = await device.hooks.streamState();
          await expect.poll(() => topSeq(page)).toBeGreaterThanOrEqual(lastSeq);
        }
        // One more step made reads on their way when the unit drops, before the start's end on its clock.
        await advanceClocks(page, device, STEP_MS);
        expect(await unitNow(device)).toBeLessThan(start + seconds * 1000);
        expect(await device.hooks.dropStreams()).toBeGreaterThanOrEqual(1);
      }
      // The rest of the start in whole seconds (the page's next try after the last drop is due within the first).
      await runUntil(page, device, start + seconds * 1000, 1_000);
      await expect.poll(() => massReads().length, { timeout: 20_000 }).toBe(before + planned);
      const lastSeq = await settle(page, device);
      await expectEveryReadOnce(page, lastSeq, massReads());
      await expect(status).toHaveText("Live");
    });
  } finally {
    unit.close();
  }

  await test.step("a gap: reads the unit no longer kept when the console came back are shown as missed M", async () => {
    await device.hooks.streamSettings({ kept: 50 });
    await device.hooks.scenario({ readsStopped: null });
    await expect.poll(() => shownCount(page, "received")).toBeGreaterThan(0);
    // The console loses the unit: the stream drops and the retries fail while the unit reads on.
    await page.context().setOffline(true);
    await device.hooks.dropStreams();
    await expect(status).toHaveText(/^Reconnecting/);
    const away = await shownCount(page, "received");
    const atDrop = (await device.hooks.streamState()).lastSeq;
    const start = await unitNow(device);
    await device.hooks.massStart({ ...MASS, tags: 40, seconds: 1 });
    await runUntil(page, device, start + 1_500);
    await expect.poll(async () => (await device.hooks.streamState()).lastSeq).toBeGreaterThan(atDrop + 200);
    await page.context().setOffline(false);
    await advanceClocks(page, device, MAX_BACKOFF_MS);
    await expect(page.getByTestId("missed")).toBeVisible({ timeout: 20_000 });
    expect(await shownCount(page, "received")).toBeGreaterThanOrEqual(away);
    const lastSeq = await settle(page, device);
    const seqs = seqsOf(await exportCsv(page));
    // The hole in the received seqs is exactly the missed count, and nothing else is absent or twice.
    const hole = range(seqs[0] as number, lastSeq).filter((s) => !seqs.includes(s));
    expect(hole.length).toBeGreaterThan(150);
    await expect(page.getByTestId("missed")).toHaveText(`missed ${hole.length.toLocaleString("en-US")}`);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(hole).toEqual(range(hole[0] as number, hole[hole.length - 1] as number));
  });
});

test.describe("a unit without the read stream", () => {
  test.use({ deviceEnv: { DEVICE_STREAM: "off" } });

  test("a unit without the stream (404): one line says so, and reads per second per antenna come from its counters", async ({
    page,
    device,
  }) => {
    const countOf = async (path: string) => (await device.hooks.log()).filter((e) => e.path === path).length;
    const counters = ["/api/telemetry/passings", "/api/telemetry/uhf/ports"];
    /** The next reading of both counters: 2 s on the one clock, until the unit was asked for each again. */
    const nextPoll = async () => {
      const before = await Promise.all(counters.map(countOf));
      await advanceClocks(page, device, 2_000);
      for (const [i, path] of counters.entries())
        await expect.poll(() => countOf(path)).toBeGreaterThan(before[i] as number);
    };
    await device.hooks.scenario({ readsStopped: true });
    await installClocks(page, device);
    await page.goto("/live");
    await expect(page.getByTestId("stream-status")).toHaveText(
      "This unit has no read stream: reads per second from its counters",
    );
    await expect(page.getByTestId("received")).toHaveCount(0);
    const rates = page.getByTestId("counter-rate");
    // The first reading (a row per channel, no rate yet); the rates come with the second.
    await expect(rates).toHaveCount(4);
    await nextPoll();
    await expect(page.getByTestId("counter-total")).toHaveText("All antennas: 0.0 reads/s");
    await expect(rates).toHaveText([
      "Antenna 10.0 reads/s",
      "Antenna 20.0 reads/s",
      "Antenna 30.0 reads/s",
      "Antenna 4No antenna",
    ]);
    // A tag held at antenna 2, read 20 times a second: its counter grows by about that (from the second reading
    // after the tag came: the first spans the time before it).
    await device.hooks.scenario({ readsStopped: null, testTag: { tag: "990004", ant: 1, perSecond: 20 } });
    await nextPoll();
    await nextPoll();
    const perSecond = async (shown: Locator) =>
      Number((await shown.textContent())?.match(/([\d.]+) reads\/s/)?.[1]);
    // Antenna 2 about 20 (with the unit's other athletes' reads there now and then), all antennas at least that: each
    // rate is taken between two answers of its own counter (CounterFallbackPoll.test.tsx proves it on a fake clock).
    const verdict = async () => {
      const [all, two] = [
        await perSecond(page.getByTestId("counter-total")),
        await perSecond(rates.nth(1).getByRole("cell")),
      ];
      return two >= 17 && two <= 30 && all >= two - 0.1
        ? "antenna 2 about 20, all at least that"
        : `${all} / ${two}`;
    };
    await expect.poll(verdict, { timeout: 15_000 }).toBe("antenna 2 about 20, all at least that");
    // The stream asked for once, never again; both counters (passings and uhf/ports) read again and again (every
    // 2 s: timed on a fake clock in src/live/CounterFallbackPoll.test.tsx).
    await device.hooks.clearLog();
    for (let i = 0; i < 3; i++) await nextPoll();
    for (const path of counters) await expect.poll(() => countOf(path)).toBeGreaterThanOrEqual(3);
    const log = await device.hooks.log();
    expect(log.filter((e) => e.path === "/api/passings/stream")).toHaveLength(0);
  });
});
