// Race control's writes (D12: TIMING_START, TIMING_STOP, MARKER and replays) sent at once, with the Commands area's credentials.
import { API, type ExecuteRequest } from "@trc/protocol";
import { write } from "../../api/write.ts";
import { writeCredentials } from "../access/credentials.ts";

/** What the unit answers to a command: `result` in words and the command's own fields (file, n, time...). */
export type RaceAnswer = { result?: unknown } & Record<string, unknown>;

/**
 * Sends `cmd` to the unit at `base` now (no 2 s wait: that is the Commands page's, where a command is picked from a
 * list; here each button names its one command) and resolves with the unit's answer; throws a `DeviceError` otherwise.
 */
export async function sendRaceCommand(
  base: string,
  cmd: string,
  args: readonly string[] = [],
): Promise<RaceAnswer> {
  const packet: ExecuteRequest = { cmd, args: [...args], ...writeCredentials("commands") };
  const answer = await write(API.commandExecute, { base, json: packet });
  const body = answer.body;
  return body !== null && typeof body === "object" ? (body as RaceAnswer) : { result: body };
}
