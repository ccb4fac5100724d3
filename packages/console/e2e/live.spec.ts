// The Live page against the emulator: a test tag's reads as the unit sent them (row and CSV), the tag test per
// antenna with Sound beeping once per read, Pause/Resume, and never more than 2 requests in flight beside the stream.

import { expect, test } from "./fixtures.ts";
import { csvLine, exportCsv, openLive, readRows, readUnit, shownCount, topSeq } from "./live-helpers.ts";

/** The light theme's --accent, the fill of the chosen tag's rows. */
const ACCENT = "rgb(11, 99, 197)";

test.afterEach(async ({ device }) => {
  await device.hooks.testTag(null);
  await device.hooks.clearScenario();
});

test("one Live page: a test tag's reads as sent, the tag test with Sound, Pause and Resume, 2 requests at most", async ({
  page,
  device,
}) => {
  await device.hooks.resetStats();
  // Count the beeps: every oscillator the page starts.
  await page.addInitScript(() => {
    const w = window as unknown as { beeps: number };
    w.beeps = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
      w.beeps++;
      return start.apply(this, args);
    };
  });
  await openLive(page);
  const pause = page.getByRole("button", { name: "Pause" });
  const resume = page.getByRole("button", { name: "Resume" });

  await test.step("Pause freezes the list while reads keep coming (counted); Resume catches up; one stream, 2 requests at most", async () => {
    // Reads keep coming: besides the unit's own, a tag held at antenna 1, 20 a second.
    await device.hooks.testTag({ tag: "990005", ant: 0, perSecond: 20 });
    await expect.poll(() => shownCount(page, "received")).toBeGreaterThan(0);
    await pause.click();
    await expect(resume).toHaveAttribute("aria-pressed", "true");
    const frozen = await topSeq(page);
    // Both counts of one render: received goes on, the reads since the pause are counted, the list stays.
    const counts = () =>
      page.evaluate(() => {
        const n = (id: string) =>
          Number(document.querySelector(`[data-testid=${id}]`)?.textContent?.replace(/\D/g, ""));
        return { received: n("received"), behind: n("behind") };
      });
    const atPause = await counts();
    await expect.poll(async () => (await counts()).behind).toBeGreaterThanOrEqual(atPause.behind + 5);
    const later = await counts();
    expect(later.received - later.behind).toBe(atPause.received - atPause.behind);
    expect(await topSeq(page)).toBe(frozen);
    const behind = later.behind;
    await resume.click();
    await expect(page.getByTestId("behind")).toHaveCount(0);
    await expect.poll(() => topSeq(page)).toBeGreaterThan(frozen + behind - 1);
    await device.hooks.testTag(null);
    // From the page's opening on: one stream, never more than 2 requests in flight beside it.
    const state = await device.hooks.streamState();
    expect(state.open).toBe(1);
    expect((await device.hooks.stats()).maxInFlight).toBeLessThanOrEqual(2);
  });

  await test.step("a test tag's reads appear as the unit sent them: tag, antenna +1, RSSI in dBm, unit time to the ms", async () => {
    const unit = readUnit(device.url, (await device.hooks.streamState()).lastSeq);
    try {
      await device.hooks.testTag({ tag: "990001", ant: 1, perSecond: 4 });
      await expect.poll(() => unit.reads.filter((r) => r.tag === "990001").length).toBeGreaterThanOrEqual(2);
      const read = unit.reads.filter((r) => r.tag === "990001")[1];
      if (!read) throw new Error("no read");
      const time = new Date(read.time);
      const ms = (n: number, w = 2) => String(n).padStart(w, "0");
      const shownTime = `${ms(time.getUTCHours())}:${ms(time.getUTCMinutes())}:${ms(time.getUTCSeconds())}.${ms(time.getUTCMilliseconds(), 3)}`;
      const row = readRows(page).and(page.locator(`[data-seq="${read.seq}"]`));
      await expect(row).toHaveText(`990001Antenna 2${read.rssi.toFixed(1)} dBm${shownTime}`);
      await pause.click();
      const lines = await exportCsv(page);
      expect(lines[0]).toBe("seq,tag,antenna,rssi,time");
      expect(lines).toContain(csvLine(read));
      // Every read the page exported is the unit's, field for field.
      const sent = new Map(unit.reads.map((r) => [r.seq, csvLine(r)]));
      for (const line of lines.slice(1)) {
        const seq = Number(line.split(",")[0]);
        if (sent.has(seq)) expect(line).toBe(sent.get(seq));
      }
    } finally {
      unit.close();
    }
    await device.hooks.testTag(null);
    await resume.click();
  });

  await test.step("the tag test: picked from a row, counted per antenna with the best RSSI; Sound beeps once per read", async () => {
    await device.hooks.testTag({ tag: "990002", ant: 0, perSecond: 3 });
    const picked = readRows(page).filter({ hasText: "990002" }).first();
    // Each new read moves the rows down: the list is held still (Pause) to pick one, as an operator would. A click on
    // the moving list could land beside the row (seen with one core kept busy).
    await expect(picked).toBeVisible();
    await pause.click();
    await picked.getByRole("button", { name: "990002" }).click();
    await expect(page.getByRole("textbox", { name: "Tag" })).toHaveValue("990002");
    await resume.click();
    await expect(page.getByTestId("tag-total")).toHaveText(/^\d+ reads? of 990002$/);
    // Sound on before the next tag is read at all: every read of it must beep once.
    await page.getByRole("textbox", { name: "Tag" }).fill("990003");
    await page.getByRole("checkbox", { name: "Sound" }).check();
    const beepsAtOn = await page.evaluate(() => (window as unknown as { beeps: number }).beeps);
    await device.hooks.testTag({ tag: "990003", ant: 0, perSecond: 3 });
    await expect(page.getByTestId("tag-antenna").filter({ hasText: "Antenna 1" })).toBeVisible();
    await device.hooks.testTag({ tag: "990003", ant: 2, perSecond: 3 });
    const antennas = page.getByTestId("tag-antenna");
    await expect(antennas.filter({ hasText: "Antenna 3" })).toBeVisible();
    await device.hooks.testTag(null);
    // Once the tag is gone and its last read shown, the page's figures are the CSV's, antenna by antenna.
    const { lastSeq } = await device.hooks.streamState();
    await expect.poll(() => topSeq(page)).toBeGreaterThanOrEqual(lastSeq);
    await pause.click();
    const lines = (await exportCsv(page)).slice(1).filter((l) => l.split(",")[1] === "990003");
    const expected = [1, 3].map((antenna) => {
      const mine = lines.filter((l) => l.split(",")[2] === String(antenna));
      const best = Math.max(...mine.map((l) => Number(l.split(",")[3])));
      return `Antenna ${antenna}${mine.length}${best.toFixed(1)} dBm`;
    });
    await expect(antennas).toHaveText(expected);
    await expect(page.getByTestId("tag-total")).toHaveText(`${lines.length} reads of 990003`);
    // Highlighted (drawn on the accent colour): the tag's rows on screen, no other.
    const drawn = await readRows(page).evaluateAll((rows) =>
      rows.map((li) => ({ text: li.textContent ?? "", fill: getComputedStyle(li).backgroundColor })),
    );
    const highlighted = drawn.filter((r) => r.fill === ACCENT);
    expect(highlighted.length).toBeGreaterThan(0);
    for (const r of highlighted) expect(r.text).toContain("990003");
    const beeps = await page.evaluate(() => (window as unknown as { beeps: number }).beeps);
    expect(beeps - beepsAtOn).toBe(lines.length);
    await resume.click();
  });
});
