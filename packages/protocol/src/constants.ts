// Business constants and limits of SPEC §9, in one place for the console and the emulated device.

export const TELEMETRY_AUTO_REFRESH_MAX_MINUTES = 20;
export const TIME_TICK_MS = 250;

export const TIME_SYNC = {
  wantedSamples: 5,
  maxAttempts: 15,
  pauseMinMs: 30,
  pauseMaxMs: 120,
} as const;

/** Accuracy thresholds (SPEC §9): offsets in ms, compared with multiples of the network delay. */
export const ACCURACY_RULES = {
  veryInaccurateMs: 30 * 24 * 3600 * 1000,
  accurateDelayFactor: 2,
  accurateMs: 100,
  somewhatDelayFactor: 5,
  somewhatMs: 2000,
} as const;

export const OTA_PARTITIONS = 3;
export const FACTORY_PARTITION = -1;

export const BATTERY_COLOUR_THRESHOLDS = { green: 75, yellow: 40, orange: 10 } as const;

export const STORAGE_UNIT_BASE = 1000;
export const STORAGE_DECIMALS = 2;

export const COMMAND_FETCH_PACING_MS = 50;
export const BUTTON_LOCK_MS = 500;
export const COMMAND_SEND_DELAY_MS = 2000;
export const AUTH_TEST_DELAY_MS = 500;

export const FIRMWARE = {
  chunkSize: 4096,
  delayBeforeChunkMs: 20,
  retryDelayMs: 500,
  failureThreshold: 20,
  assumedTotalBytes: 1_000_000,
} as const;

export const LOCAL_STORAGE_WIPE_RELOAD_MS = 500;
export const ENDPOINT_SUBMIT_ANIMATION_MS = 500;
/** Declared by the spec and unused by it. */
export const REFRESH_TIMEOUT_MS = 5000;

/** REBOOT_DELAY takes 1 to 1440 minutes (a day): docs/COMMANDS.md. */
export const REBOOT_DELAY_MAX_MINUTES = 1440;
/** The longest delay a Node or browser timer holds (2^31-1 ms, about 24.8 days); beyond it the timer fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** The password-guessing limit (docs/AUTH.md): tries per source address in any rolling window. */
export const PASSWORD_TRIES = { max: 5, windowMs: 60_000 } as const;

/**
 * The 429 reason of the password-guessing limit, and what the console shows, from Retry-After's seconds. Here, not
 * beside the command list, so that the console's API client does not pull the command list into the first route.
 */
export function tooManyGuessesText(seconds: number): string {
  return `Too many wrong passwords: try again in ${seconds} s`;
}

export const LEVEL_BADGE_FROM = 20;
export const DEFAULT_LEVEL = 10;
export const LEVEL_MIN = 0;
export const LEVEL_MAX = 255;

/** The console never has more than this many requests in flight to the device. */
export const MAX_REQUESTS_IN_FLIGHT = 2;

export const BUILD_DEFAULTS = { viteMode: "production", deviceMode: "uhf" } as const;

export const PAGE_TITLE_PREFIX = "TRC | ";
export const PRODUCT_TITLE = "Timing Reader Console";
