// A unit's backlog from its record's passings series (the Passings card, the Live page, the alarm and the Ready check),
// in a module of its own: the dashboard's backlog line needs it without the alarm and Ready rules.
import { type Backlog, backlog, passingsPoints } from "../readings/backlog.ts";
import type { Point } from "../readings/sparkline.ts";
import type { UnitRecord } from "./record.ts";

const NONE: readonly Point[] = [];

/** The backlog from the record's passings series at `now`. */
export function unitBacklog(r: UnitRecord | undefined, now: number): Backlog {
  return backlog(passingsPoints(r?.series["passings:left"] ?? NONE, r?.series["passings:seen"] ?? NONE), now);
}
