// A command sent at once with the Commands area's credentials: race control's (TIMING_START, TIMING_STOP, MARKER, the
// replays) on the Timing page, and REBOOT to each unit of the fleet's "Restart these units".
import { API, type ExecuteRequest } from "@trc/protocol";
import { write } from "../../api/write.ts";
import { writeCredentials } from "../access/credentials.ts";

/** What the unit answers to a command: `result` in words and the command's own fields (file, n, time...). */
export type CommandAnswer = { result?: unknown } & Record<string, unknown>;

/**
 * Sends `cmd` to the unit at `base` now (no 2 s wait: that is the Commands page's, where a command is picked from a
 * list; here each button names its one command) and resolves with the unit's answer; throws a `DeviceError` otherwise.
 */
export async function sendCommandNow(
  base: string,
  cmd: string,
  args: readonly string[] = [],
): Promise<CommandAnswer> {
  const packet: ExecuteRequest = { cmd, args: [...args], ...writeCredentials("commands") };
  const answer = await write(API.commandExecute, { base, json: packet });
  const body = answer.body;
  return body !== null && typeof body === "object" ? (body as CommandAnswer) : { result: body };
}
