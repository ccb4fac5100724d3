// What the in-memory history keeps of each dataset: battery charge, temperatures, passings seen and left, channel reads.
import type { TelemetryDataset } from "@trc/protocol";
import { batteryPercent } from "./telemetryFormat.ts";
import { useTelemetryHistory } from "./telemetryHistory.ts";

type Reading = Record<string, unknown> | undefined;

const asNumber = (v: unknown) => (typeof v === "number" ? v : undefined);

/** The history's values of one loaded answer, by series; datasets without a sparkline have none. */
export function historyValues(dataset: TelemetryDataset, data: Reading): Record<string, number | undefined> {
  const values: Record<string, number | undefined> = {};
  if (!data) return values;
  if (dataset === "battery") {
    const pct = asNumber(data.percentage);
    if (pct !== undefined) values.battery = batteryPercent(pct);
  } else if (dataset === "hw/temp" && Array.isArray(data.temps)) {
    for (const s of data.temps as Reading[]) {
      if (typeof s?.name === "string" && s.name) values[`temp:${s.name}`] = asNumber(s.temp);
    }
  } else if (dataset === "passings") {
    values["passings:seen"] = asNumber(data.seen);
    // The backlog (shared/readings/backlog.ts) joins Left to Seen by time.
    values["passings:left"] = asNumber(data.left);
  } else if (dataset === "uhf/ports" && Array.isArray(data.channels)) {
    // Each channel's Reads: the Ready check's "read within 10 min" (shared/ready/readyRules.ts).
    for (const c of data.channels as Reading[]) {
      if (typeof c?.id === "number") values[`reads:${c.id}`] = asNumber(c.reads);
    }
  }
  return values;
}

/** Records a loaded answer of `unit`'s dataset, read at `at`, in the history. */
export function collectHistory(dataset: TelemetryDataset, data: Reading, at: number, unit = ""): void {
  useTelemetryHistory.getState().record(unit, at, historyValues(dataset, data));
}
