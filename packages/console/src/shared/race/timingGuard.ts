// D12's guard: settings that change which passings are made or where they go need a second confirmation on a timing unit.
import { findConfigItem, type TimingMode } from "@trc/protocol";

/** The passing filter (which reads become passings) and the timing ports; with them every setting under `servers`. */
const PASSING_SETTINGS: readonly string[] = ["reads_2b_sent", "tag_timeout", "raw_port", "filtered_port"];

/** True for a setting that changes which passings are made or where they go. */
export function changesPassings(setting: string): boolean {
  const category = findConfigItem(setting)?.category ?? "";
  return PASSING_SETTINGS.includes(setting) || category === "servers" || category.startsWith("servers_");
}

/** A unit's mode: its timing dataset's, null for a unit without race control, undefined while not known. */
export type UnitMode = TimingMode | null | undefined;

/** What is about to be written to one unit (a profile's plan, the Configuration page's set or import). */
export interface UnitWrites {
  unit: string;
  writes: readonly { setting: string }[];
}

export interface TimingConfirmation {
  unit: string;
  /** The unit's planned settings that change its passings. */
  settings: string[];
  /** False when the unit's mode is not known (it may be timing): asked all the same. */
  modeKnown: boolean;
}

/** The units (in timing mode, or of unknown mode) whose writes change their passings, with those settings. */
export function timingConfirmations(
  plans: readonly UnitWrites[],
  modeOf: (unit: string) => UnitMode,
): TimingConfirmation[] {
  return plans.flatMap(({ unit, writes }) => {
    const settings = writes.map((w) => w.setting).filter(changesPassings);
    if (!settings.length) return [];
    const mode = modeOf(unit);
    if (mode === "test" || mode === null) return [];
    return [{ unit, settings, modeKnown: mode !== undefined }];
  });
}

/**
 * The question for `settings` about to be set on one unit; its mode is read (`readMode`, the Configuration page reads
 * it afresh) only when one of them changes the passings.
 */
export async function unitConfirmations(
  unit: string,
  settings: readonly string[],
  readMode: () => Promise<UnitMode>,
): Promise<TimingConfirmation[]> {
  if (!settings.some(changesPassings)) return [];
  const mode = await readMode();
  return timingConfirmations([{ unit, writes: settings.map((setting) => ({ setting })) }], () => mode);
}

/** Why a setting the operator declined was not sent: "Not sent: the unit is timing" (or "may be", mode not known). */
export function notSentWhileTiming(c: Pick<TimingConfirmation, "modeKnown">): string {
  return `Not sent: the unit ${c.modeKnown ? "is" : "may be"} timing`;
}

/** The plans without the writes the operator did not confirm (the rest of each unit's writes still go). */
export function withoutUnconfirmed<W extends { setting: string }>(
  plans: readonly { unit: string; writes: readonly W[] }[],
  unconfirmed: readonly TimingConfirmation[],
): { unit: string; writes: W[] }[] {
  return plans.map(({ unit, writes }) => {
    const held = unconfirmed.find((c) => c.unit === unit)?.settings ?? [];
    return { unit, writes: writes.filter((w) => !held.includes(w.setting)) };
  });
}
