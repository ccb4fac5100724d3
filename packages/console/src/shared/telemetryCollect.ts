// What the in-memory history keeps of each dataset: battery charge, temperatures, passings seen and left, channel reads.
import type { TelemetryDataset } from "@trc/protocol";
import { batteryPercent } from "./telemetryFormat.ts";
import { record as recordPoint } from "./telemetryHistory.ts";

type Reading = Record<string, unknown> | undefined;

const asNumber = (v: unknown) => (typeof v === "number" ? v : undefined);

/** Records a loaded answer's history points; datasets without a sparkline record nothing. */
export function collectHistory(dataset: TelemetryDataset, data: Reading, at: number, unit = ""): void {
  if (!data) return;
  const record = (key: string, v: number | undefined, t: number) => recordPoint(key, v, t, unit);
  if (dataset === "battery") {
    const pct = asNumber(data.percentage);
    if (pct !== undefined) record("battery", batteryPercent(pct), at);
  } else if (dataset === "hw/temp" && Array.isArray(data.temps)) {
    for (const s of data.temps as Reading[]) {
      if (typeof s?.name === "string" && s.name) record(`temp:${s.name}`, asNumber(s.temp), at);
    }
  } else if (dataset === "passings") {
    record("passings:seen", asNumber(data.seen), at);
    // The backlog (shared/backlog.ts) joins Left to Seen by time.
    record("passings:left", asNumber(data.left), at);
  } else if (dataset === "uhf/ports" && Array.isArray(data.channels)) {
    // Each channel's Reads: the Ready check's "read within 10 min" (shared/readyRules.ts).
    for (const c of data.channels as Reading[]) {
      if (typeof c?.id === "number") record(`reads:${c.id}`, asNumber(c.reads), at);
    }
  }
}
