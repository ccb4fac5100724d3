// Unit alarm thresholds (issue 13): the console's alarm rules and the emulator's scenario hooks read them here.

/** `Unit offline`: no answer from the unit for this long. */
export const ALARM_OFFLINE_MS = 10_000;
/** `Battery low`: charge below this percentage while not charging. */
export const ALARM_BATTERY_LOW_PERCENT = 15;
/** `Storage nearly full`: this percentage used or more. */
export const ALARM_STORAGE_FULL_PERCENT = 90;
/** `Antenna N poor`: a channel with an antenna whose return loss magnitude is below this, dB. */
export const ALARM_RETURN_LOSS_MIN_DB = 6;
/** `Hot`: a temperature sensor at this many °C or more. */
export const ALARM_HOT_C = 70;
/** `Cellular STATE`: these connection states, and these power states. */
export const ALARM_CELLULAR_CONNECTION_STATES: readonly string[] = ["ERROR", "DENIED"];
export const ALARM_CELLULAR_POWER_STATES: readonly string[] = ["ERROR"];
/** `Device clock off`: the last clock sync found the unit more than this far off the browser, ms. */
export const ALARM_CLOCK_OFF_MS = 1000;
/** `No reads for N min`: the default N (0 = off). */
export const ALARM_NO_READS_DEFAULT_MINUTES = 10;
/** The background watch fetches each dataset the rules need at most this often. */
export const ALARM_WATCH_INTERVAL_MS = 30_000;
