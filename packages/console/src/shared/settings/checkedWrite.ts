// The conflict-checked write of one setting (issue 22): the unit's value read again just before, compared with the value
// the operator saw, sent only when nothing is lost; its result in the Configuration page's words. Used by the page's
// Submit and by a profile's Apply and Undo; pure: the read and the set are the caller's.
import type { ConfigValue } from "@trc/protocol";
import { errorText } from "../../api/errors.ts";
import { type Conflict, findConflict } from "./conflict.ts";
import { failedResult, noAnswerResult, type SaveResult, saveResult } from "./saveResult.ts";

export interface PlannedWrite {
  setting: string;
  value: ConfigValue;
  /** The unit's value the operator saw (the page when editing began, a profile when the differences were read). */
  expected: ConfigValue | undefined;
}

/** What the value read just before says of a write: send it, it is there already, or someone changed it meanwhile. */
export type Check =
  | { status: "send"; before: ConfigValue | undefined }
  | { status: "unchanged"; before: ConfigValue | undefined }
  | { status: "conflict"; before: ConfigValue | undefined; conflict: Conflict };

/**
 * Checks `write` against `now`, the unit's value just read: a conflict when it is neither the value the operator saw
 * nor the one being sent. A unit already holding the value is `unchanged` (nothing sent), unless `sendSame` (the
 * Configuration page sends it all the same: its Submit always ends in the unit's answer).
 */
export function checkWrite(
  write: PlannedWrite,
  now: ConfigValue | undefined,
  { sendSame = false }: { sendSame?: boolean } = {},
): Check {
  const conflict = findConflict(write.expected, now, write.value);
  if (conflict) return { status: "conflict", before: now, conflict };
  if (!sendSame && Object.is(now, write.value)) return { status: "unchanged", before: now };
  return { status: "send", before: now };
}

/** The unit's values could not be read first: nothing is sent, and this says why. */
export function notReadResult(err: unknown): SaveResult {
  return noAnswerResult(`Not sent: could not read the unit's value first (${errorText(err)})`);
}

/** How a sent write ended: set (200), refused (another answer), or no answer. */
export type SentStatus = "applied" | "refused" | "unreachable";

export function sentStatus(result: SaveResult): SentStatus {
  return result.ok ? "applied" : result.code === 0 ? "unreachable" : "refused";
}

/**
 * Sends one write through `set` (a set that resolves with the unit's answer on a 200 and throws a `DeviceError`
 * otherwise, api/write.ts) and gives its result; never throws.
 */
export function sendWrite(set: () => Promise<{ status: number; body: unknown }>): Promise<SaveResult> {
  return set().then((answer) => saveResult(answer.status, answer.body), failedResult);
}
