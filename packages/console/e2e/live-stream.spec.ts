// The Live page's stream against the emulator: a mass start counted exactly, a unit that drops the connection
// mid-burst (nothing lost, nothing twice), a gap ("missed M" with the right M), and a unit without the stream.
import type { Page } from "@playwright/test";
import type { TagRead } from "@trc/protocol";
import { type Device, expect, startExtraDevice, test } from "./fixtures.ts";
import {
  csvLine,
  exportCsv,
  openLive,
  openLiveBesideUnit,
  seqsOf,
  shownCount,
  topSeq,
} from "./live-helpers.ts";

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
  // The mass start's reads, field for field as the unit sent them.
  expect(lines.slice(1).filter((l) => isMass(l.split(",")[1] as string))).toEqual(massReads.map(csvLine));
  return lines;
}

test("a mass start: received N equals the unit's count, each read once and as sent", async ({
  page,
  device,
}) => {
  const unit = await openLiveBesideUnit(page, device);
  try {
    const planned = await device.hooks.massStart(MASS);
    expect(planned).toBeGreaterThanOrEqual(MASS.tags * 5);
    const massReads = () => unit.reads.filter((r) => isMass(r.tag));
    await expect.poll(() => massReads().length, { timeout: 20_000 }).toBe(planned);
    const lastSeq = await settle(page, device);
    await expectEveryReadOnce(page, lastSeq, massReads());
    await expect(page.getByTestId("missed")).toHaveCount(0);
  } finally {
    unit.close();
  }
});

test("the unit drops the connection 3 times mid-burst: received still equals its count, no read twice", async ({
  page,
  device,
}) => {
  const unit = await openLiveBesideUnit(page, device);
  try {
    const planned = await device.hooks.massStart({ ...MASS, seconds: 5 });
    const massReads = () => unit.reads.filter((r) => isMass(r.tag));
    for (let drop = 1; drop <= 3; drop++) {
      const at = await shownCount(page, "received");
      await expect.poll(() => shownCount(page, "received")).toBeGreaterThan(at + 150);
      expect(await device.hooks.dropStreams()).toBeGreaterThanOrEqual(1);
    }
    await expect.poll(() => massReads().length, { timeout: 20_000 }).toBe(planned);
    const lastSeq = await settle(page, device);
    await expectEveryReadOnce(page, lastSeq, massReads());
    await expect(page.getByTestId("stream-status")).toHaveText("Live");
  } finally {
    unit.close();
  }
});

test("the connection is lost before the first read: the reads made while it was away are all shown, once", async ({
  page,
  device,
}) => {
  // No read yet when the page opens: the stream has no seq to resume from.
  await device.hooks.scenario({ readsStopped: true });
  await openLive(page);
  const opened = (await device.hooks.streamState()).lastSeq;
  await page.context().setOffline(true);
  expect(await device.hooks.dropStreams()).toBe(1);
  await expect(page.getByTestId("stream-status")).toHaveText(/^Reconnecting/);
  // The unit reads while the console cannot reach it.
  await device.hooks.scenario({ readsStopped: null, testTag: { tag: "990007", ant: 2, perSecond: 20 } });
  await expect.poll(async () => (await device.hooks.streamState()).lastSeq).toBeGreaterThan(opened + 30);
  await page.context().setOffline(false);
  const lastSeq = await settle(page, device);
  const seqs = seqsOf(await exportCsv(page));
  // Every read from the page's opening on, once each (reads a second before it may show too: the clock's slack).
  expect(seqs[0]).toBeLessThanOrEqual(opened + 1);
  expect(seqs).toEqual(range(seqs[0] as number, lastSeq));
  expect(await shownCount(page, "received")).toBe(seqs.length);
  await expect(page.getByTestId("missed")).toHaveCount(0);
});

test("a gap: reads the unit no longer kept when the console came back are shown as missed M", async ({
  page,
  device,
}) => {
  await device.hooks.streamSettings({ kept: 50 });
  await openLive(page);
  await expect.poll(() => shownCount(page, "received")).toBeGreaterThan(0);
  // The console loses the unit: the stream drops and the retries fail while the unit reads on.
  await page.context().setOffline(true);
  await device.hooks.dropStreams();
  await expect(page.getByTestId("stream-status")).toHaveText(/^Reconnecting/);
  const away = await shownCount(page, "received");
  const atDrop = (await device.hooks.streamState()).lastSeq;
  await device.hooks.massStart({ ...MASS, tags: 40, seconds: 1 });
  await expect.poll(async () => (await device.hooks.streamState()).lastSeq).toBeGreaterThan(atDrop + 200);
  await page.context().setOffline(false);
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

test("a unit without the stream (404): one line says so, and reads per second per antenna come from its counters", async ({
  page,
}) => {
  const unit = await startExtraDevice({ DEVICE_STREAM: "off" });
  try {
    await unit.hooks.scenario({ readsStopped: true });
    await page.goto(`${unit.url}/live`);
    await expect(page.getByTestId("stream-status")).toHaveText(
      "This unit has no read stream: reads per second from its counters",
    );
    await expect(page.getByTestId("received")).toHaveCount(0);
    const rates = page.getByTestId("counter-rate");
    await expect(page.getByTestId("counter-total")).toHaveText("All antennas: 0.0 reads/s");
    await expect(rates).toHaveText([
      "Antenna 10.0 reads/s",
      "Antenna 20.0 reads/s",
      "Antenna 30.0 reads/s",
      "Antenna 4No antenna",
    ]);
    // A tag held at antenna 2, read 20 times a second: its counter grows by about that.
    await unit.hooks.scenario({ readsStopped: null, testTag: { tag: "990004", ant: 1, perSecond: 20 } });
    const antenna2 = async () => Number((await rates.nth(1).textContent())?.match(/([\d.]+) reads\/s/)?.[1]);
    await expect.poll(antenna2, { timeout: 15_000 }).toBeGreaterThanOrEqual(18);
    // The stream asked for once, never again; both counters (passings and uhf/ports) read again and again (every
    // 2 s: timed on a fake clock in src/live/CounterFallbackPoll.test.tsx).
    await unit.hooks.clearLog();
    const countOf = async (path: string) => (await unit.hooks.log()).filter((e) => e.path === path).length;
    for (const path of ["/api/telemetry/passings", "/api/telemetry/uhf/ports"])
      await expect.poll(() => countOf(path), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const log = await unit.hooks.log();
    expect(log.filter((e) => e.path === "/api/passings/stream")).toHaveLength(0);
  } finally {
    await unit.close();
  }
});
