// Race-day soak (issue 22): a phone on an esp32 unit with 5 % chaos, reads arriving, the dashboard, Live and Fleet
// pages each open for a part of the day; in fake time (8 hours in `npm run soak`) and in real time (30 minutes there).
import { advanceClocks, expect, installClocks, test } from "../fixtures.ts";
import {
  openLive,
  openPhase,
  type Phase,
  type PhaseFigures,
  phaseFigures,
  type Sample,
  sample,
  settle,
  startRaceDay,
  writeFigures,
} from "./racedayProbe.ts";

const MINUTES = Number(process.env.TRC_RACEDAY_MINUTES ?? 30);
const REAL_MS = Number(process.env.TRC_RACEDAY_REAL_MS ?? 0);
const SAMPLE_EVERY = Math.max(1, Math.round(MINUTES / 24));
/** Requests per unit per minute the console may cost (docs/RELIABILITY.md: the alarm watch, auto refresh, a poll). */
export const REQUEST_BUDGET_PER_MINUTE = 40;
/** Distinct alarms a unit can raise at once (every kind, every antenna of a 4-port unit): the list never grows past. */
const ALARM_BOUND = 16;

const PHASES: Phase[] = [
  { name: "dashboard", path: "/telemetry", link: "Telemetry" },
  { name: "live", path: "/live", link: "Live" },
  { name: "fleet", path: "/fleet", link: "Fleet" },
];

/** The unit's faults' seed (TRC_SOAK_SEED replays a failed day's). */
const SEED = process.env.TRC_SOAK_SEED ?? "8";

test.use({
  deviceEnv: { DEVICE_PROFILE: "esp32", DEVICE_CHAOS: "0.05", DEVICE_REBOOT_MS: "1500", DEVICE_SEED: SEED },
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
});

test(`race day: ${MINUTES} fake minutes on a phone, esp32 unit, 5 % chaos (seed ${SEED}), reads arriving`, async ({
  page,
  device,
}) => {
  test.setTimeout(120_000 + MINUTES * 2_000);
  // The page on the unit's clock: the day's minutes go by on both together (no "Device clock off" from a fake clock).
  await installClocks(page, device);
  const { cdp, live } = await startRaceDay(page, device);
  await settle(page, device);
  const phases = PHASES.filter((p) => p.name !== "live" || live);
  const perPhase = Math.max(1, Math.floor(MINUTES / phases.length));

  const samples: Sample[] = [];
  const figures: PhaseFigures[] = [];
  let minute = 0;
  try {
    for (const phase of phases) {
      let seqAtOpen = 0;
      if (phase.name === "live") seqAtOpen = await openLive(page, device, phase);
      else if (phase.name !== "dashboard") await openPhase(page, phase);
      await settle(page, device);
      await device.hooks.resetStats();
      for (let m = 1; m <= perPhase; m++) {
        // A jump of both clocks: each page timer due in the minute fires once, at its end (see clock.spec.ts); then
        // wait for the answers.
        await advanceClocks(page, device, 60_000);
        await settle(page, device);
        minute++;
        if (minute % SAMPLE_EVERY === 0)
          samples.push({ minute, phase: phase.name, ...(await sample(page, cdp)) });
      }
      figures.push(await phaseFigures(page, device, phase, perPhase, seqAtOpen, true));
    }
  } finally {
    await device.hooks.clearScenario();
  }

  const result = {
    minutes: minute,
    livePage: live,
    phases: figures,
    samples,
    ...bounds(samples),
  };
  test.info().annotations.push({ type: "raceday", description: JSON.stringify(result) });
  await writeFigures(MINUTES >= 240 ? "raceday-long" : "raceday-short", result);
  check(samples, figures, live, 2);
});

// The real-time day is `npm run soak`'s (TRC_RACEDAY_REAL_MS, 30 minutes there); the soaks' defaults and the smoke run the fake-clock day only.
if (REAL_MS)
  test("race day in real time", async ({ page, device }) => {
    test.setTimeout(REAL_MS + 180_000);
    const { cdp, live } = await startRaceDay(page, device);
    const phases = PHASES.filter((p) => p.name !== "live" || live);
    const phaseMs = REAL_MS / phases.length;
    const samples: Sample[] = [];
    const figures: PhaseFigures[] = [];
    const start = Date.now();
    try {
      for (const phase of phases) {
        let seqAtOpen = 0;
        if (phase.name === "live") seqAtOpen = await openLive(page, device, phase);
        else if (phase.name !== "dashboard") await openPhase(page, phase);
        await device.hooks.resetStats();
        const phaseStart = Date.now();
        while (Date.now() - phaseStart < phaseMs) {
          // Real time passes: one sample a minute, waiting on the page's own timers.
          await page.waitForTimeout(Math.min(60_000, phaseMs - (Date.now() - phaseStart)));
          const minute = Math.round((Date.now() - start) / 60_000);
          samples.push({ minute, phase: phase.name, ...(await sample(page, cdp)) });
        }
        const minutes = (Date.now() - phaseStart) / 60_000;
        figures.push(await phaseFigures(page, device, phase, minutes, seqAtOpen, false));
      }
    } finally {
      await device.hooks.clearScenario();
    }
    const result = {
      minutes: Math.round(REAL_MS / 60_000),
      livePage: live,
      phases: figures,
      samples,
      ...bounds(samples),
    };
    test.info().annotations.push({ type: "raceday-real", description: JSON.stringify(result) });
    await writeFigures("raceday-real", result);
    check(samples, figures, live, 0);
  });

/** The bounds the figures are held to (docs/RELIABILITY.md says why). */
function bounds(samples: Sample[]) {
  const heaps = samples.map((s) => s.heap);
  const firstHeap = samples[0]?.heap ?? 0;
  return {
    heapBytes: { first: firstHeap, max: Math.max(...heaps), last: samples.at(-1)?.heap ?? 0 },
    heapBound: Math.round(firstHeap * 2),
    nodesByPhase: Object.fromEntries(
      ["dashboard", "live", "fleet"].map((p) => {
        const n = samples.filter((s) => s.phase === p).map((s) => s.nodes);
        return [p, n.length ? { min: Math.min(...n), max: Math.max(...n) } : null];
      }),
    ),
    maxAlarms: Math.max(0, ...samples.map((s) => s.alarms)),
  };
}

function check(samples: Sample[], figures: PhaseFigures[], live: boolean, inFlightSlack: number) {
  expect(samples.length).toBeGreaterThan(2);
  const b = bounds(samples);
  // Heap after GC: never above 2 × the first sample (what a day fills is capped: sparkline histories, the query
  // cache, the alarm list, the Live page's kept reads); and within a page's part of a long day (2 hours or more) the
  // second half's peak at most 1.1 × the first half's: by then the caps are reached, so growth is a leak.
  for (const s of samples) expect(s.heap, `heap at minute ${s.minute}`).toBeLessThanOrEqual(b.heapBound);
  for (const f of figures) {
    const part = samples.filter((s) => s.phase === f.phase);
    if (f.minutes < 120 || part.length < 4) continue;
    const half = Math.floor(part.length / 2);
    const peak = (list: Sample[]) => Math.max(...list.map((s) => s.heap));
    expect(peak(part.slice(half)), `${f.phase}: heap, second half`).toBeLessThanOrEqual(
      peak(part.slice(0, half)) * 1.1,
    );
  }
  // DOM nodes per page: the page shows the same things all day; cards in error (chaos) may differ by a few hundred,
  // and the Live page's windowed list may still be filling at its first sample (about 40 rows of 5 nodes on a phone).
  for (const s of samples) {
    const firstOfPhase = samples.find((x) => x.phase === s.phase);
    expect(s.nodes, `DOM nodes at minute ${s.minute} (${s.phase})`).toBeLessThanOrEqual(
      (firstOfPhase?.nodes ?? 0) * 1.35 + 250,
    );
  }
  for (const s of samples) expect(s.alarms, `alarms at minute ${s.minute}`).toBeLessThanOrEqual(ALARM_BOUND);
  for (const f of figures) {
    expect(f.requests, `${f.phase}: the unit was read`).toBeGreaterThan(0);
    expect(f.requestsPerMinute, `${f.phase}: requests per minute`).toBeLessThanOrEqual(
      REQUEST_BUDGET_PER_MINUTE,
    );
    // The console's gate: 2 requests in flight per unit; the Live page's stream is one more. On the fake clock a
    // jump can fire a request's timeout before the unit has answered it (the console frees its slot, the unit still
    // counts it): up to 2 more there; the real-time run is held to the gate itself.
    const gate = (f.phase === "live" ? 3 : 2) + inFlightSlack;
    expect(f.maxInFlight, `${f.phase}: requests in flight`).toBeLessThanOrEqual(gate);
  }
  if (live) expect(figures.some((f) => f.phase === "live")).toBe(true);
}
