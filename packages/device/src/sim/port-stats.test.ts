// A port's last 60 s as D13 sums it up: the median RSSI, and the median reads per passing split by tag_timeout.
import { describe, expect, it } from "vitest";
import { median, portStats } from "./port-stats.ts";

const read = (tag: string, ant: number, rssi: number, time: number) => ({ tag, ant, rssi, time });

describe("portStats", () => {
  it("medians of odd and even counts; none is null", () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("per port: the median RSSI and the reads per passing, a tag unseen for tag_timeout passing again", () => {
    const reads = [
      read("A", 0, -60, 0),
      read("A", 0, -58, 500),
      read("B", 0, -70, 600),
      read("A", 0, -55, 1000),
      read("B", 1, -65, 1000),
      // A again after more than 5 s: a second passing of one read.
      read("A", 0, -50, 7000),
    ];
    const stats = portStats(reads, 5000);
    // Port 0: RSSI -70, -60, -58, -55, -50; passings A (3 reads), B (1), A (1).
    expect(stats.get(0)).toEqual({ rssi: -58, hits: 1 });
    expect(stats.get(1)).toEqual({ rssi: -65, hits: 1 });
    expect(stats.has(2)).toBe(false);
    // Within 10 s A is one passing of 4 reads: passings of 4 and 1.
    expect(portStats(reads, 10_000).get(0)).toEqual({ rssi: -58, hits: 2.5 });
  });
});
