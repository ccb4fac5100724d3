// What UPLOAD_FROM (D14, with race control's commands) does on the unit: a session's passings go to the server again.

import { checkFileName } from "../state/file-system.ts";
import type { Upload } from "../upload/upload.ts";
import { type CommandOutcome, refuse } from "./outcome.ts";

/** What the upload command uses of the unit. */
export interface UploadCommandUnit {
  readonly upload: Pick<Upload, "uploadFrom">;
}

/** The outcome of UPLOAD_FROM (its arguments trimmed and checked against their formats), or null for another command. */
export async function runUploadCommand(
  unit: UploadCommandUnit,
  cmd: string,
  args: readonly string[],
): Promise<CommandOutcome | null> {
  if (cmd !== "UPLOAD_FROM") return null;
  const [session = "", from = ""] = args;
  const name = checkFileName(session);
  if (!name.ok) return refuse(`session: ${name.reason}`);
  const n = Number(from);
  if (!Number.isSafeInteger(n) || n < 1) return refuse("from: a passing's number in its session, from 1");
  const moved = await unit.upload.uploadFrom(name.name, n);
  if (!moved.ok) return refuse(moved.reason);
  const off = moved.off ? "; http_url is empty: the posts begin once it is set" : "";
  return {
    ok: true,
    result: `${name.name}: passings from ${n} on go to the server again (${moved.left} to send)${off}`,
    extra: { session: name.name, from: n, left: moved.left },
  };
}
