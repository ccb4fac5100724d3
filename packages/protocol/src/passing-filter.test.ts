// Unit tests of the passing filter: every reads_2b_sent value against one table of reads, at several tag_timeouts.
import { describe, expect, it } from "vitest";
import { findConfigItem } from "./config.ts";
import {
  type FilteredPassing,
  isReads2bSent,
  PassingFilter,
  READS_2B_SENT,
  type Reads2bSent,
} from "./passing-filter.ts";
import type { TagRead } from "./passings-stream.ts";

const read = (seq: number, tag: string, time: number, rssi: number, ant = 0): TagRead => ({
  seq,
  tag,
  ant,
  rssi,
  time,
});

// Tag A read three times (its best RSSI in the middle), tag B once, then A again 7 s after its last read.
const READS: TagRead[] = [
  read(1, "A", 0, -60),
  read(2, "B", 500, -70, 1),
  read(3, "A", 1000, -50, 2),
  read(4, "A", 2000, -55),
  read(5, "A", 9000, -65),
];
const END = 20_000;

/** kind:seq:reads of each passing, in the order made; `|` marks the end of the pushes (then flush(END)). */
function run(reads2bSent: Reads2bSent, tagTimeoutS: number): string {
  const filter = new PassingFilter({ reads2bSent, tagTimeoutS });
  const show = (ps: FilteredPassing[]) => ps.map((p) => `${p.kind}:${p.read.seq}:${p.reads}`);
  const pushed = READS.flatMap((r) => show(filter.push([r])));
  const flushed = show(filter.flush(END));
  expect(filter.openVisits).toBe(0);
  return [...pushed, "|", ...flushed].join(" ");
}

describe("PassingFilter: each reads_2b_sent at tag_timeout 5 s (A's visits: 1,3,4 then 5; B's: 2)", () => {
  it.each<[Reads2bSent, string]>([
    ["FS", "FS:1:1 FS:2:1 FS:5:1 |"],
    ["LS", "LS:2:1 LS:4:3 | LS:5:1"],
    ["BS", "BS:2:1 BS:3:3 | BS:5:1"],
    ["BS_LS", "BS:2:1 BS:3:3 LS:4:3 | BS:5:1"],
    ["FS_LS", "FS:1:1 FS:2:1 LS:4:3 FS:5:1 |"],
    ["ALL", "ALL:1:1 ALL:2:1 ALL:3:2 ALL:4:3 ALL:5:1 |"],
  ])("%s", (mode, expected) => {
    expect(run(mode, 5)).toBe(expected);
  });
});

describe("PassingFilter: tag_timeout 10 s (A's reads 7 s apart are one visit)", () => {
  it.each<[Reads2bSent, string]>([
    ["FS", "FS:1:1 FS:2:1 |"],
    ["LS", "| LS:2:1 LS:5:4"],
    ["BS", "| BS:2:1 BS:3:4"],
    ["BS_LS", "| BS:2:1 BS:3:4 LS:5:4"],
    ["FS_LS", "FS:1:1 FS:2:1 | LS:5:4"],
    ["ALL", "ALL:1:1 ALL:2:1 ALL:3:2 ALL:4:3 ALL:5:4 |"],
  ])("%s", (mode, expected) => {
    expect(run(mode, 10)).toBe(expected);
  });
});

describe("PassingFilter: tag_timeout 1 s (a gap of exactly 1 s begins a new visit)", () => {
  it.each<[Reads2bSent, string]>([
    ["FS", "FS:1:1 FS:2:1 FS:3:1 FS:4:1 FS:5:1 |"],
    ["LS", "LS:1:1 LS:2:1 LS:3:1 LS:4:1 | LS:5:1"],
    ["BS", "BS:1:1 BS:2:1 BS:3:1 BS:4:1 | BS:5:1"],
    ["BS_LS", "BS:1:1 BS:2:1 BS:3:1 BS:4:1 | BS:5:1"],
    ["FS_LS", "FS:1:1 FS:2:1 FS:3:1 FS:4:1 FS:5:1 |"],
    ["ALL", "ALL:1:1 ALL:2:1 ALL:3:1 ALL:4:1 ALL:5:1 |"],
  ])("%s", (mode, expected) => {
    expect(run(mode, 1)).toBe(expected);
  });
});

describe("PassingFilter: tag_timeout 0, every read is its own visit and one passing, sent at once", () => {
  it.each<[Reads2bSent, string]>([
    ["FS", "FS:1:1 FS:2:1 FS:3:1 FS:4:1 FS:5:1 |"],
    ["LS", "LS:1:1 LS:2:1 LS:3:1 LS:4:1 LS:5:1 |"],
    ["BS", "BS:1:1 BS:2:1 BS:3:1 BS:4:1 BS:5:1 |"],
    ["BS_LS", "BS:1:1 BS:2:1 BS:3:1 BS:4:1 BS:5:1 |"],
    ["FS_LS", "FS:1:1 FS:2:1 FS:3:1 FS:4:1 FS:5:1 |"],
    ["ALL", "ALL:1:1 ALL:2:1 ALL:3:1 ALL:4:1 ALL:5:1 |"],
  ])("%s", (mode, expected) => {
    expect(run(mode, 0)).toBe(expected);
  });

  it("two reads of one tag in the same millisecond are two passings", () => {
    const filter = new PassingFilter({ reads2bSent: "LS", tagTimeoutS: 0 });
    const out = filter.push([read(1, "A", 100, -50), read(2, "A", 100, -40)]);
    expect(out.map((p) => p.read.seq)).toEqual([1, 2]);
  });
});

describe("PassingFilter: when a visit ends", () => {
  it("LS waits until the tag was unseen for tag_timeout, then is sent once", () => {
    const filter = new PassingFilter({ reads2bSent: "LS", tagTimeoutS: 5 });
    filter.push([read(1, "A", 1000, -60), read(2, "A", 3000, -60)]);
    expect(filter.flush(7999)).toEqual([]);
    expect(filter.flush(8000).map((p) => p.read.seq)).toEqual([2]);
    expect(filter.flush(60_000)).toEqual([]);
  });

  it("visits ending together come out in the order of their last reads", () => {
    const filter = new PassingFilter({ reads2bSent: "LS", tagTimeoutS: 5 });
    filter.push([read(1, "B", 0, -60), read(2, "A", 100, -60), read(3, "B", 200, -60)]);
    expect(filter.flush(10_000).map((p) => `${p.read.tag}${p.read.seq}`)).toEqual(["A2", "B3"]);
  });

  it("a read of another tag ends the visits already over before its own passing", () => {
    const filter = new PassingFilter({ reads2bSent: "FS_LS", tagTimeoutS: 5 });
    filter.push([read(1, "A", 0, -60), read(2, "A", 1000, -60)]);
    const out = filter.push([read(3, "B", 6000, -60)]);
    expect(out.map((p) => `${p.kind}:${p.read.seq}`)).toEqual(["LS:2", "FS:3"]);
  });

  it("closeAll ends every open visit at once (Stop timing)", () => {
    const filter = new PassingFilter({ reads2bSent: "BS_LS", tagTimeoutS: 60 });
    filter.push([read(1, "A", 0, -40), read(2, "B", 10, -60), read(3, "A", 20, -50)]);
    expect(filter.closeAll().map((p) => `${p.kind}:${p.read.seq}`)).toEqual(["BS:2", "BS:1", "LS:3"]);
    expect(filter.openVisits).toBe(0);
  });

  it("reset forgets open visits without a passing", () => {
    const filter = new PassingFilter({ reads2bSent: "LS", tagTimeoutS: 5 });
    filter.push([read(1, "A", 0, -60)]);
    filter.reset();
    expect(filter.flush(100_000)).toEqual([]);
  });

  it("a clock set back by tag_timeout or more ends the visit (the gap is absolute)", () => {
    const filter = new PassingFilter({ reads2bSent: "FS_LS", tagTimeoutS: 5 });
    filter.push([read(1, "A", 100_000, -60), read(2, "A", 101_000, -60)]);
    const out = filter.push([read(3, "A", 50_000, -60)]);
    expect(out.map((p) => `${p.kind}:${p.read.seq}`)).toEqual(["LS:2", "FS:3"]);
    expect(filter.flush(50_000 + 4999)).toEqual([]);
    expect(filter.flush(10_000)).toEqual([]); // FS:3 was its only read: nothing more
    expect(filter.openVisits).toBe(0);
  });

  it("reads a little out of order between antennas stay in one visit", () => {
    const filter = new PassingFilter({ reads2bSent: "LS", tagTimeoutS: 5 });
    filter.push([read(1, "A", 1000, -60), read(2, "A", 990, -60, 1)]);
    expect(filter.flush(7000).map((p) => `${p.read.seq}:${p.reads}`)).toEqual(["2:2"]);
  });

  it("BS keeps the earliest of equal best RSSIs; the passing carries its antenna", () => {
    const filter = new PassingFilter({ reads2bSent: "BS", tagTimeoutS: 5 });
    filter.push([read(1, "A", 0, -70), read(2, "A", 10, -50, 2), read(3, "A", 20, -50, 3)]);
    const [p] = filter.flush(10_000);
    expect([p?.read.seq, p?.read.ant]).toEqual([2, 2]);
  });

  it("BS_LS with the best read being the last sends it once", () => {
    const filter = new PassingFilter({ reads2bSent: "BS_LS", tagTimeoutS: 5 });
    filter.push([read(1, "A", 0, -70), read(2, "A", 10, -40)]);
    expect(filter.flush(10_000).map((p) => `${p.kind}:${p.read.seq}`)).toEqual(["BS:2"]);
  });
});

describe("PassingFilter: options", () => {
  it("a change applies from the next visit end; what was sent stays sent", () => {
    const filter = new PassingFilter({ reads2bSent: "FS", tagTimeoutS: 5 });
    expect(filter.push([read(1, "A", 0, -60), read(2, "A", 10, -60)]).map((p) => p.read.seq)).toEqual([1]);
    filter.configure({ reads2bSent: "FS_LS", tagTimeoutS: 5 });
    expect(filter.flush(10_000).map((p) => `${p.kind}:${p.read.seq}`)).toEqual(["LS:2"]);
    expect(filter.options).toEqual({ reads2bSent: "FS_LS", tagTimeoutS: 5 });
  });

  it("refuses an unknown reads_2b_sent and a negative or non-finite tag_timeout", () => {
    expect(() => new PassingFilter({ reads2bSent: "XX" as Reads2bSent, tagTimeoutS: 5 })).toThrow(RangeError);
    expect(() => new PassingFilter({ reads2bSent: "FS", tagTimeoutS: -1 })).toThrow(RangeError);
    expect(() => new PassingFilter({ reads2bSent: "FS", tagTimeoutS: Number.NaN })).toThrow(RangeError);
    expect([isReads2bSent("BS_LS"), isReads2bSent("bs"), isReads2bSent(3)]).toEqual([true, false, false]);
  });

  it("takes exactly the values D5's reads_2b_sent setting allows", () => {
    expect(findConfigItem("reads_2b_sent")?.allowed).toEqual([...READS_2B_SENT]);
  });

  it("keeps no state for a tag once its visit ended (memory bounded by tags in the field)", () => {
    const filter = new PassingFilter({ reads2bSent: "ALL", tagTimeoutS: 1 });
    for (let i = 0; i < 1000; i++) filter.push([read(i + 1, `T${i}`, i * 10, -60)]);
    expect(filter.openVisits).toBeGreaterThan(0);
    filter.flush(1_000_000);
    expect(filter.openVisits).toBe(0);
  });
});
