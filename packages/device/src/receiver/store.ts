// The receiver's store: each (device, session, n) kept once, in a file per session (`<dir>/<device>/<session>.txt`,
// one line a passing in D14's text format, in the order they arrived); a repeat changes nothing and is counted.
// The files are read back at start, so a receiver started again still knows what it has.
import { appendFile, mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseUploadText, type UploadPassing, uploadTextLine } from "@trc/protocol";

/** A device's or a session's name as a file name: letters, digits, `.`, `_` and `-`; anything else as `_`. */
export function safeName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\.+/, "_");
  return safe.slice(0, 100) || "_";
}

export interface Stored {
  /** Passings kept now for the first time. */
  fresh: number;
  /** Passings it had already (a post that came again). */
  repeats: number;
}

export class ReceiverStore {
  /** Per device, per session: the numbers kept. */
  readonly #kept = new Map<string, Map<string, Set<number>>>();
  #writes: Promise<void> = Promise.resolve();

  private constructor(readonly dir: string) {}

  /** Opens `dir` (made when missing) and reads back what it kept. */
  static async open(dir: string): Promise<ReceiverStore> {
    await mkdir(dir, { recursive: true });
    const store = new ReceiverStore(dir);
    for (const device of await readdir(dir, { withFileTypes: true })) {
      if (!device.isDirectory()) continue;
      for (const file of await readdir(join(dir, device.name))) {
        if (!file.endsWith(".txt")) continue;
        const text = await readFile(join(dir, device.name, file), "utf8");
        const parsed = parseUploadText(text.slice(0, text.lastIndexOf("\n") + 1), Number.POSITIVE_INFINITY);
        const numbers = store.#numbers(device.name, file.slice(0, -4));
        if (parsed.ok) for (const p of parsed.passings) numbers.add(p.n);
      }
    }
    return store;
  }

  /** Keeps the passings not kept yet (their lines appended to the session's file before this resolves). */
  async keep(device: string, session: string, passings: readonly UploadPassing[]): Promise<Stored> {
    const numbers = this.#numbers(safeName(device), safeName(session));
    const post = new Set<number>();
    const fresh = passings.filter((p) => !numbers.has(p.n) && !post.has(p.n) && post.add(p.n));
    const repeats = passings.length - fresh.length;
    if (fresh.length) {
      const folder = join(this.dir, safeName(device));
      const file = join(folder, `${safeName(session)}.txt`);
      const text = fresh.map(uploadTextLine).join("");
      const write = this.#writes.then(async () => {
        await mkdir(folder, { recursive: true });
        await appendFile(file, text);
      });
      this.#writes = write.catch(() => {});
      await write;
      // Known as kept once on disk: a write that failed is answered 500 and the unit posts them again.
      for (const n of post) numbers.add(n);
    }
    return { fresh: fresh.length, repeats };
  }

  /** The numbers kept of one session (a copy). */
  numbers(device: string, session: string): Set<number> {
    return new Set(this.#kept.get(safeName(device))?.get(safeName(session)) ?? []);
  }

  /** The passings kept of one session, as its file holds them (in the order they came). */
  async passings(device: string, session: string): Promise<UploadPassing[]> {
    await this.#writes;
    const file = join(this.dir, safeName(device), `${safeName(session)}.txt`);
    const parsed = parseUploadText(await readFile(file, "utf8").catch(() => ""), Number.POSITIVE_INFINITY);
    return parsed.ok ? parsed.passings : [];
  }

  /** Every session kept: device, session and how many passings. */
  sessions(): { device: string; session: string; passings: number }[] {
    return [...this.#kept].flatMap(([device, sessions]) =>
      [...sessions].map(([session, numbers]) => ({ device, session, passings: numbers.size })),
    );
  }

  #numbers(device: string, session: string): Set<number> {
    const sessions = this.#kept.get(device) ?? new Map<string, Set<number>>();
    this.#kept.set(device, sessions);
    const numbers = sessions.get(session) ?? new Set<number>();
    sessions.set(session, numbers);
    return numbers;
  }
}
