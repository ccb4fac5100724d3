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
/** `Backlog growing: N unsent`: Left has grown this long while reads came in (the link to the server is down), ms. */
export const ALARM_BACKLOG_GROWING_MS = 2 * 60_000;

// The Ready check (issue 20 §4): its items' thresholds.
/** Every channel with an antenna has read a tag within this long, ms. */
export const READY_READ_WITHIN_MS = 10 * 60_000;
/** The device clock within this of the browser's, ms... */
export const READY_CLOCK_WITHIN_MS = 100;
/** ...by a clock sync no older than this, ms. */
export const READY_SYNC_MAX_AGE_MS = 10 * 60_000;
/** The battery's time to empty covers the race length plus this, ms. */
export const READY_BATTERY_MARGIN_MS = 60 * 60_000;
/** Storage used below this percentage. */
export const READY_STORAGE_BELOW_PERCENT = 80;
/** A Left at most this many passings is in flight (sent within seconds on a working link), not a backlog. */
export const READY_BACKLOG_IN_FLIGHT = 10;
/** The race length before anybody entered one, hours. */
export const READY_RACE_HOURS_DEFAULT = 4;
