// Executing a command: append to history, clear the selection, wait 2 s (SPEC §7), send, record the answer.

import {
  API,
  type AuthType,
  COMMAND_SEND_DELAY_MS,
  type CommandDefinition,
  type ExecuteRequest,
  outcomeFromStatus,
} from "@trc/protocol";
import { send } from "../api/client.ts";
import { errorText } from "../api/errors.ts";
import { sleep } from "../api/sleep.ts";
import { write } from "../api/write.ts";
import { maskedPacket } from "./args.ts";
import { useCommands } from "./commandsStore.ts";
import { bodyText, type HistoryEntry } from "./history.ts";

export interface ExecuteContext {
  authType: AuthType;
  authLevel: number;
  argsValid: boolean;
  /** Defaults to the spec's 2 s. */
  delayMs?: number;
}

/**
 * Records the attempt, waits, sends and records the answer in the history; resolves with the entry on a 2xx answer,
 * throws a `DeviceError` (its status and the device's reason) on any other, or the failure when none came.
 */
export async function executeCommand(
  def: CommandDefinition,
  packet: ExecuteRequest,
  ctx: ExecuteContext,
): Promise<HistoryEntry | undefined> {
  const store = useCommands.getState();
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  store.addEntry({
    id,
    name: def.name,
    cmd: def.cmd,
    args: def.args.map((a, i) => ({
      name: a.name,
      value: maskedPacket(packet, def).args[i] ?? "",
    })),
    shownPacket: JSON.stringify(maskedPacket(packet, def)),
    areAllArgsValid: ctx.argsValid,
    authType: ctx.authType,
    authLevel: ctx.authLevel,
    timeSent: null,
    timeReceived: null,
    responseHeader: "",
    responseBody: "",
    state: "NOTSENT",
    outcome: "PENDING",
  });
  store.select(null);
  await sleep(ctx.delayMs ?? COMMAND_SEND_DELAY_MS);
  store.patchEntry(id, { state: "SENT", timeSent: Date.now() });
  // The history records every answer (and why none came) before the write judges it.
  await write(API.commandExecute, { json: packet }, (path, opts) =>
    send(path, opts).then(
      (answer) => {
        store.patchEntry(id, {
          state: "RECEIVED",
          timeReceived: answer.receivedAt,
          responseHeader: `HTTP ${answer.status}`,
          responseBody: bodyText(answer.body),
          outcome: outcomeFromStatus(answer.status),
        });
        return answer;
      },
      (err: unknown) => {
        store.patchEntry(id, { timeReceived: Date.now(), outcome: "UNKNOWN", responseBody: errorText(err) });
        throw err;
      },
    ),
  );
  return useCommands.getState().history.find((e) => e.id === id);
}
