// Clock-offset benchmark: the console's estimator against the spec's naive one, on the emulator with a known
// offset and 5–60 ms asymmetric jitter (a random wait before and another after it reads its clock).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { API } from "@trc/protocol";
import { startDevice } from "../../device/src/server.ts";
import {
  estimateClock,
  meanMidpointOffset,
  minRttEstimate,
  naiveOffset,
  readDeviceClock,
  syncClock,
  type TimeSample,
} from "../src/telemetry/timeSync.ts";
import { ms, percentile, verdict } from "./stats.ts";

export interface ClockBenchOptions {
  syncs: number;
  offsetMs: number;
  jitterMs: readonly [number, number];
}

const preciseNow = () => performance.timeOrigin + performance.now();

/**
 * Date.now() − the high-resolution clock, measured on a millisecond edge of Date.now() so that its flooring does
 * not bias it. The device clock is Date.now() + offset, so the true offset against the clock the estimator uses
 * (the browser's performance clock) is offset + this.
 */
function wallMinusPrecise(): number {
  const start = Date.now();
  let now = start;
  while (now === start) now = Date.now();
  return now - preciseNow();
}

interface EstimatorRow {
  name: string;
  what: string;
  errors: number[];
}

export async function runClockBench(o: ClockBenchOptions): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), "trc-bench-clock-"));
  const device = await startDevice({
    dataDir: join(dataDir, "data"),
    clockOffsetMs: o.offsetMs,
    timeJitterMs: o.jitterMs,
    consoleDist: join(dataDir, "no-console"),
  });
  const take = async (): Promise<TimeSample | null> => {
    const sentAt = preciseNow();
    const res = await fetch(`${device.url}${API.telemetry("time/sources")}`, { cache: "no-store" });
    const body: unknown = await res.json();
    const receivedAt = preciseNow();
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const clock = readDeviceClock(body);
    return clock && { sentAt, receivedAt, deviceTime: clock.time, utcOffset: clock.utcOffset };
  };
  const rows: EstimatorRow[] = [
    { name: "Console (interval intersection, NTP-style)", what: "estimateClock", errors: [] },
    { name: "NTP clock filter (smallest round trip)", what: "minRttEstimate", errors: [] },
    { name: "Spec's naive (mean of device − receive time)", what: "naiveOffset", errors: [] },
    { name: "Mean of midpoint offsets", what: "meanMidpointOffset", errors: [] },
  ];
  const rtts: number[] = [];
  const attempts: number[] = [];
  const bounds: number[] = [];
  let covered = 0;
  const started = Date.now();
  try {
    for (let i = 0; i < o.syncs; i++) {
      const truth = o.offsetMs + wallMinusPrecise();
      const outcome = await syncClock(take, { wanted: Number(process.env.WANTED ?? 5) });
      if (!outcome.ok) throw new Error(`sync ${i} failed: ${outcome.error}`);
      const s = outcome.samples;
      const est = estimateClock(s);
      const found = [est.offsetMs, minRttEstimate(s).offsetMs, naiveOffset(s), meanMidpointOffset(s)];
      for (const [k, v] of found.entries()) rows[k]?.errors.push(Math.abs(v - truth));
      rtts.push(est.meanRttMs);
      attempts.push(outcome.attempts);
      bounds.push(est.errorBoundMs);
      if (Math.abs(est.offsetMs - truth) <= est.errorBoundMs) covered++;
    }
  } finally {
    await device.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const console = rows[0] as EstimatorRow;
  const med = percentile(console.errors, 50);
  const p95 = percentile(console.errors, 95);
  return [
    "## Clock offset",
    "",
    `${o.syncs} syncs against the emulator (in process, \`startDevice\`) with \`clockOffsetMs\` ${o.offsetMs} and`,
    `\`timeJitterMs\` ${o.jitterMs.join("–")} (a uniform random wait before and another after it reads its clock).`,
    "Each sync follows SPEC §9 (5 good samples wanted, at most 15 attempts, random 30–120 ms pause), and every",
    "estimator is applied to the same samples of each sync. Error = |estimate − true offset|, where the true offset",
    `is taken against the same high-resolution clock the estimator uses. Took ${seconds} s.`,
    "",
    "| Estimator | Median abs. error | p95 abs. error | Max |",
    "|---|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${ms(percentile(r.errors, 50))} | ${ms(percentile(r.errors, 95))} | ${ms(Math.max(...r.errors))} |`,
    ),
    "",
    `Target for the console's estimator: median ≤ 2 ms (${verdict(med <= 2)}), p95 ≤ 5 ms (${verdict(p95 <= 5)}).`,
    `Mean round trip ${ms(percentile(rtts, 50), 1)} (median over syncs); error bound shown (median) ± ${ms(percentile(bounds, 50), 1)};`,
    `the true offset was inside the shown bound in ${covered} of ${o.syncs} syncs; attempts per sync: ${Math.min(...attempts)}–${Math.max(...attempts)}.`,
    "",
  ].join("\n");
}
