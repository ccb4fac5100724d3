// What a fleet poll brings and what the fleet keeps of a unit, as types: shared by the poll (poll.ts) and the fleet's
// history (fleetHistory.ts), which then need not import each other.
import type { TelemetryOf, TIMING_DATASET, TimingTelemetry } from "@trc/protocol";
import type { Loose } from "../api/lenient.ts";
import type { AlarmMemory } from "../shared/alarms/alarmRules.ts";
import type { ReadyTrail } from "../shared/ready/readyRules.ts";

/** The datasets a fleet poll reads (fleetDatasets in poll.ts says when). */
export type FleetDataset =
  | "battery"
  | "passings"
  | "uhf/ports"
  | typeof TIMING_DATASET
  | "firmware"
  | "storage"
  | "hw/temp"
  | "cellular";
type SpecDataset = Exclude<FleetDataset, typeof TIMING_DATASET>;
/** `timing` is null for a unit without race control (it answers 404), as the console's own query says. */
export type FleetData = { [D in SpecDataset]?: Loose<TelemetryOf<D>> } & { timing?: TimingTelemetry | null };

/** What one poll fetched: the unit's name and mode, the datasets read this time, why others failed, when. */
export interface FleetAnswer {
  name: string;
  mode: string;
  data: FleetData;
  /** Why a dataset could not be read (the unit answered, that dataset did not). */
  errors: Partial<Record<FleetDataset, string>>;
  /** When the answers were in (epoch ms). */
  at: number;
}

/** A unit as its row shows it: its answers so far and what the fleet's history derived from them (fleetHistory.ts). */
export interface FleetReading extends FleetAnswer {
  /** Reads per minute from this and the previous reading (null until there are two). */
  readsPerMin: number | null;
  /** What the alarm rules remember of this unit (antennas seen, the last growth of `seen`). */
  memory: AlarmMemory;
  /** Polls so far (the slow datasets are read when it is even). */
  poll: number;
  /** Passings and each channel's Reads over the last minutes, for the Ready column (polled units). */
  trail?: ReadyTrail;
}
