// Unit tests of how the passing filter finds the visits that ended: the same passings as looking at every open visit
// for every read (the rule as D12 states it), clocks set back included; and at a busy race's scale, quickly.
import fc from "fast-check";
import { expect, it } from "vitest";
import { type FilteredPassing, PassingFilter, READS_2B_SENT, type Reads2bSent } from "./passing-filter.ts";
import type { TagRead } from "./passings-stream.ts";

/** The rule itself, looking at every open visit for every read: what the filter must answer, read for read. */
function byTheRule(reads: readonly TagRead[], mode: Reads2bSent, timeoutS: number, end: number) {
  const timeout = timeoutS * 1000;
  type Visit = { last: TagRead; best: TagRead; reads: number; sent: Set<number> };
  const visits = new Map<string, Visit>();
  const out: string[] = [];
  const send = (v: Visit, kind: string, r: TagRead) => {
    v.sent.add(r.seq);
    out.push(`${kind} ${r.seq} ${v.reads}`);
  };
  const close = (ended: [string, Visit][]) => {
    ended.sort(([, a], [, b]) => a.last.seq - b.last.seq);
    for (const [tag, v] of ended) {
      visits.delete(tag);
      const picks: [string, TagRead][] = [];
      if (mode === "BS" || mode === "BS_LS") picks.push(["BS", v.best]);
      if (mode === "LS" || mode === "FS_LS" || mode === "BS_LS") picks.push(["LS", v.last]);
      picks.sort(([, a], [, b]) => a.seq - b.seq);
      for (const [kind, r] of picks) if (!v.sent.has(r.seq)) send(v, kind, r);
    }
  };
  const flush = (now: number) => close([...visits].filter(([, v]) => Math.abs(now - v.last.time) >= timeout));
  for (const r of reads) {
    flush(r.time);
    let v = visits.get(r.tag);
    if (v && Math.abs(r.time - v.last.time) >= timeout) {
      close([[r.tag, v]]);
      v = undefined;
    }
    if (!v) {
      v = { last: r, best: r, reads: 1, sent: new Set() };
      visits.set(r.tag, v);
      if (mode === "FS" || mode === "FS_LS") send(v, "FS", r);
    } else {
      v.last = r;
      v.reads++;
      if (r.rssi > v.best.rssi) v.best = r;
    }
    if (mode === "ALL") send(v, "ALL", r);
    if (timeout === 0) close([...visits]);
  }
  flush(end);
  return out;
}

const said = (ps: readonly FilteredPassing[]) => ps.map((p) => `${p.kind} ${p.read.seq} ${p.reads}`);

it("ends the same visits as looking at every open visit, whatever the order of the reads' times", () => {
  // Time steps mostly forward, sometimes set back (by more than tag_timeout, or less); a few tags so visits go on.
  const step = fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: 0, max: 4000 }) },
    { weight: 1, arbitrary: fc.integer({ min: -20_000, max: -1 }) },
  );
  const reads = fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), step, fc.integer({ min: -80, max: -40 })), {
    maxLength: 120,
  });
  fc.assert(
    fc.property(
      reads,
      fc.constantFrom(...READS_2B_SENT),
      fc.constantFrom(0, 1, 2, 5),
      fc.integer({ min: 0, max: 12_000 }),
      (steps, mode, timeoutS, after) => {
        let time = 1_000_000;
        const list = steps.map(([tag, dt, rssi], i): TagRead => {
          time += dt;
          return { seq: i + 1, tag: `T${tag}`, ant: 0, rssi, time };
        });
        const filter = new PassingFilter({ reads2bSent: mode, tagTimeoutS: timeoutS });
        // Fed in ticks of a few reads, as the unit does.
        const got: FilteredPassing[] = [];
        for (let i = 0; i < list.length; i += 3) got.push(...filter.push(list.slice(i, i + 3)));
        got.push(...filter.flush(time + after));
        expect(said(got)).toEqual(byTheRule(list, mode, timeoutS, time + after));
      },
    ),
    { numRuns: 400 },
  );
});

it("1,000 reads a second of 500 tags a second: a read looks at the ended visits only, not at every open one", () => {
  // 10,000 tags with an open visit (tag_timeout 60 s); each further read used to look at all 10,000.
  const filter = new PassingFilter({ reads2bSent: "FS_LS", tagTimeoutS: 60 });
  let seq = 0;
  const at = (i: number): TagRead => ({ seq: ++seq, tag: `T${i}`, ant: 0, rssi: -50, time: seq });
  filter.push(Array.from({ length: 10_000 }, (_, i) => at(i)));
  expect(filter.openVisits).toBe(10_000);
  const t0 = Date.now();
  for (let k = 0; k < 25; k++) filter.push(Array.from({ length: 200 }, (_, i) => at(10_000 + k * 200 + i)));
  // Looking at every open visit: 5,000 reads × 10,000 visits, seconds; the oldest alone: milliseconds.
  expect(Date.now() - t0).toBeLessThan(1000);
});
