// The Live page's passings, pure: the unit's options from its configuration values, the reads kept before they were
// known, a change of options, and visits ended by the unit's clock as its reads tell it.
import type { TagRead } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { filterOptionsOf, LivePassings } from "./livePassings.ts";

const read = (seq: number, tag: string, time: number): TagRead => ({ seq, tag, ant: 0, rssi: -60, time });
const seqs = (p: LivePassings) => [...p.log.keptReads()].map((r) => r.seq);

describe("filterOptionsOf", () => {
  it("takes reads_2b_sent and tag_timeout when the unit reports both as its filter takes them", () => {
    expect(filterOptionsOf({ reads_2b_sent: "BS_LS", tag_timeout: 0, uhf_power: "LOW" })).toEqual({
      reads2bSent: "BS_LS",
      tagTimeoutS: 0,
    });
    expect(filterOptionsOf({ reads_2b_sent: "BS_LS" })).toBeNull();
    expect(filterOptionsOf({ reads_2b_sent: "XX", tag_timeout: 5 })).toBeNull();
    expect(filterOptionsOf({ reads_2b_sent: "FS", tag_timeout: 1.5 })).toBeNull();
    expect(filterOptionsOf(undefined)).toBeNull();
  });
});

describe("LivePassings", () => {
  it("makes nothing until the options are known, then the passings of the reads kept so far", () => {
    const p = new LivePassings();
    const kept = [read(1, "A", 0), read(2, "A", 1000), read(3, "B", 1500)];
    expect(p.push(kept, 0)).toBe(0);
    expect(p.filtering).toBe(false);
    p.configure({ reads2bSent: "FS", tagTimeoutS: 5 }, kept, 0);
    expect(seqs(p)).toEqual([1, 3]);
    // The same options again change nothing; new reads go on from the open visits.
    p.configure({ reads2bSent: "FS", tagTimeoutS: 5 }, kept, 0);
    expect(p.push([read(4, "A", 2000)], 0)).toBe(0);
    expect(seqs(p)).toEqual([1, 3]);
  });

  it("a change of options applies from the next read, as on the unit", () => {
    const p = new LivePassings();
    p.configure({ reads2bSent: "FS", tagTimeoutS: 5 }, [], 0);
    p.push([read(1, "A", 0)], 0);
    p.configure({ reads2bSent: "ALL", tagTimeoutS: 5 }, [], 0);
    p.push([read(2, "A", 100), read(3, "A", 200)], 0);
    expect(seqs(p)).toEqual([1, 2, 3]);
  });

  it("ends a visit once the tag is unseen for tag_timeout by the newest read's time plus what passed since", () => {
    const p = new LivePassings();
    p.configure({ reads2bSent: "LS", tagTimeoutS: 2 }, [], 0);
    // The unit's clock far from the browser's: only the time since the newest read arrived counts.
    p.push([read(1, "A", 50_000), read(2, "A", 50_400)], 9_000_000);
    expect(p.flush(9_001_999)).toBe(0);
    expect(p.flush(9_002_000)).toBe(1);
    expect(seqs(p)).toEqual([2]);
  });

  it("forgets its passings and options when cleared (the page left)", () => {
    const p = new LivePassings();
    p.configure({ reads2bSent: "FS", tagTimeoutS: 5 }, [read(1, "A", 0)], 0);
    p.clear();
    expect(p.log.total).toBe(0);
    expect(p.filtering).toBe(false);
  });
});
