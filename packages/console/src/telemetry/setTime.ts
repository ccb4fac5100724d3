// Set device time (issue 13): TIME_MANUAL with the browser's UTC time, computed when the request actually leaves.
import { API, COMMAND_SEND_DELAY_MS, findCommand, toManualTimeArg } from "@trc/protocol";
import type { RawAnswer } from "../api/client.ts";
import { preciseNow } from "../api/preciseNow.ts";
import { sleep } from "../api/sleep.ts";
import { write } from "../api/write.ts";
import { levelAllows, writeCredentials } from "../shared/access/credentials.ts";

export const SET_TIME_QUESTION =
  "Set the unit's clock to this browser's time? Passings read during the change may carry either time.";
export const TIME_MANUAL = "TIME_MANUAL";
/** The level TIME_MANUAL needs (D4: 5). */
export const TIME_MANUAL_LEVEL = findCommand(TIME_MANUAL)?.perm ?? 5;

/** The argument that makes the unit land on the browser's time: now plus the one-way delay, as YYMMDDHHMMSSmmm. */
export function manualTimeValue(browserNowMs: number, oneWayMs: number): string {
  return toManualTimeArg(new Date(Math.round(browserNowMs + oneWayMs)));
}

/** Why the button is disabled, or null when it may be pressed. */
export function setTimeBlock(i: {
  level: number;
  useAuth: boolean;
  allowRegardless: boolean;
  synced: boolean;
}): string | null {
  if (!levelAllows({ ...i, perm: TIME_MANUAL_LEVEL }))
    return `Setting the time needs level ${TIME_MANUAL_LEVEL}; the current level is ${i.level}`;
  if (!i.synced) return "Needs a clock sync first (Requery)";
  return null;
}

export interface SetTimeOptions {
  /** The one-way delay the last sync estimated, ms. */
  oneWayMs: number;
  /** The unit (default: the configured one). */
  base?: string;
  /** Default: the spec's 2 s execute delay. */
  delayMs?: number;
  /** The naive set (for the benchmark): the time is taken at the click, as a user typing it would. */
  naive?: boolean;
  now?: () => number;
}

/**
 * Waits the execute delay, then sends TIME_MANUAL (with credentials when the commands area uses them); the value is
 * computed when the request leaves the gate. A refusal throws a `DeviceError` with the unit's reason.
 */
export async function setDeviceTime(o: SetTimeOptions): Promise<{ answer: RawAnswer; value: string }> {
  const now = o.now ?? preciseNow;
  const atClick = o.naive ? manualTimeValue(now(), 0) : null;
  await sleep(o.delayMs ?? COMMAND_SEND_DELAY_MS);
  let value = "";
  const answer = await write(API.commandExecute, {
    ...(o.base ? { base: o.base } : {}),
    json: () => {
      value = atClick ?? manualTimeValue(now(), o.oneWayMs);
      return { cmd: TIME_MANUAL, args: [value], ...writeCredentials("commands") };
    },
  });
  return { answer, value };
}
