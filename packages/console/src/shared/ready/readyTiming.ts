// The Ready check's Timing program item (issue 31, D12), pure: is a timing program taking this unit's passings.
import { READY_BACKLOG_IN_FLIGHT } from "@trc/protocol";
import type { ReadyItem, ReadyReadings } from "./readyTypes.ts";

export type { TimingReading } from "./readyTypes.ts";

/** Ready's words for a number of programs: "1 program", "2 programs". */
const programsText = (n: number) => `${n} ${n === 1 ? "program" : "programs"}`;

/**
 * Timing program (issue 31): in timing mode, a program on the filtered port taking the passings (Left empty, draining,
 * or in flight as for Backlog). Marked "not needed for this unit": holds. None for a unit without race control.
 */
export function timingItem(r: ReadyReadings): ReadyItem | null {
  const t = r.timing;
  if (!t) return null;
  const base = {
    id: "timing",
    label: "Timing program",
    fix: { href: "/timing", text: "Programs on the Timing page" },
  } as const;
  if (r.timingNotNeeded) return { ...base, ok: true, value: "Not needed for this unit", reason: "" };
  if (t === "waiting") return { ...base, ok: false, value: "—", reason: "No timing reading yet" };
  if (t.mode === "test" || !t.session)
    return {
      ...base,
      ok: false,
      value: "Test mode",
      reason: "Test mode: passings are not stored or sent",
      fix: { href: "/timing", text: "Start timing" },
    };
  const programs = t.programs.filter((p) => p.port === "filtered").length;
  if (!programs) {
    const raw = t.programs.length;
    const note = raw ? ` (${programsText(raw)} on the raw port: reads, not passings)` : "";
    return {
      ...base,
      ok: false,
      value: "No program",
      reason: `No timing program on the filtered port${note}`,
    };
  }
  const head = programsText(programs);
  const b = r.backlog;
  if (!b || b.left === null) return { ...base, ok: false, value: head, reason: "No passings reading yet" };
  if (b.left <= 0) return { ...base, ok: true, value: `${head}, every passing sent`, reason: "" };
  const left = `${b.left} unsent`;
  if (b.trend === "draining") return { ...base, ok: true, value: `${head}, ${left}, draining`, reason: "" };
  if (b.left <= READY_BACKLOG_IN_FLIGHT) return { ...base, ok: true, value: `${head}, ${left}`, reason: "" };
  const why = b.trend === "unknown" ? "trend after the next reading" : `${b.trend}, not draining`;
  return { ...base, ok: false, value: `${head}, ${left}`, reason: `${left}, ${why}` };
}
