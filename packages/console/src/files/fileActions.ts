// Deleting a file and refreshing the example file system: the calls of SPEC §7 and how their failures read.
import { API } from "@trc/protocol";
import { errorText } from "../api/errors.ts";
import { write } from "../api/write.ts";

/** The spec's log line for a failed delete (SPEC §8); the page also shows the reason. */
export const DELETE_FAILED_LOG = "Failed to delete file?";

/** What the page shows under a file whose delete failed: the file and the device's words. */
export function deleteFailure(name: string, err: unknown): string {
  return `Could not delete ${name}: ${errorText(err)}`;
}

/** What the page shows when the example file system could not be rebuilt. */
export function refreshFailure(err: unknown): string {
  return `Could not refresh the files: ${errorText(err)}`;
}

/** DELETE file?fileName=…; only a 200 counts as deleted (SPEC §7): any other answer throws a `DeviceError`. */
export async function deleteFile(name: string, base?: string): Promise<void> {
  await write(API.fileDelete(name), { base, method: "DELETE", only: 200 });
}

/** POST dev/refreshFSDB; a 2xx answer means the device rebuilt its example files, any other throws. */
export async function refreshFileSystem(base?: string): Promise<void> {
  await write(API.filesRefresh, { base, method: "POST" });
}
