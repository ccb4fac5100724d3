// Crash-safe files: write a temp file, fsync it, rename it over the target, fsync the folder.
import { randomBytes } from "node:crypto";
import { open, readdir, readFile, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

const TEMP_MARK = ".tmp-";

/** fsync a folder so a rename inside it survives a power cut. */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Replaces `path` with `data` so that a reader (or a crash) sees either the old or the new content, never a mix. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `${TEMP_MARK}${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}`);
  const handle = await open(temp, "w", 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => {});
    await rm(temp, { force: true });
    throw err;
  }
  await handle.close();
  try {
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  await syncDir(dir);
}

/** Removes temp files a crash left behind in `dir`. */
export async function removeStaleTemps(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names.filter((n) => n.startsWith(TEMP_MARK)).map((n) => rm(join(dir, n), { force: true })),
  );
}

export function isTempName(name: string): boolean {
  return name.startsWith(TEMP_MARK);
}

/** Reads a JSON file; `undefined` when it is missing, and a warning (then `undefined`) when it cannot be read. */
export async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    process.stderr.write(`device: ${basename(path)} is not valid JSON; using defaults\n`);
    return undefined;
  }
}

/**
 * One JSON document on disk with its value in memory. Saves are serialised and always write the latest value,
 * so an older snapshot can never land after a newer one; `save()` resolves once the value is on disk.
 */
export class JsonDocument<T> {
  #value: T;
  #chain: Promise<void> = Promise.resolve();

  constructor(
    readonly path: string,
    initial: T,
  ) {
    this.#value = initial;
  }

  get value(): T {
    return this.#value;
  }

  /** Sets the value in memory and writes it to disk; if the write fails, the old value stays. */
  async set(value: T): Promise<void> {
    const previous = this.#value;
    this.#value = value;
    try {
      await this.save();
    } catch (err) {
      if (this.#value === value) this.#value = previous;
      throw err;
    }
  }

  save(): Promise<void> {
    const run = this.#chain.then(() =>
      writeFileAtomic(this.path, `${JSON.stringify(this.#value, null, 2)}\n`),
    );
    this.#chain = run.catch(() => {});
    return run;
  }

  /** Resolves once every save asked for so far has finished. */
  flushed(): Promise<void> {
    return this.#chain;
  }
}
