// Applying a profile to units (issue 32): the writes per unit, their bounded and conflict-checked execution, each unit's result, and undo.
import { type ConfigValue, configSaveText, MAX_REQUESTS_IN_FLIGHT } from "@trc/protocol";
import { DeviceError, errorText, reasonOf } from "../../../api/errors.ts";
import { conflictText, findConflict } from "../conflict.ts";
import type { Profile } from "./profile.ts";
import { profileDiff, settingValueText, type UnitValues } from "./profileDiff.ts";

/** Units written to at once. */
export const UNITS_AT_ONCE = 8;
/** Requests in flight per unit (the API client's gate holds the same). */
export const PER_UNIT_IN_FLIGHT = MAX_REQUESTS_IN_FLIGHT;

export interface PlannedWrite {
  setting: string;
  value: ConfigValue;
  /** The unit's value when its differences were read: a different value just before writing is a conflict. */
  expected: ConfigValue | undefined;
}

export interface UnitPlan {
  /** The unit's canonical address. */
  unit: string;
  writes: PlannedWrite[];
}

/** Per unit, only the settings whose value differs from the profile's. */
export function applyPlan(
  profile: Profile,
  units: readonly { unit: string; values: UnitValues }[],
): UnitPlan[] {
  return units.map(({ unit, values }) => ({
    unit,
    writes: profileDiff(profile, values).map((d) => ({
      setting: d.setting,
      value: d.profile,
      expected: d.unit,
    })),
  }));
}

export type SettingStatus = "pending" | "applied" | "unchanged" | "conflict" | "refused" | "unreachable";

export interface SettingResult extends PlannedWrite {
  /** unchanged: the unit had the value already when re-read, nothing was sent. */
  status: SettingStatus;
  /** The unit's value just before the write (re-read): what undo puts back. */
  before?: ConfigValue | undefined;
  /** refused: the unit's answer; conflict: the Configuration page's words; unreachable: why no answer came. */
  reason?: string;
}

export interface UnitResult {
  unit: string;
  step: "waiting" | "reading" | "writing" | "done";
  /** One per planned write, in the plan's order. */
  settings: SettingResult[];
  startedAt?: number;
  finishedAt?: number;
}

/** The unit's answers: what the run reads and writes through (the API client in the console, a fake in tests). */
export interface ApplyIO {
  /** The unit's current values (GET /api/config/get); throws when they cannot be read. */
  readValues(unit: string, signal?: AbortSignal): Promise<UnitValues>;
  /** Sets one value (POST /api/config/set); resolves on a 200, throws a `DeviceError` otherwise (api/write.ts). */
  setValue(unit: string, setting: string, value: ConfigValue, signal?: AbortSignal): Promise<unknown>;
}

export interface RunOptions {
  io: ApplyIO;
  now?: () => number;
  unitsAtOnce?: number;
  signal?: AbortSignal;
  /** A unit's line changed (its step or one setting's result). */
  onProgress?: (result: UnitResult) => void;
}

/** What a refusal reads like on the Configuration page: "401 - Unauthorized (the unit's reason)". */
function refusalText(err: DeviceError): string {
  // The password limit (429) reads "Too many wrong passwords: try again in N s", as on the Configuration page.
  if (err.status === undefined || err.status === 429) return err.message;
  const reason = reasonOf(err.body);
  return `${err.status} - ${configSaveText(err.status)}${reason ? ` (${reason})` : ""}`;
}

/** Runs `run` over `items`, at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Runs a plan (an apply or an undo): `unitsAtOnce` units at a time; per unit one re-read of its values, then its
 * writes, at most 2 in flight. A setting whose value on the unit is no longer the one the plan was made from is not
 * written (conflict); one already at the planned value is not sent. A refusal stops only that setting; a write
 * without an answer stops the unit's remaining writes. Throws only when aborted.
 */
export async function runPlan(plans: readonly UnitPlan[], opts: RunOptions): Promise<UnitResult[]> {
  const { io, now = Date.now, unitsAtOnce = UNITS_AT_ONCE, signal, onProgress } = opts;
  const results: UnitResult[] = plans.map(({ unit, writes }) => ({
    unit,
    step: "waiting",
    settings: writes.map((w) => ({ ...w, status: "pending" })),
  }));
  await pool(
    plans.map((_, i) => i),
    unitsAtOnce,
    async (i) => {
      signal?.throwIfAborted();
      const plan = plans[i] as UnitPlan;
      const update = (next: Partial<UnitResult>) => {
        results[i] = { ...(results[i] as UnitResult), ...next };
        onProgress?.(results[i]);
      };
      const settle = (k: number, result: Partial<SettingResult>) =>
        update({
          settings: (results[i] as UnitResult).settings.map((s, j) => (j === k ? { ...s, ...result } : s)),
        });
      update({ step: "reading", startedAt: now() });
      const all = plan.writes.map((_, k) => k);
      let values: UnitValues = {};
      if (all.length) {
        try {
          values = await io.readValues(plan.unit, signal);
        } catch (err) {
          if (signal?.aborted) throw err;
          const reason = `Not sent: could not read the unit's value first (${errorText(err)})`;
          for (const k of all) settle(k, { status: "unreachable", reason });
          update({ step: "done", finishedAt: now() });
          return;
        }
      }
      update({ step: "writing" });
      let lost: string | null = null;
      await pool(all, PER_UNIT_IN_FLIGHT, async (k) => {
        const w = plan.writes[k] as PlannedWrite;
        if (lost) return settle(k, { status: "unreachable", reason: `Not sent: ${lost}` });
        const before = Object.hasOwn(values, w.setting) ? values[w.setting] : undefined;
        const conflict = findConflict(w.expected, before, w.value);
        if (conflict) {
          const shown = (v: ConfigValue | undefined) => settingValueText(w.setting, v);
          return settle(k, {
            status: "conflict",
            before,
            reason: conflictText(shown(conflict.old), shown(conflict.now)),
          });
        }
        if (Object.is(before, w.value)) return settle(k, { status: "unchanged", before });
        signal?.throwIfAborted();
        try {
          await io.setValue(plan.unit, w.setting, w.value, signal);
          settle(k, { status: "applied", before });
        } catch (err) {
          if (signal?.aborted) throw err;
          if (err instanceof DeviceError && err.kind === "http")
            return settle(k, { status: "refused", reason: refusalText(err) });
          lost = errorText(err);
          settle(k, { status: "unreachable", reason: lost });
        }
      });
      update({ step: "done", finishedAt: now() });
    },
  );
  return results;
}

/** A unit's result in one word once it is done (null before): the worst of its settings'. */
export type UnitOutcome = "matches" | "applied" | "conflict" | "refused" | "unreachable";

export function unitOutcome(result: UnitResult): UnitOutcome | null {
  if (result.step !== "done") return null;
  const has = (status: SettingStatus) => result.settings.some((s) => s.status === status);
  const worst = (["unreachable", "refused", "conflict", "applied"] as const).find(has);
  return worst ?? "matches";
}

/** A unit needs a restart once a value was set on it (SPEC §2's restart banner). */
export function needsRestart(result: UnitResult): boolean {
  return result.settings.some((s) => s.status === "applied");
}

/** The undo: on every unit, the values it had before, for the settings this run changed (a conflict if changed since). */
export function undoPlan(results: readonly UnitResult[]): UnitPlan[] {
  return results
    .map(({ unit, settings }) => ({
      unit,
      writes: settings.flatMap((s): PlannedWrite[] =>
        s.status === "applied" && s.before !== undefined
          ? [{ setting: s.setting, value: s.before, expected: s.value }]
          : [],
      ),
    }))
    .filter((plan) => plan.writes.length > 0);
}
