// D10's kept reads across a stretch nobody asked about: the newest 10,000 reads are always kept, so a resume within
// them gets every read and no gap; only older reads are counted without being kept.
import { join } from "node:path";
import { PASSINGS_STREAM } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { ReadLog } from "../src/sim/read-log.ts";
import { TagReader } from "../src/sim/tag-reader.ts";
import { tempDir } from "./helpers.ts";

const START = Date.UTC(2025, 10, 23, 9, 0, 0);
const MINUTE = 60_000;

/** A reading unit powered on at START, its host clock given by the test. */
async function reader(): Promise<TagReader> {
  const log = await ReadLog.open(join(await tempDir(), "reads.json"));
  return new TagReader(START, "uhf", () => "HIGH", { log, now: () => START, unitTime: (ms) => ms });
}

describe("reads kept for a resume", () => {
  it("a resume after N < 10,000 reads across a 6-minute stretch nobody asked about gets every read, no gap", async () => {
    const r = await reader();
    r.advance(START + MINUTE);
    const after = r.log.lastSeq;
    expect(after).toBeGreaterThan(0);
    // Nobody asks for 6 minutes: the first minute of it ended over 5 minutes ago.
    r.advance(START + 7 * MINUTE);
    const made = r.log.lastSeq - after;
    expect(made).toBeGreaterThan(0);
    expect(made).toBeLessThan(PASSINGS_STREAM.keptReads);
    expect(r.log.firstKept).toBeLessThanOrEqual(after + 1);
    const resumed = r.log.after(after, PASSINGS_STREAM.keptReads);
    expect(resumed.map((x) => x.seq)).toEqual(Array.from({ length: made }, (_, i) => after + 1 + i));
    expect(r.log.total).toBe(r.log.lastSeq);
  });

  it("over a longer stretch it keeps exactly the newest 10,000 reads and counts every read on its channel", async () => {
    const r = await reader();
    r.advance(START + 3 * 60 * MINUTE);
    const last = r.log.lastSeq;
    expect(last).toBeGreaterThan(2 * PASSINGS_STREAM.keptReads);
    expect(r.log.firstKept).toBe(last - PASSINGS_STREAM.keptReads + 1);
    const kept = r.log.after(0, 2 * PASSINGS_STREAM.keptReads);
    expect(kept.length).toBe(PASSINGS_STREAM.keptReads);
    expect(kept[kept.length - 1]?.seq).toBe(last);
    expect(r.log.total).toBe(last);
    const perChannel = [0, 1, 2, 3].map((ant) => r.log.channelReads(ant));
    expect(perChannel.reduce((a, n) => a + n, 0)).toBe(last);
    expect(perChannel[3]).toBe(0);
  });

  it("refuses reads skipped behind fewer than the kept count, leaving the log as it was", async () => {
    const log = await ReadLog.open(join(await tempDir(), "reads.json"));
    log.setCapacity(10);
    const read = { tag: "200001", ant: 0, rssi: -60, time: START };
    log.append([read, read]);
    expect(() => log.append([read], new Map([[0, 5]]))).toThrow(
      "5 reads skipped behind 1 kept: the newest 10 are always kept",
    );
    expect([log.lastSeq, log.firstKept, log.total]).toEqual([2, 1, 2]);
  });
});
