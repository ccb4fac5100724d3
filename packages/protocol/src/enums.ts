// Enumerations shared by the device and the console (SPEC §3 and §4).

export const BATTERY_STATES = ["CHARGING", "DISCHARGING", "DISCONNECTED", "RECOVERY", "SUSTAIN"] as const;
export type BatteryState = (typeof BATTERY_STATES)[number];

export const CELLULAR_POWER = ["ASLEEP", "ON", "OFF", "ERROR"] as const;
export type CellularPower = (typeof CELLULAR_POWER)[number];

export const CELLULAR_CONNECTION = [
  "CONNECTED",
  "ON",
  "SEARCH",
  "ERROR",
  "DENIED",
  "OFF",
  "PENDING",
] as const;
export type CellularConnection = (typeof CELLULAR_CONNECTION)[number];

export const OTA_WATCHDOG = ["INACTIVE", "WATCHING", "COMPLETE"] as const;
export type OtaWatchdog = (typeof OTA_WATCHDOG)[number];

/** -1 is the factory partition, 0..3 an OTA partition. */
export const PARTITIONS = [-1, 0, 1, 2, 3] as const;

export const COMMAND_STATES = ["NOTSENT", "SENT", "RECEIVED"] as const;
export type CommandState = (typeof COMMAND_STATES)[number];

export const COMMAND_OUTCOMES = [
  "PENDING",
  "SUCCESS",
  "UNKNOWN",
  "NOT FOUND",
  "NOT AUTHED",
  "BAD ARG",
] as const;
export type CommandOutcome = (typeof COMMAND_OUTCOMES)[number];

/** SPEC §4: status 200 SUCCESS, 404 NOT FOUND, 401 NOT AUTHED, 400 BAD ARG, any other UNKNOWN. */
export function outcomeFromStatus(status: number): CommandOutcome {
  switch (status) {
    case 200:
      return "SUCCESS";
    case 404:
      return "NOT FOUND";
    case 401:
      return "NOT AUTHED";
    case 400:
      return "BAD ARG";
    default:
      return "UNKNOWN";
  }
}

export const FIRMWARE_STAGES = [
  "START",
  "UPLOADING",
  "UPLOADING_FAILED",
  "UPLOADED",
  "DOWNLOADING",
  "DOWNLOADING_FAILED",
  "DOWNLOADED",
  "FINISHED",
] as const;
export type FirmwareStage = (typeof FIRMWARE_STAGES)[number];

export const TIME_ACCURACY = {
  NOT_QUERIED: 0,
  NO_GOOD_RESULTS: 1,
  QUERYING: 2,
  VERY_INACCURATE: 3,
  INACCURATE: 4,
  SOMEWHAT_ACCURATE: 5,
  ACCURATE: 6,
} as const;
export type TimeAccuracy = keyof typeof TIME_ACCURACY;

export const AUTH_TYPES = ["NONE", "PASSWORD", "KEY"] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

export const CONFIG_REFRESH_STATES = ["UN_QUERIED", "QUERYING", "REFRESHED", "ERROR"] as const;
export type ConfigRefreshState = (typeof CONFIG_REFRESH_STATES)[number];

export const DEVICE_MODES = ["uhf", "hf"] as const;
export type DeviceMode = (typeof DEVICE_MODES)[number];
