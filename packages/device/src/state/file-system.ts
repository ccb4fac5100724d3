// The unit's file system: real files in <dataDir>/files, with strict file-name checks so no path leaves the folder.
import { constants } from "node:fs";
import { link, lstat, open, readdir, readFile, rm, unlink } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { escapeControlChars, type FileEntry } from "@trc/protocol";
import { isTempName, syncDir, writeFileAtomic } from "./atomic-file.ts";
import { exampleFiles, freeExampleName } from "./example-files.ts";

export const MAX_FILE_NAME = 128;

export type NameCheck = { ok: true; name: string } | { ok: false; reason: string };

/** A plain file name only (the query value is already URL-decoded): no folders, no "..", no NUL, 1..128 chars. */
export function checkFileName(raw: string | undefined | null): NameCheck {
  if (raw === undefined || raw === null || raw === "") return { ok: false, reason: "fileName is required" };
  if (raw.length > MAX_FILE_NAME)
    return { ok: false, reason: `fileName is longer than ${MAX_FILE_NAME} characters` };
  if (raw.includes("\0")) return { ok: false, reason: "fileName contains a NUL character" };
  if (raw.includes("/") || raw.includes("\\"))
    return { ok: false, reason: "fileName must not contain folders" };
  if (raw.includes("..")) return { ok: false, reason: 'fileName must not contain ".."' };
  if (raw.startsWith(".")) return { ok: false, reason: 'fileName must not start with "."' };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(raw)) return { ok: false, reason: "fileName contains control characters" };
  if (/^[a-zA-Z]:/.test(raw)) return { ok: false, reason: "fileName must not be a drive path" };
  return { ok: true, name: raw };
}

export const isTimingFile = (name: string) => /^timing_.*\.csv$/i.test(name);
export const isLogFile = (name: string) => /\.log$/i.test(name);

export class FileSystem {
  constructor(readonly dir: string) {}

  /** The absolute path of a checked name, verified to sit directly inside the folder. */
  private pathOf(name: string): string | null {
    const path = resolve(this.dir, name);
    return dirname(path) === resolve(this.dir) && path.startsWith(resolve(this.dir) + sep) ? path : null;
  }

  async list(): Promise<FileEntry[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const entries: FileEntry[] = [];
    for (const name of names.sort()) {
      if (isTempName(name) || name.startsWith(".")) continue;
      const info = await lstat(join(this.dir, name)).catch(() => null);
      if (info?.isFile()) entries.push({ name, size: info.size });
    }
    return entries;
  }

  /** The bytes of a regular file inside the folder, or null when there is none by that name. */
  async read(name: string): Promise<Buffer | null> {
    const path = this.pathOf(name);
    if (!path) return null;
    const info = await lstat(path).catch(() => null);
    if (!info?.isFile()) return null;
    return readFile(path);
  }

  async remove(name: string): Promise<boolean> {
    const path = this.pathOf(name);
    if (!path) return false;
    const info = await lstat(path).catch(() => null);
    if (!info?.isFile()) return false;
    await rm(path, { force: true });
    return true;
  }

  /** Deletes every file whose name matches; answers the names deleted. */
  async removeWhere(match: (name: string) => boolean): Promise<string[]> {
    const deleted: string[] = [];
    for (const { name } of await this.list()) {
      if (match(name) && (await this.remove(name))) deleted.push(name);
    }
    return deleted;
  }

  /**
   * Adds the example timing files and status log under names no file has (timing_0004.csv, status_example.log...):
   * a file the unit wrote is never changed. Each is written aside and linked into place, which fails on a taken name.
   * `now` is the unit's host clock: the examples' passings end there.
   */
  async writeExamples(now: number): Promise<string[]> {
    const written: string[] = [];
    for (const [wanted, content] of Object.entries(exampleFiles(now))) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const taken = new Set(
          (await readdir(this.dir).catch(() => [] as string[])).map((n) => n.toLowerCase()),
        );
        const name = freeExampleName(wanted, (n) => taken.has(n.toLowerCase()));
        const aside = join(this.dir, `.example-${process.pid}-${now}-${written.length}.tmp`);
        await writeFileAtomic(aside, content);
        try {
          await link(aside, join(this.dir, name));
          written.push(name);
          break;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
        } finally {
          await unlink(aside).catch(() => {});
        }
      }
    }
    return written;
  }

  /** Appends one line to a log, its control characters escaped: a value in it cannot start a forged line. */
  appendLogLine(name: string, line: string): Promise<void> {
    return this.append(name, `${escapeControlChars(line)}\n`);
  }

  /**
   * Adds text at the end of a file, made when missing (`header` first then), as a decoder's storage does: what is
   * there is neither read nor rewritten (a timing file grows over a whole race; its writes cost the new rows only), the
   * rows reach the disk before this resolves, and a crash can cost at most the unfinished last write (readers skip a
   * torn last row). A link in the file's place is refused (O_NOFOLLOW), so no write leaves the folder.
   */
  async append(name: string, text: string, header = ""): Promise<void> {
    const path = this.pathOf(name);
    if (!path) return;
    const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW;
    // Made here only if this open creates it (O_EXCL): of appends at once to a missing file, one writes the header.
    let made = true;
    const handle = await open(path, flags | constants.O_CREAT | constants.O_EXCL, 0o600).catch((err) => {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      made = false;
      return open(path, flags);
    });
    try {
      await handle.appendFile(made ? header + text : text);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    if (made) await syncDir(this.dir);
  }
}
