// Telemetry datasets (SPEC §3, §7): their paths and the schemas of the fields the console reads.
import * as z from "zod/mini";
import { GnssTelemetry, TimeSourceKind, UhfConfigTelemetry, UhfPortState } from "./antennas.ts";

const num = z.number();
const int = z.int();

export const FirmwareTelemetry = z.object({
  version: z.string(),
  compileTime: z.string(),
  partition: int,
  otaWatchDog: z.string(),
});

export const StorageTelemetry = z.object({
  used: num.check(z.gte(0)),
  total: num.check(z.gte(0)),
});

export const PassingsTelemetry = z.object({
  seen: num,
  filtered: num,
  unique: num,
  sent: num,
  left: num,
  delta: num,
});

export const UhfChannel = z.object({
  id: int,
  ant: z.boolean(),
  reads: num,
  loss: num,
  pwr: num,
  // D13, optional (an older unit sends none): the port's state, median RSSI and reads per passing of the last 60 s.
  state: z.optional(UhfPortState),
  rssi: z.optional(z.nullable(num)),
  hits: z.optional(z.nullable(num)),
  identifying: z.optional(z.boolean()),
});
export const UhfPortsTelemetry = z.object({ channels: z.array(UhfChannel) });

export const TimeSource = z.object({
  name: z.string(),
  accuracy: num,
  /** Unix epoch milliseconds; an ISO-8601 string is accepted too (D3). */
  time: z.union([num, z.string()]),
  // D13, optional: what kind of clock it is, and whether the unit's clock follows it (at most one source).
  kind: z.optional(TimeSourceKind),
  followed: z.optional(z.boolean()),
});
export const TimeSourcesTelemetry = z.object({ sources: z.array(TimeSource), utc_offset: int });

export const NetInterface = z.object({ name: z.string(), isConnected: z.boolean(), isPrimary: z.boolean() });
export const InterfacesTelemetry = z.object({ interfaces: z.array(NetInterface) });

export const TempSensor = z.object({ name: z.string(), temp: num });
export const TempsTelemetry = z.object({ temps: z.array(TempSensor) });

export const CellularTelemetry = z.object({
  power: z.string(),
  connection: z.string(),
  imei: z.string(),
  imsi: z.string(),
  iccid: z.string(),
});

export const CellularAntTelemetry = z.object({
  xbar: z.boolean(),
  a_isExt: z.boolean(),
  b_isExt: z.boolean(),
  rssi: num,
  ber: num.check(z.gte(0)),
});

export const BatteryTelemetry = z.object({
  state: z.string(),
  percentage: num.check(z.gte(0), z.lte(100)),
  capacity: num.check(z.gte(0)),
  current: num,
  time_full: num,
  time_empty: num,
});

/** Declared by the spec but unused by the console: any object passes. */
export const UnusedTelemetry = z.looseObject({});

export const TELEMETRY_SCHEMAS = {
  firmware: FirmwareTelemetry,
  gnss: GnssTelemetry,
  os: UnusedTelemetry,
  passings: PassingsTelemetry,
  storage: StorageTelemetry,
  "uhf/config": UhfConfigTelemetry,
  "uhf/ports": UhfPortsTelemetry,
  "time/sources": TimeSourcesTelemetry,
  "power/channels": UnusedTelemetry,
  "power/consumption": UnusedTelemetry,
  "networking/services": UnusedTelemetry,
  "networking/interfaces": InterfacesTelemetry,
  "hw/config": UnusedTelemetry,
  "hw/temp": TempsTelemetry,
  "cellular/ant": CellularAntTelemetry,
  cellular: CellularTelemetry,
  battery: BatteryTelemetry,
} as const;

export type TelemetryDataset = keyof typeof TELEMETRY_SCHEMAS;
export const TELEMETRY_DATASETS = Object.keys(TELEMETRY_SCHEMAS) as TelemetryDataset[];
export type TelemetryOf<D extends TelemetryDataset> = z.infer<(typeof TELEMETRY_SCHEMAS)[D]>;

export type FirmwareTelemetry = z.infer<typeof FirmwareTelemetry>;
export type StorageTelemetry = z.infer<typeof StorageTelemetry>;
export type PassingsTelemetry = z.infer<typeof PassingsTelemetry>;
export type UhfChannel = z.infer<typeof UhfChannel>;
export type UhfPortsTelemetry = z.infer<typeof UhfPortsTelemetry>;
export type TimeSource = z.infer<typeof TimeSource>;
export type TimeSourcesTelemetry = z.infer<typeof TimeSourcesTelemetry>;
export type NetInterface = z.infer<typeof NetInterface>;
export type InterfacesTelemetry = z.infer<typeof InterfacesTelemetry>;
export type TempsTelemetry = z.infer<typeof TempsTelemetry>;
export type CellularTelemetry = z.infer<typeof CellularTelemetry>;
export type CellularAntTelemetry = z.infer<typeof CellularAntTelemetry>;
export type BatteryTelemetry = z.infer<typeof BatteryTelemetry>;
