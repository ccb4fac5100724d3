// Which unit an answer in the query cache is about, and the record's events it brings (issue 40), pure: the key says
// what was asked (`deviceKey(unit, …)`), the answer or failure what came back.
import { TIMING_DATASET } from "@trc/protocol";
import { errorText } from "../../api/errors.ts";
import { isRecordDataset, type RecordData, type RecordDataset, type UnitEvent } from "./record.ts";

/** What one fleet poll brought: the unit's name and mode, the datasets read, why others failed, when. */
export interface UnitAnswer {
  name: string;
  mode: string;
  data: RecordData;
  /** Why a dataset could not be read (the unit answered, that dataset did not). */
  errors: Partial<Record<RecordDataset, string>>;
  /** When the answers were in (epoch ms). */
  at: number;
}

export type Outcome = { ok: true; data: unknown; at: number } | { ok: false; error: unknown; at: number };

/** The events of a poll's answer: its identity, then each dataset read or not. */
export function answerEvents(a: UnitAnswer): UnitEvent[] {
  const events: UnitEvent[] = [{ kind: "identity", name: a.name, mode: a.mode, at: a.at }];
  for (const [dataset, data] of Object.entries(a.data))
    if (isRecordDataset(dataset)) events.push({ kind: "reading", dataset, data, at: a.at });
  for (const [dataset, reason] of Object.entries(a.errors))
    if (isRecordDataset(dataset) && reason) events.push({ kind: "unread", dataset, reason, at: a.at });
  return events;
}

const obj = (v: unknown) => (v && typeof v === "object" ? (v as Record<string, unknown>) : {});

/** A clock sync's estimate (the dashboard's `{ estimate }`, the fleet's bare estimate) as an event. */
function clockEvent(data: unknown, at: number): UnitEvent | null {
  const e = obj("estimate" in obj(data) ? obj(data).estimate : data);
  if (typeof e.offsetMs !== "number" || typeof e.errorBoundMs !== "number") return null;
  return { kind: "clock", offsetMs: e.offsetMs, errorBoundMs: e.errorBoundMs, oneWay: false, at };
}

/**
 * The unit and events of a query's answer or failure, or null for a query that tells nothing of a unit's record.
 * Keys: `["device", unit, "telemetry", dataset]` (a card's, the watch's, the header's timing), `[…, "deviceName"]`
 * (its identity), `[…, "clock"]` and `[…, "fleet", "clock"]` (a sync), `[…, "fleet", "poll"]` (a fleet poll).
 */
export function unitEventsOf(
  key: readonly unknown[],
  outcome: Outcome,
): { unit: string; events: UnitEvent[] } | null {
  const [root, unit, ...rest] = key;
  if (root !== "device" || typeof unit !== "string") return null;
  const what = rest.join("/");
  const at = outcome.at;
  const failed = (dataset: RecordDataset): UnitEvent[] =>
    outcome.ok ? [] : [{ kind: "unread", dataset, reason: errorText(outcome.error), at }];
  if (rest[0] === "telemetry" && typeof rest[1] === "string" && isRecordDataset(rest[1])) {
    const dataset = rest[1];
    if (!outcome.ok) return { unit, events: failed(dataset) };
    // The timing dataset is read strictly and whole (null: no race control); the others as `{ data, issues }`.
    const data = dataset === TIMING_DATASET ? outcome.data : obj(outcome.data).data;
    return data === undefined ? null : { unit, events: [{ kind: "reading", dataset, data, at }] };
  }
  if (what === "deviceName" && outcome.ok) {
    const id = obj(outcome.data);
    if (typeof id.deviceName !== "string" || typeof id.mode !== "string") return null;
    return { unit, events: [{ kind: "identity", name: id.deviceName, mode: id.mode, at }] };
  }
  if (what === "clock" || what === "fleet/clock") {
    const event = outcome.ok ? clockEvent(outcome.data, at) : ({ kind: "clock-failed", at } as const);
    return event ? { unit, events: [event] } : null;
  }
  if (what === "fleet/poll" && outcome.ok) return { unit, events: answerEvents(outcome.data as UnitAnswer) };
  return null;
}
