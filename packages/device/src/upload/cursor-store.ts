// The upload's cursors (D14): per session, the last passing the server acknowledged and where its row ends, kept on the
// unit's file system beside the session file (`.timing_0007.csv.upload`: a dot name, so the Files page lists it not).
//
// - A session is posted only while it has a cursor: made for every session from the one open when http_url was set
//   (or the next one) on (`followFrom`, kept as `.upload-follow`, so a session a power cut ended before its cursor
//   was written is still posted after the restart), or by UPLOAD_FROM; earlier sessions are left alone. A cursor
//   written is on disk before `set` resolves (the caller posts nothing more before), so a power cut at any moment
//   costs at most a post sent again.
// - `file` is the timing file's identity (its inode) when the cursor was written: a file deleted and made again under
//   the same name is another file, and its cursor goes on at its start with the numbers it had.
// - A cursor file that does not read back (torn by hand, an unknown shape) counts as the session's start: its
//   passings go again (the server keeps each once), never skipped.

/** Passings 1..n acknowledged; `offset`: the byte after row n's LF (0: nothing yet, the header not passed). */
export interface Cursor {
  n: number;
  offset: number;
  file: number;
}

/** The folder the cursors live in: names, and small files written whole (atomically). */
export interface CursorFiles {
  names(): Promise<string[]>;
  read(name: string): Promise<string | null>;
  write(name: string, text: string): Promise<void>;
  remove(name: string): Promise<void>;
}

const SUFFIX = ".upload";
export const cursorName = (session: string) => `.${session}${SUFFIX}`;
/** Where the number of the first session to post lives. */
export const FOLLOW_FILE = ".upload-follow";

/** A timing file's number (timing_0007.csv → 7), or null for a name without one. */
export function sessionNumber(name: string): number | null {
  const m = /^timing_(\d{1,9})\.csv$/i.exec(name);
  return m ? Number(m[1]) : null;
}

/** The session a cursor file is for, or null for another file. */
export function sessionOfCursor(name: string): string | null {
  return /^\.(timing_[^/\\]+\.csv)\.upload$/i.exec(name)?.[1] ?? null;
}

const whole = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** A cursor file's text as a cursor; anything else is the session's start. */
export function parseCursor(text: string | null): Cursor {
  try {
    const v = JSON.parse(text ?? "") as Partial<Cursor>;
    if (whole(v.n) && whole(v.offset) && whole(v.file)) return { n: v.n, offset: v.offset, file: v.file };
  } catch {
    // the session's start
  }
  return { n: 0, offset: 0, file: 0 };
}

/** The follow file's first session; one that does not read back follows every session (nothing is left out). */
function parseFollow(text: string | null): number {
  try {
    const from = (JSON.parse(text ?? "") as { from?: unknown }).from;
    return whole(from) ? from : 0;
  } catch {
    return 0;
  }
}

/** Timing files by their number, then name (session order). */
export function bySession(a: string, b: string): number {
  const num = (s: string) => Number(/(\d+)/.exec(s)?.[1] ?? Number.POSITIVE_INFINITY);
  return num(a) - num(b) || (a < b ? -1 : a > b ? 1 : 0);
}

export class CursorStore {
  readonly #cursors = new Map<string, Cursor>();
  #followFrom: number | null = null;

  private constructor(private readonly files: CursorFiles) {}

  /** Reads every cursor in the folder. */
  static async open(files: CursorFiles): Promise<CursorStore> {
    const store = new CursorStore(files);
    for (const name of await files.names()) {
      const session = sessionOfCursor(name);
      if (session) store.#cursors.set(session, parseCursor(await files.read(name)));
      if (name === FOLLOW_FILE) store.#followFrom = parseFollow(await files.read(name));
    }
    return store;
  }

  /** The number of the first session posted as it opens (null: none is, http_url is empty). */
  get followFrom(): number | null {
    return this.#followFrom;
  }

  /** Sessions numbered `from` on are posted as they open (null: none); on disk before it resolves. */
  async setFollowFrom(from: number | null): Promise<void> {
    if (from === this.#followFrom) return;
    if (from === null) await this.files.remove(FOLLOW_FILE);
    else await this.files.write(FOLLOW_FILE, `${JSON.stringify({ from })}\n`);
    this.#followFrom = from;
  }

  get(session: string): Cursor | undefined {
    return this.#cursors.get(session);
  }

  /** The sessions with a cursor, in session order. */
  sessions(): string[] {
    return [...this.#cursors.keys()].sort(bySession);
  }

  /** Writes a session's cursor; resolves once it is on disk (then it holds in memory too). */
  async set(session: string, cursor: Cursor): Promise<void> {
    await this.files.write(cursorName(session), `${JSON.stringify(cursor)}\n`);
    this.#cursors.set(session, { ...cursor });
  }

  /** The session is gone (its file deleted): so is its cursor. */
  async forget(session: string): Promise<void> {
    if (!this.#cursors.delete(session)) return;
    await this.files.remove(cursorName(session));
  }
}
