// Unit tests of what waits to be posted (D14) over in-memory files: rows from the timing files by byte offset, batches
// in order, the cursor kept before the next, Left, sessions followed or left alone, files gone or made again, UPLOAD_FROM.
import { describe, expect, it } from "vitest";
import { TIMING_FILE_HEADER, timingRow } from "../timing/session.ts";
import { type CursorFiles, CursorStore, cursorName, parseCursor, sessionOfCursor } from "./cursor-store.ts";
import { type SessionFiles, UploadQueue } from "./queue.ts";
import { takeRows } from "./rows.ts";

const T0 = Date.UTC(2026, 4, 17, 9, 0, 0);
const row = (i: number) =>
  timingRow({
    n: i,
    tag: `2000${String(i).padStart(2, "0")}`,
    bib: "",
    time: T0 + i * 1000,
    ant: i % 3,
    rssi: -60,
    reads: 3,
  });

/** An in-memory folder: timing files (bytes and an inode) and cursor files (text). */
function folder() {
  const files = new Map<string, { text: string; id: number }>();
  const cursors = new Map<string, string>();
  let ino = 100;
  const sessionFiles: SessionFiles = {
    list: async () => [...files].map(([name, f]) => ({ name, size: Buffer.byteLength(f.text), id: f.id })),
    read: async (name, offset, length) => {
      const f = files.get(name);
      if (!f) throw new Error(`ENOENT ${name}`);
      return Buffer.from(f.text).subarray(offset, offset + length);
    },
  };
  const cursorFiles: CursorFiles = {
    names: async () => [...cursors.keys(), ...files.keys()],
    read: async (name) => cursors.get(name) ?? null,
    write: async (name, text) => {
      cursors.set(name, text);
    },
    remove: async (name) => {
      cursors.delete(name);
    },
  };
  return {
    files,
    cursors,
    sessionFiles,
    cursorFiles,
    /** A timing file with its header and rows from..to (appended to one that exists). */
    write(name: string, from = 0, to = 0, tail = "") {
      const f = files.get(name) ?? { text: `${TIMING_FILE_HEADER}\n`, id: ino++ };
      for (let i = from; i <= to && from > 0; i++) f.text += row(i);
      f.text += tail;
      files.set(name, f);
    },
    async queue(maxRows = 3) {
      return new UploadQueue(sessionFiles, await CursorStore.open(cursorFiles), maxRows);
    },
  };
}

describe("rows", () => {
  it("whole rows only, the header skipped at the start, unparseable rows numbered and passed over", () => {
    const text = `${TIMING_FILE_HEADER}\n${row(1)}garbage\n${timingRow({ n: 3, tag: "MARKER", bib: "", time: T0, ant: null, rssi: null, reads: 0 })}${row(4).slice(0, 10)}`;
    const got = takeRows(Buffer.from(text), true, 1, 10);
    expect(got.rows).toBe(3);
    expect(got.passings.map((p) => [p.n, p.tag, p.ant, p.rssi])).toEqual([
      [1, "200001", 2, -60],
      [3, "MARKER", 0, null],
    ]);
    expect(got.bytes).toBe(text.lastIndexOf("\n") + 1);
    expect(takeRows(Buffer.from(text), true, 1, 2).rows).toBe(2);
    expect(takeRows(Buffer.from("tag,bib"), true, 1, 2)).toEqual({ passings: [], rows: 0, bytes: 0 });
  });
});

describe("cursor files", () => {
  it("are dot names beside the session; anything unreadable is the session's start", () => {
    expect(cursorName("timing_0007.csv")).toBe(".timing_0007.csv.upload");
    expect(sessionOfCursor(".timing_0007.csv.upload")).toBe("timing_0007.csv");
    expect(sessionOfCursor("timing_0007.csv")).toBeNull();
    expect(sessionOfCursor(".status.log.upload")).toBeNull();
    expect(parseCursor('{"n":5,"offset":120,"file":9}')).toEqual({ n: 5, offset: 120, file: 9 });
    for (const bad of [null, "", "{", '{"n":-1,"offset":0,"file":0}', '{"n":1.5,"offset":0,"file":0}', "[]"])
      expect(parseCursor(bad)).toEqual({ n: 0, offset: 0, file: 0 });
  });
});

describe("the queue", () => {
  it("follows the open session from its start; a session without a cursor is left alone", async () => {
    const f = folder();
    f.write("timing_0001.csv", 1, 4);
    f.write("timing_0002.csv", 1, 2);
    const q = await f.queue();
    await q.refresh();
    expect(await q.next()).toBeNull();
    expect(q.left()).toBe(0);
    await q.follow("timing_0002.csv");
    await q.refresh();
    expect(f.cursors.get(".upload-follow")).toBe('{"from":2}\n');
    expect(f.cursors.get(".timing_0002.csv.upload")).toBe('{"n":0,"offset":0,"file":101}\n');
    expect(f.cursors.has(".timing_0001.csv.upload")).toBe(false);
    expect(q.left()).toBe(2);
    const batch = await q.next();
    expect(batch?.session).toBe("timing_0002.csv");
    expect(batch?.passings.map((p) => p.n)).toEqual([1, 2]);
    // A session that opens later is followed too, even after a reopen (a power cut before its cursor was written).
    f.write("timing_0003.csv", 1, 1);
    const again = await f.queue();
    await again.follow(null);
    await again.refresh();
    expect(again.left()).toBe(3);
    // http_url emptied: the next session is not.
    await again.unfollow();
    expect(f.cursors.has(".upload-follow")).toBe(false);
    f.write("timing_0004.csv", 1, 1);
    await again.refresh();
    expect(again.left()).toBe(3);
  });

  it("a batch acknowledged twice counts its rows off once (what is left is not lost)", async () => {
    const f = folder();
    f.write("timing_0001.csv", 1, 5);
    const q = await f.queue(2);
    await q.follow("timing_0001.csv");
    await q.refresh();
    const batch = await q.next();
    expect(batch?.passings.map((p) => p.n)).toEqual([1, 2]);
    if (!batch) throw new Error("no batch");
    expect(await q.ack(batch)).toBe(true);
    expect(await q.ack(batch)).toBe(false);
    expect(q.left()).toBe(3);
    expect((await q.next())?.passings.map((p) => p.n)).toEqual([3, 4]);
  });

  it("set with no session open, it follows from the next session", async () => {
    const f = folder();
    f.write("timing_0003.csv", 1, 2);
    const q = await f.queue();
    await q.follow(null);
    f.write("timing_0004.csv", 1, 1);
    await q.refresh();
    expect(q.left()).toBe(1);
    expect((await q.next())?.session).toBe("timing_0004.csv");
  });

  it("batches of at most maxRows in order, Left falling only once acknowledged, the cursor on disk", async () => {
    const f = folder();
    f.write("timing_0004.csv", 1, 7, row(8).slice(0, 12));
    const q = await f.queue(3);
    await q.follow("timing_0004.csv");
    await q.refresh();
    expect(q.left()).toBe(7);
    const seen: number[][] = [];
    for (let batch = await q.next(); batch; batch = await q.next()) {
      seen.push(batch.passings.map((p) => p.n));
      // Read again before the answer: the same batch.
      expect((await q.next())?.passings.map((p) => p.n)).toEqual(seen.at(-1));
      expect(await q.ack(batch)).toBe(true);
      expect(parseCursor(f.cursors.get(".timing_0004.csv.upload") ?? null)).toEqual(batch.end);
    }
    expect(seen).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect([q.left(), q.acked()]).toEqual([0, 7]);
    // The torn row becomes a row once its LF comes (the rest of it written).
    const f4 = f.files.get("timing_0004.csv");
    if (f4) f4.text += `${row(8).slice(12)}${row(9)}`;
    await q.follow("timing_0004.csv");
    await q.refresh();
    expect(q.left()).toBe(2);
    expect((await q.next())?.passings.map((p) => [p.n, p.tag])).toEqual([
      [8, "200008"],
      [9, "200009"],
    ]);
  });

  it("goes on from its cursors after a reopen (a reboot), sessions oldest first", async () => {
    const f = folder();
    f.write("timing_0010.csv", 1, 2);
    f.write("timing_0009.csv", 1, 5);
    let q = await f.queue(2);
    await q.follow("timing_0009.csv");
    await q.refresh();
    await q.follow("timing_0010.csv");
    await q.refresh();
    const first = await q.next();
    expect(first?.session).toBe("timing_0009.csv");
    if (first) await q.ack(first);
    q = await f.queue(2);
    await q.refresh();
    expect([q.left(), q.acked()]).toEqual([5, 2]);
    const order: string[] = [];
    for (let b = await q.next(); b; b = await q.next()) {
      order.push(`${b.session}:${b.passings.map((p) => p.n).join(",")}`);
      await q.ack(b);
    }
    expect(order).toEqual(["timing_0009.csv:3,4", "timing_0009.csv:5", "timing_0010.csv:1,2"]);
  });

  it("a file deleted takes its cursor; a file made again under the name is read from its start, numbers going on", async () => {
    const f = folder();
    f.write("timing_0003.csv", 1, 3);
    const q = await f.queue(10);
    await q.follow("timing_0003.csv");
    await q.refresh();
    const b = await q.next();
    if (b) await q.ack(b);
    f.files.delete("timing_0003.csv");
    f.write("timing_0003.csv", 1, 2);
    await q.follow("timing_0003.csv");
    await q.refresh();
    expect(q.left()).toBe(2);
    expect((await q.next())?.passings.map((p) => [p.n, p.tag])).toEqual([
      [4, "200001"],
      [5, "200002"],
    ]);
    f.files.delete("timing_0003.csv");
    await q.refresh();
    expect(f.cursors.has(".timing_0003.csv.upload")).toBe(false);
    expect(q.left()).toBe(0);
  });

  it("UPLOAD_FROM goes back (an answer to a batch read before is not taken), never forward, within the file", async () => {
    const f = folder();
    f.write("timing_0005.csv", 1, 6);
    f.write("timing_0001.csv", 1, 3);
    const q = await f.queue(4);
    await q.follow("timing_0005.csv");
    await q.refresh();
    const b1 = await q.next();
    if (b1) await q.ack(b1);
    const inFlight = await q.next();
    expect(await q.uploadFrom("timing_0005.csv", 2)).toEqual({ ok: true, left: 5 });
    expect(inFlight && (await q.ack(inFlight))).toBe(false);
    expect((await q.next())?.passings.map((p) => p.n)).toEqual([2, 3, 4, 5]);
    expect(await q.uploadFrom("timing_0005.csv", 7)).toEqual({
      ok: false,
      reason:
        "from: passings 2 to 6 of timing_0005.csv are not acknowledged yet; UPLOAD_FROM only sends passings again",
    });
    expect(await q.uploadFrom("timing_0009.csv", 1)).toEqual({
      ok: false,
      reason: "session: there is no timing file named timing_0009.csv",
    });
    // A session never posted: from there on (the operator's choice); beyond its passings: refused.
    expect(await q.uploadFrom("timing_0001.csv", 5)).toEqual({
      ok: false,
      reason: "from: timing_0001.csv holds 3 passings",
    });
    expect(await q.uploadFrom("timing_0001.csv", 3)).toEqual({ ok: true, left: 1 });
    expect(q.left()).toBe(6);
    expect((await q.next())?.session).toBe("timing_0001.csv");
    expect(await q.oldestLeftAt()).toBe(T0 + 3000);
  });
});
