// A healthy unit's Ready readings (every item holds) and how to change one part: for the Ready check's table tests.
import type { ReadyReadings } from "../src/shared/ready/readyRules.ts";

export const NOW = 1_700_000_000_000;
export const MIN = 60_000;
/** A counter that grew at `grewMinAgo` minutes before NOW (readings 1 min apart from 20 min ago). */
export const grewAgo = (grewMinAgo: number) =>
  Array.from({ length: 21 }, (_, i) => {
    const t = NOW - (20 - i) * MIN;
    return { t, v: t >= NOW - grewMinAgo * MIN ? 10 : 5 };
  });

export const healthy: ReadyReadings = {
  now: NOW,
  mode: "uhf",
  channels: [
    { id: 0, ant: true, loss: 17 },
    { id: 1, ant: true, loss: -15.5 },
    { id: 3, ant: false, loss: 0.6 },
  ],
  channelReads: { 0: grewAgo(1), 1: grewAgo(9) },
  clock: { offsetMs: 12, at: NOW - 2 * MIN },
  battery: { state: "DISCHARGING", time_empty: 300 },
  raceHours: 4,
  storage: { used: 79, total: 100 },
  backlog: { left: 0, trend: "empty" },
  alarms: [],
};
export const at = (patch: Partial<ReadyReadings>): ReadyReadings => ({ ...healthy, ...patch });
