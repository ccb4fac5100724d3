// Deleting a file and refreshing the example file system: the calls of SPEC §7 and how their answers read.
import { API } from "@trc/protocol";
import { send } from "../api/client.ts";
import { DeviceError, errorText } from "../api/errors.ts";

/** The spec's log line for a failed delete (SPEC §8); the page also shows the reason. */
export const DELETE_FAILED_LOG = "Failed to delete file?";

export type ActionOutcome = { ok: true } | { ok: false; reason: string };

/** Only a 200 counts as deleted (SPEC §7); anything else carries the device's reason. */
export function deleteOutcome(name: string, status: number, body: unknown): ActionOutcome {
  if (status === 200) return { ok: true };
  return { ok: false, reason: `Could not delete ${name}: ${DeviceError.http(status, body).message}` };
}

/** A 2xx answer means the device rebuilt its example files; the page then reloads. */
export function refreshOutcome(status: number, body: unknown): ActionOutcome {
  if (status >= 200 && status < 300) return { ok: true };
  return { ok: false, reason: `Could not refresh the files: ${DeviceError.http(status, body).message}` };
}

/** DELETE file?fileName=…; a failure is logged as the spec says and returned for the page to show. */
export async function deleteFile(name: string, base?: string): Promise<ActionOutcome> {
  let outcome: ActionOutcome;
  try {
    const answer = await send(API.fileDelete(name), { base, method: "DELETE", priority: 1 });
    outcome = deleteOutcome(name, answer.status, answer.body);
  } catch (err) {
    outcome = { ok: false, reason: `Could not delete ${name}: ${errorText(err)}` };
  }
  if (!outcome.ok) console.warn(DELETE_FAILED_LOG, outcome.reason);
  return outcome;
}

/** POST dev/refreshFSDB. */
export async function refreshFileSystem(base?: string): Promise<ActionOutcome> {
  try {
    const answer = await send(API.filesRefresh, { base, method: "POST", priority: 1 });
    return refreshOutcome(answer.status, answer.body);
  } catch (err) {
    return { ok: false, reason: `Could not refresh the files: ${errorText(err)}` };
  }
}
