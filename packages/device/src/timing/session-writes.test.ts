// Unit test of how a session's rows reach its file: rows made while a write is under way go together in the next one.
import type { FilteredPassing } from "@trc/protocol";
import { expect, it, vi } from "vitest";
import { TIMING_FILE_HEADER, TimingSessions } from "./session.ts";

const T0 = Date.UTC(2026, 4, 17, 9, 0, 0);
const passing = (tag: string, time: number): FilteredPassing => ({
  kind: "FS",
  read: { seq: 1, tag, ant: 0, rssi: -50, time },
  reads: 1,
});

it("rows made while a write is under way go to the file together in the next write, in order", async () => {
  // A file write costs tens of ms (fsync): one per row could not keep up with 1,000 passings a second.
  const writes: string[] = [];
  const done: (() => void)[] = [];
  const sessions = new TimingSessions({
    now: () => T0,
    append: (_file, text) => {
      writes.push(text);
      return new Promise<void>((resolve) => done.push(resolve));
    },
  });
  sessions.start([]);
  await vi.waitFor(() => expect(writes).toHaveLength(1));
  for (const tag of ["1", "2", "3"]) sessions.record([passing(tag, T0)]);
  expect(writes).toHaveLength(1);
  done.shift()?.();
  await vi.waitFor(() => expect(writes).toHaveLength(2));
  expect(writes[1]?.split("\n").map((row) => row.split(",")[0])).toEqual(["1", "2", "3", ""]);
  sessions.record([passing("4", T0)]);
  done.shift()?.();
  await vi.waitFor(() => expect(writes).toHaveLength(3));
  done.shift()?.();
  await sessions.settled();
  const rows = writes.join("").split("\n");
  expect(rows[0]).toBe(TIMING_FILE_HEADER);
  expect(rows.slice(1).map((row) => row.split(",")[0])).toEqual(["1", "2", "3", "4", ""]);
});
