// Each port's reads of the last 60 s as D13 sums them up: the median RSSI, and the median reads per passing (a tag's
// reads at the port, a new passing after tag_timeout without a read). Pure.
import type { TagRead } from "@trc/protocol";
import { round } from "./noise.ts";

export interface PortStat {
  /** Median RSSI, dBm (0.1 dB); null with no read. */
  rssi: number | null;
  /** Median reads per passing; null with no read. */
  hits: number | null;
}

export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The reads per passing of one port's reads (oldest first), by tag. */
function passingSizes(reads: readonly Pick<TagRead, "tag" | "time">[], tagTimeoutMs: number): number[] {
  const open = new Map<string, { last: number; count: number }>();
  const sizes: number[] = [];
  for (const r of reads) {
    const visit = open.get(r.tag);
    if (visit && r.time - visit.last <= tagTimeoutMs) {
      visit.last = r.time;
      visit.count++;
      continue;
    }
    if (visit) sizes.push(visit.count);
    open.set(r.tag, { last: r.time, count: 1 });
  }
  for (const visit of open.values()) sizes.push(visit.count);
  return sizes;
}

/** The stats of every port that read in `reads` (the window's reads, oldest first); a port without reads is absent. */
export function portStats(
  reads: readonly Pick<TagRead, "tag" | "ant" | "rssi" | "time">[],
  tagTimeoutMs: number,
): Map<number, PortStat> {
  const byPort = new Map<number, Pick<TagRead, "tag" | "rssi" | "time">[]>();
  for (const r of reads) {
    const list = byPort.get(r.ant);
    if (list) list.push(r);
    else byPort.set(r.ant, [r]);
  }
  const out = new Map<number, PortStat>();
  for (const [ant, list] of byPort) {
    const rssi = median(list.map((r) => r.rssi));
    out.set(ant, {
      rssi: rssi === null ? null : round(rssi, 1),
      hits: median(passingSizes(list, tagTimeoutMs)),
    });
  }
  return out;
}
