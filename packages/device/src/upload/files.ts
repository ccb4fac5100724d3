// The upload's files on the unit's file system (the data folder's files/): the timing files by byte range, and the
// cursors beside them, written atomically (temp file, fsync, rename, fsync of the folder).
import { constants } from "node:fs";
import { lstat, open, readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { isTempName, writeFileAtomic } from "../state/atomic-file.ts";
import { isTimingFile } from "../state/file-system.ts";
import type { CursorFiles } from "./cursor-store.ts";
import type { SessionFile, SessionFiles } from "./queue.ts";

/** The timing files of `dir` (regular files only; a folder that cannot be read is an error, not an empty list). */
export function sessionFiles(dir: string): SessionFiles {
  return {
    async list() {
      const out: SessionFile[] = [];
      for (const name of await readdir(dir)) {
        if (!isTimingFile(name) || isTempName(name)) continue;
        const info = await lstat(join(dir, name)).catch(() => null);
        if (info?.isFile()) out.push({ name, size: info.size, id: info.ino });
      }
      return out;
    },
    async read(name, offset, length) {
      const handle = await open(join(dir, name), constants.O_RDONLY | constants.O_NOFOLLOW);
      try {
        const buffer = Buffer.alloc(Math.max(0, length));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
  };
}

/** The cursor files of `dir`. */
export function cursorFiles(dir: string): CursorFiles {
  return {
    // A folder not there yet holds no cursor.
    names: () =>
      readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      }),
    read: (name) => readFile(join(dir, name), "utf8").catch(() => null),
    write: (name, text) => writeFileAtomic(join(dir, name), text),
    remove: (name) => rm(join(dir, name), { force: true }),
  };
}
