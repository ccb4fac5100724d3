// What the pages say of a unit, derived from its one record (issue 40), pure: its state, the alarm conditions, the
// Ready check. The alarm panel, the dashboard's Ready check, a Fleet row (polled or broker) all come from here.
import { ALARM_OFFLINE_MS, MQTT_CONTRACT } from "@trc/protocol";
import { type Alarm, alarmRules } from "../alarms/alarmRules.ts";
import { holdover, KIND_WORDS, kindOf } from "../clock/timeSources.ts";
import { type CounterSeries, type ReadyCheck, readyCheck } from "../ready/readyRules.ts";
import { unitBacklog } from "./backlog.ts";
import type { RecordData, RecordDataset, UnitRecord } from "./record.ts";

export { unitBacklog } from "./backlog.ts";

export type UnitState = "checking" | "online" | "offline";

/** A unit heard on a broker is Offline after twice its publish interval of silence (D11: telemetry every 30 s). */
export const BROKER_SILENCE_MS = 2 * MQTT_CONTRACT.telemetryEveryMs;

/** The operator's settings the derivation reads, and the time. */
export interface UnitContext {
  now: number;
  /** `No reads for N min`: N (0 = off). */
  noReadsMinutes: number;
  /** The race length entered on the Ready check, hours. */
  raceHours: number;
  /** The operator marked this unit's timing program not needed. */
  timingNotNeeded: boolean;
}

/** An alarm as a list shows it: its text, and whether the operator acknowledged it (where the console holds that). */
export type ListedText = { text: string; acknowledged: boolean };

const NONE: CounterSeries = [];

/** A unit heard on a broker (keyed `broker#id`, or one that said its status there). */
export const heardOnBroker = (r: UnitRecord) => r.said !== null || r.unit.includes("#");

/**
 * Online, Offline or Checking. A unit heard on a broker: its own word (`offline`: its will or goodbye), or silence
 * for BROKER_SILENCE_MS. A unit reached over HTTP: Offline when its last request got no answer and it has not
 * answered for ALARM_OFFLINE_MS (10 s) before now, or never; Checking before any answer or failure.
 */
export function unitState(r: UnitRecord | undefined, now: number): UnitState {
  if (!r) return "checking";
  if (heardOnBroker(r)) {
    if (r.said === "offline" || (r.lastAnswerAt !== null && now - r.lastAnswerAt >= BROKER_SILENCE_MS))
      return "offline";
    return r.said === "online" ? "online" : "checking";
  }
  const failed = r.lastFailure !== null && r.lastFailure.at >= (r.lastAnswerAt ?? 0);
  if (failed)
    return r.lastAnswerAt === null || now - r.lastAnswerAt >= ALARM_OFFLINE_MS ? "offline" : "online";
  return r.lastAnswerAt === null ? "checking" : "online";
}

/** A dataset's latest answer, unless its last read failed (a card shows no reading then, and no rule reads one). */
export function current<D extends RecordDataset>(r: UnitRecord, dataset: D): RecordData[D] | undefined {
  return r.errors[dataset] === undefined ? r.data[dataset] : undefined;
}

/** The device clock's offset as the rules read it (a one-way broker figure included), or null. */
function clockOffset(r: UnitRecord): number | null {
  return r.clock && !("failed" in r.clock) ? r.clock.offsetMs : null;
}

/**
 * Every alarm condition that holds, in the alarm panel's order and words. An Offline unit has only `Unit offline`
 * (its last readings are old); a unit still checking, none.
 */
export function unitAlarms(
  r: UnitRecord | undefined,
  ctx: Pick<UnitContext, "now" | "noReadsMinutes">,
): Alarm[] {
  const state = unitState(r, ctx.now);
  if (!r || state === "checking") return [];
  if (state === "offline") return [{ id: "offline", text: "Unit offline" }];
  return alarmRules(
    {
      now: ctx.now,
      battery: current(r, "battery"),
      storage: current(r, "storage"),
      temps: current(r, "hw/temp")?.temps,
      cellular: current(r, "cellular"),
      channels: r.mode === "uhf" ? current(r, "uhf/ports")?.channels : undefined,
      channelReads: (id) => r.series[`reads:${id}`],
      clockOffsetMs: clockOffset(r),
      holdover: unitHoldover(r, ctx.now),
      noReadsMinutes: ctx.noReadsMinutes,
      backlog: unitBacklog(r, ctx.now),
    },
    r.memory,
  );
}

/** The kind of source the unit says its clock follows (D13's `followed`), in words; null when it does not say. */
function followedKind(r: UnitRecord): string | null {
  const followed = current(r, "time/sources")?.sources?.find(
    (s) => (s as { followed?: boolean }).followed === true,
  );
  const kind = followed && kindOf(followed);
  return kind ? (KIND_WORDS[kind] ?? null) : null;
}

/** The unit has GPS among its time sources (D13's kind, or a source named so): its `gnss` is worth reading. */
export function hasGps(r: UnitRecord | undefined): boolean {
  return !!r && ((r.data["time/sources"]?.sources ?? []).some((s) => kindOf(s) === "gps") || !!r.data.gnss);
}

/** GPS lost and the clock holding over on its RTC (D13), by the unit's clock now (the browser's and the offset). */
export function unitHoldover(
  r: UnitRecord | undefined,
  now: number,
): { minutes: number; errorMs: number } | null {
  if (!r) return null;
  return holdover(current(r, "time/sources")?.sources, current(r, "gnss"), now + (clockOffset(r) ?? 0));
}

/** The newest answer's time: the check counts it at once, before the next tick of a page's clock. */
function newest(r: UnitRecord): number {
  return Math.max(0, ...Object.values(r.readAt).filter((t): t is number => typeof t === "number"));
}

/**
 * The Ready check of a unit. `listed`: the alarm panel's list with its acknowledgements (the unit the console talks
 * to); without it, the conditions that hold, none acknowledged.
 */
export function unitReady(
  r: UnitRecord | undefined,
  ctx: UnitContext,
  listed: readonly ListedText[] | null = null,
): ReadyCheck {
  const rec = r ?? ({ series: {}, data: {}, errors: {}, readAt: {}, memory: { hadAntenna: [] } } as never);
  const now = Math.max(ctx.now, r ? newest(r) : 0);
  const mode = r?.mode || null;
  // The last answer's channels, also while a later read failed: one lost read does not make it "No antenna reading
  // yet"; the reads' ages still fail it if the unit stays away.
  const channels = mode === "uhf" ? rec.data["uhf/ports"]?.channels : undefined;
  const channelReads: Record<number, CounterSeries> = {};
  for (const c of channels ?? [])
    if (typeof c?.id === "number") channelReads[c.id] = rec.series[`reads:${c.id}`] ?? NONE;
  const clock = r?.clock ?? null;
  return readyCheck({
    now,
    mode,
    channels,
    hadAntenna: rec.memory.hadAntenna,
    channelReads,
    seen: rec.series["passings:seen"] ?? NONE,
    clock: clock && ("failed" in clock ? { failed: true } : { offsetMs: clock.offsetMs, at: clock.at }),
    clockSource: r ? followedKind(r) : null,
    battery: r && current(r, "battery"),
    raceHours: ctx.raceHours,
    storage: r && current(r, "storage"),
    backlog: unitBacklog(r, now),
    alarms: listed ?? unitAlarms(r, ctx).map((a) => ({ text: a.text, acknowledged: false })),
    // Race control: a unit reached over HTTP is asked for it (a 404 is null: no item), so none yet is "waiting"; a
    // broker unit that publishes none has none.
    timing: rec.data.timing !== undefined ? rec.data.timing : r && heardOnBroker(r) ? undefined : "waiting",
    timingNotNeeded: ctx.timingNotNeeded,
  });
}
