// The one store of unit records (issue 40), fed from the query cache's events (whoever asked: a card, the alarm watch,
// the fleet's poll), the API client's reports of answers and failures, and the broker feed; never by a query function.
import type { QueryCache, QueryClient } from "@tanstack/react-query";
import { useQueryClient } from "@tanstack/react-query";
import { onUnitReport, unitKey } from "../../api/connection.ts";
import { useTimingIntent } from "../race/timing.ts";
import { lazyStore } from "../store/lazyStore.ts";
import { emptyRecord, foldEvents, type UnitEvent, type UnitRecord } from "./record.ts";
import { unitEventsOf } from "./recordEvents.ts";

interface UnitRecords {
  /** Each unit's record, by its key (canonical address, or `broker#id`). */
  records: Readonly<Record<string, UnitRecord>>;
  /** Folds events into a unit's record (made on its first event). */
  fold(unit: string, events: readonly UnitEvent[]): void;
  /** Records folded elsewhere (the broker feed's, a batch at a time). */
  put(records: Readonly<Record<string, UnitRecord>>): void;
}

export const useUnitRecords = lazyStore<UnitRecords>()((set, get) => ({
  records: {},
  fold(unit, events) {
    const key = unitKey(unit);
    const before = get().records[key];
    const after = foldEvents(before ?? emptyRecord(key), events);
    if (after !== before) set({ records: { ...get().records, [key]: after } });
  },
  put(records) {
    set({ records: { ...get().records, ...records } });
  },
}));

/** A unit's record now (any spelling of its address), or undefined before anything was heard of it. */
export function recordOf(unit: string): UnitRecord | undefined {
  return useUnitRecords.getState().records[unitKey(unit)];
}

/** The part of a cache event read here. */
type CacheEvent = Parameters<Parameters<QueryCache["subscribe"]>[0]>[0] & {
  action?: { type: string; manual?: boolean; error?: unknown };
};

function deliver(event: CacheEvent): void {
  const { query, action } = event;
  if (event.type !== "updated" || !action) return;
  const outcome =
    action.type === "success" && !action.manual
      ? { ok: true as const, data: query.state.data, at: query.state.dataUpdatedAt }
      : action.type === "error"
        ? { ok: false as const, error: action.error, at: query.state.errorUpdatedAt }
        : null;
  if (!outcome) return;
  const found = unitEventsOf(query.queryKey, outcome);
  if (!found) return;
  // What this console asked of the unit's race control decides whether leaving timing mode is an alarm.
  const stopAsked = useTimingIntent.getState().stopAsked[found.unit];
  const events = found.events.map((e) =>
    e.kind === "reading" && e.dataset === "timing" && stopAsked !== undefined ? { ...e, stopAsked } : e,
  );
  useUnitRecords.getState().fold(found.unit, events);
}

const followed = new WeakSet<QueryClient>();
let reports: (() => void) | undefined;

/** Feeds the records from `client`'s cache and the API client's reports (once per client; nothing at import). */
export function followUnits(client: QueryClient): void {
  reports ??= onUnitReport((unit, report) =>
    useUnitRecords
      .getState()
      .fold(
        unit,
        report.ok
          ? [{ kind: "answered", at: report.at }]
          : [{ kind: "silent", reason: report.reason, at: report.at }],
      ),
  );
  if (followed.has(client)) return;
  followed.add(client);
  client.getQueryCache().subscribe(deliver);
}

/** Stops following the API client's reports (a test's reset). */
export function unfollowReports(): void {
  reports?.();
  reports = undefined;
}

/** A unit's record, redrawn when it changes; following this client's answers from the first call on. */
export function useUnitRecord(unit: string): UnitRecord | undefined {
  followUnits(useQueryClient());
  return useUnitRecords((s) => s.records[unitKey(unit)]);
}

/** Every record, redrawn when any changes (the Fleet page). */
export function useAllRecords(): Readonly<Record<string, UnitRecord>> {
  followUnits(useQueryClient());
  return useUnitRecords((s) => s.records);
}
