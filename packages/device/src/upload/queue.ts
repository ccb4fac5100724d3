// What waits to be posted (D14): the sessions with a cursor, oldest first, read from their timing files; the batches,
// the acknowledged cursor, what is left, and UPLOAD_FROM. Its files and cursors are injected (files.ts on the unit).
//
// - Which: every session from the one open when http_url was set on (`follow`), and those UPLOAD_FROM names.
// - Order: a session's passings by number, a session after the one before it (by file number); a batch holds one
//   session's next rows, at most 500 (those that do not parse are passed over, keeping their numbers).
// - Left: each session's whole rows after its cursor, counted from the file as it grows (the new bytes only). The
//   rows a batch took leave Left when the server acknowledged them (`ack`, the cursor on disk first).
// - A file gone (deleted, FS_CLEAR) takes its cursor with it. A file made again under its name (another inode), or
//   shorter than its cursor, is read from its start with the cursor's numbers going on.
// - UPLOAD_FROM moves a cursor back: an answer to a post read before it is not taken (the generation changed).
// - Every call runs after the one before (one chain), so a telemetry read never sees half a step.
import type { UploadPassing } from "@trc/protocol";
import { type Cursor, type CursorStore, sessionNumber } from "./cursor-store.ts";
import { takeRows } from "./rows.ts";

export interface SessionFile {
  name: string;
  size: number;
  /** The file's identity (inode). */
  id: number;
}

/** The unit's timing files: listed, and read by byte range. */
export interface SessionFiles {
  list(): Promise<SessionFile[]>;
  read(name: string, offset: number, length: number): Promise<Uint8Array>;
}

export interface Batch {
  session: string;
  passings: UploadPassing[];
  /** Rows taken (parsed or not): Left falls by this much once acknowledged. */
  rows: number;
  /** The session's cursor once the server acknowledged it. */
  end: Cursor;
  generation: number;
}

interface Counted {
  /** Rows after the cursor counted so far, and the byte after the last one. */
  rows: number;
  scanned: number;
}

const MAX_ROWS = 500;
const CHUNK = 64 * 1024;

export class UploadQueue {
  #files = new Map<string, SessionFile>();
  #counted = new Map<string, Counted>();
  #generation = 0;
  #chain: Promise<unknown> = Promise.resolve();
  #oldest: { key: string; time: number | null } | null = null;

  constructor(
    private readonly files: SessionFiles,
    private readonly cursors: CursorStore,
    private readonly maxRows = MAX_ROWS,
  ) {}

  /** Passings not acknowledged, over every session with a cursor (as of the last refresh). */
  left(): number {
    let left = 0;
    for (const s of this.cursors.sessions()) left += this.#counted.get(s)?.rows ?? 0;
    return left;
  }

  /** Passings acknowledged, over every session with a cursor. */
  acked(): number {
    return this.cursors.sessions().reduce((sum, s) => sum + (this.cursors.get(s)?.n ?? 0), 0);
  }

  /**
   * Sessions from now on are posted as they open: from the open one (null: from the next one); kept when it already
   * was (a reboot with http_url set goes on with the sessions it followed).
   */
  follow(open: string | null): Promise<void> {
    return this.#serial(async () => {
      if (this.cursors.followFrom !== null) return;
      const numbers = (await this.files.list()).map((f) => sessionNumber(f.name) ?? 0);
      const from = open === null ? Math.max(0, ...numbers) + 1 : (sessionNumber(open) ?? 0);
      await this.cursors.setFollowFrom(from);
    });
  }

  /** http_url emptied: sessions that open from now on are not posted (those with a cursor keep it). */
  unfollow(): Promise<void> {
    return this.#serial(() => this.cursors.setFollowFrom(null));
  }

  /** Looks at the files again: gone sessions dropped, new ones followed from their start, the new rows counted. */
  refresh(): Promise<void> {
    return this.#serial(async () => {
      this.#files = new Map((await this.files.list()).map((f) => [f.name, f]));
      for (const session of this.cursors.sessions()) {
        if (!this.#files.has(session)) {
          this.#counted.delete(session);
          await this.cursors.forget(session);
        }
      }
      const from = this.cursors.followFrom;
      for (const file of this.#files.values()) {
        const number = sessionNumber(file.name);
        if (from === null || number === null || number < from || this.cursors.get(file.name)) continue;
        await this.cursors.set(file.name, { n: 0, offset: 0, file: file.id });
      }
      for (const session of this.cursors.sessions()) await this.#count(session);
    });
  }

  /** The next batch (the oldest session with rows left), or null when the server has everything. */
  next(): Promise<Batch | null> {
    return this.#serial(async () => {
      for (const session of this.cursors.sessions()) {
        const counted = this.#counted.get(session);
        const cursor = this.cursors.get(session);
        if (!counted?.rows || !cursor) continue;
        const passings: UploadPassing[] = [];
        let rows = 0;
        let offset = cursor.offset;
        while (rows < this.maxRows && rows < counted.rows) {
          const max = Math.min(this.maxRows, counted.rows) - rows;
          const got = await this.#rows(session, offset, counted.scanned, cursor.n + rows + 1, max, true);
          if (got.bytes === 0) break;
          passings.push(...got.passings);
          rows += got.rows;
          offset += got.bytes;
        }
        if (rows === 0) continue;
        const file = this.#files.get(session)?.id ?? cursor.file;
        return {
          session,
          passings,
          rows,
          end: { n: cursor.n + rows, offset, file },
          generation: this.#generation,
        };
      }
      return null;
    });
  }

  /**
   * The server acknowledged `batch`: its cursor goes on disk; false when UPLOAD_FROM moved it meanwhile, or when the
   * cursor is no longer where the batch was read (it was acknowledged already).
   */
  ack(batch: Batch): Promise<boolean> {
    return this.#serial(async () => {
      const counted = this.#counted.get(batch.session);
      const cursor = this.cursors.get(batch.session);
      if (batch.generation !== this.#generation || !counted) return false;
      // A batch read at another cursor (acknowledged already): taking it again would count its rows off twice.
      if (!cursor || cursor.n !== batch.end.n - batch.rows) return false;
      await this.cursors.set(batch.session, batch.end);
      counted.rows = Math.max(0, counted.rows - batch.rows);
      return true;
    });
  }

  /** The time of the oldest passing not acknowledged (epoch ms by the unit's clock), or null. */
  oldestLeftAt(): Promise<number | null> {
    return this.#serial(async () => {
      const session = this.cursors.sessions().find((s) => this.#counted.get(s)?.rows);
      const cursor = session === undefined ? undefined : this.cursors.get(session);
      if (!session || !cursor) return null;
      const key = `${session}@${cursor.offset}`;
      if (this.#oldest?.key !== key) {
        const end = this.#counted.get(session)?.scanned ?? cursor.offset;
        const first = (await this.#rows(session, cursor.offset, end, cursor.n + 1, 50, true)).passings[0];
        this.#oldest = { key, time: first?.time ?? null };
      }
      return this.#oldest.time;
    });
  }

  /**
   * UPLOAD_FROM: the session's cursor back to passing `from` − 1 (its rows from `from` on go again); a session without
   * a cursor gets one there. The reason when it cannot: no such file, fewer passings, or passings not acknowledged yet
   * (it sends again, it never skips).
   */
  uploadFrom(
    session: string,
    from: number,
  ): Promise<{ ok: true; left: number } | { ok: false; reason: string }> {
    return this.#serial(async () => {
      const file = (await this.files.list()).find((f) => f.name === session);
      if (!file) return { ok: false, reason: `session: there is no timing file named ${session}` };
      const cursor = this.cursors.get(session);
      if (cursor && from - 1 > cursor.n) {
        return {
          ok: false,
          reason: `from: passings ${cursor.n + 1} to ${from - 1} of ${session} are not acknowledged yet; UPLOAD_FROM only sends passings again`,
        };
      }
      let offset = 0;
      let n = 0;
      while (n < from - 1 && offset < file.size) {
        const got = await this.#rows(session, offset, file.size, n + 1, from - 1 - n, false);
        if (got.bytes === 0) break;
        n += got.rows;
        offset += got.bytes;
      }
      if (n < from - 1)
        return { ok: false, reason: `from: ${session} holds ${n} passing${n === 1 ? "" : "s"}` };
      this.#generation++;
      await this.cursors.set(session, { n, offset, file: file.id });
      this.#files.set(session, file);
      this.#counted.set(session, { rows: 0, scanned: offset });
      await this.#count(session);
      return { ok: true, left: this.#counted.get(session)?.rows ?? 0 };
    });
  }

  /** Counts the rows the session's file gained since the last count (from its cursor the first time). */
  async #count(session: string): Promise<void> {
    const file = this.#files.get(session);
    let cursor = this.cursors.get(session);
    if (!file || !cursor) return;
    if ((cursor.file !== 0 && cursor.file !== file.id) || file.size < cursor.offset) {
      // Another file under the session's name: read from its start, its numbers going on from the cursor's.
      cursor = { n: cursor.n, offset: 0, file: file.id };
      await this.cursors.set(session, cursor);
      this.#counted.delete(session);
      this.#generation++;
    }
    let counted = this.#counted.get(session);
    if (!counted || counted.scanned < cursor.offset) {
      counted = { rows: 0, scanned: cursor.offset };
      this.#counted.set(session, counted);
    }
    while (counted.scanned < file.size) {
      const got = await this.#rows(session, counted.scanned, file.size, 1, Number.POSITIVE_INFINITY, false);
      if (got.bytes === 0) break;
      counted.rows += got.rows;
      counted.scanned += got.bytes;
    }
  }

  /** The whole rows of `session` between byte `offset` and `end`, at most `max`, numbered from `firstN`. */
  async #rows(session: string, offset: number, end: number, firstN: number, max: number, parse: boolean) {
    for (let size = CHUNK; ; size *= 2) {
      const length = Math.min(size, end - offset);
      if (length <= 0) return takeRows(new Uint8Array(0), false, firstN, 0);
      const bytes = await this.files.read(session, offset, length);
      const got = takeRows(bytes, offset === 0, firstN, max, parse);
      // No whole row in what was read: a row longer than that (read more), or the file's unfinished end.
      if (got.bytes > 0 || length >= end - offset || bytes.length < length) return got;
    }
  }

  #serial<T>(step: () => Promise<T>): Promise<T> {
    const run = this.#chain.then(step);
    this.#chain = run.catch(() => {});
    return run;
  }
}
