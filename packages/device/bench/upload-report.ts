// The upload benchmark's figures as the docs/PERFORMANCE.md section (upload): what it did, the table, the notes.

export interface OutageFigures {
  mode: "refuse" | "down" | "stall";
  cause: string;
  /** Passings left when the server came back. */
  backlog: number;
  /** Heap after a full GC: its growth over the outage, and the passings D12 stored meanwhile. */
  heapGrowth: number;
  storedDuring: number;
  /** The unit's clock: until the next try (the backoff's), then from the server's return until caught up. */
  retryWaitMs: number;
  catchUpMs: number;
  /** Real time of the drain, posts and passings posted meanwhile, the unit's CPU share (% of one core). */
  drainMs: number;
  posts: number;
  posted: number;
  cpuPct: number;
}

export interface CutFigures {
  mode: "stall" | "hold";
  left: number;
  restartMs: number;
  repeatsBefore: number;
}

export interface HeapSample {
  raceMs: number;
  powerOn: number;
  /** Passings this power-on stored (held in memory by D12). */
  stored: number;
  heapUsed: number;
  rss: number;
}

export interface Run {
  hours: number;
  rate: number;
  stepMs: number;
  outageMs: number;
  sessions: number;
  stored: number;
  missing: number;
  differ: number;
  received: number;
  repeats: number;
  posts: number;
  outages: OutageFigures[];
  cuts: CutFigures[];
  heap: HeapSample[];
  /** Bytes a passing the heap grows by in the same race with http_url empty (one hour). */
  withoutUpload: number;
  realMs: number;
  note: string;
}

const n = (x: number) => Math.round(x).toLocaleString("en-US");
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const CAUSE = { refuse: "refused (503)", down: "nobody there", stall: "no answer" } as const;

/** Least-squares slope of heap against passings stored, per power-on (bytes a passing). */
function slope(samples: readonly HeapSample[]): number {
  if (samples.length < 2) return 0;
  const mx = samples.reduce((a, x) => a + x.stored, 0) / samples.length;
  const my = samples.reduce((a, x) => a + x.heapUsed, 0) / samples.length;
  const num = samples.reduce((a, x) => a + (x.stored - mx) * (x.heapUsed - my), 0);
  const den = samples.reduce((a, x) => a + (x.stored - mx) ** 2, 0);
  return den ? num / den : 0;
}

export function report(r: Run): string {
  const perPowerOn = [...new Set(r.heap.map((h) => h.powerOn))].map((p) =>
    r.heap.filter((h) => h.powerOn === p),
  );
  const slopes = perPowerOn.map(slope).filter((x) => x > 0);
  const normal = slopes.length ? slopes.reduce((a, b) => a + b, 0) / slopes.length : 0;
  const maxHeap = Math.max(...r.heap.map((h) => h.heapUsed));
  const maxRss = Math.max(...r.heap.map((h) => h.rss));
  const rows = r.outages.map((o) =>
    [
      CAUSE[o.mode],
      `\`${o.cause}\``,
      n(o.backlog),
      s(o.retryWaitMs),
      `${s(o.catchUpMs)} (${n(o.posted)} passings in ${n(o.posts)} posts)`,
      `${o.cpuPct.toFixed(0)} %`,
      o.storedDuring ? `${n(o.heapGrowth / o.storedDuring)} B` : "-",
    ].join(" | "),
  );
  const ok = r.missing === 0 && r.differ === 0;
  return `## Passings to a server (\`npm run bench:upload\`)

One emulated unit in a process of its own (\`bench/upload-unit-child.ts\`) times a ${r.hours}-hour race on its one clock
(the warp clock moved in ${r.stepMs / 1000} s steps, each post given its real time to end): a test tag read ${r.rate} times a
second with \`reads_2b_sent\` ALL, so ${r.rate} passings a second, posted (D14, JSON, \`force_http_log\` 0) over loopback to
the receiver of \`npm run receiver\` in the benchmark's process. Three ${r.outageMs / 60_000}-minute outages of the server
and two power cuts (SIGKILL) during posts; after each cut the unit starts again on its data folder (its clock going
on) and timing is started again: a new session. After each outage the clock is moved to the unit's next try, then
left to run in real time while it catches up; that stretch is when its CPU is measured.

| Figure | Value |
|---|---|
| Passings stored in the timing files (${r.sessions} sessions; the race makes ${n(r.hours * 3600 * r.rate)}, less what goes unread while the unit is off after a power cut) | ${n(r.stored)} |
| At the receiver, each once, number, tag and time as stored | ${ok ? `**all ${n(r.stored)}**` : `**${n(r.missing)} missing, ${n(r.differ)} different**`} |
| Posts acknowledged / passings they carried again (repeats, kept once) | ${n(r.posts)} / ${n(r.repeats)} |
| Unit's heap after GC, per passing stored this power-on (D12 keeps them in memory) | ${n(normal)} B (highest ${mb(maxHeap)}, RSS at most ${mb(maxRss)}) |
| The same race with http_url empty (an hour): heap per passing stored | ${n(r.withoutUpload)} B |
| Wall time of the run | ${s(r.realMs)} |

| Outage | Cause the unit gave | Left when the server came back | Until the next try (backoff) | Caught up after the server's return | Unit's CPU while catching up | Heap growth a passing during the outage |
|---|---|---|---|---|---|---|
${rows.map((row) => `| ${row} |`).join("\n")}

${r.cuts.map((c, i) => `- Power cut ${i + 1}, the server ${c.mode === "stall" ? "holding a post unanswered" : "having kept a post whose answer never came"}: ${n(c.left)} passings left; the unit was back ${s(c.restartMs)} later and went on from its cursor.`).join("\n")}
- **Repeats**: a post the server took but whose answer the unit never got (the cut during \`hold\`; a stall's post the
  server let go) comes again; the receiver keeps each (device, session, n) once and counts the rest.
- **Memory**: D12 keeps every passing of a power-on in memory, so the heap grows with the race and falls at each
  power cut; the upload adds nothing a passing. The growth a passing is the same with the upload on as with
  http_url empty, and during an outage, with thousands waiting, no more than at other times (the last column against
  the slope): what waits is read from the timing files, 500 rows at a time, and the cursor is a few bytes on disk.
- **Catch-up**: the unit posts at most 2 times a second, 500 passings each (D14), so a backlog of 12,000 drains in
  about 12 s once a post goes through; before that it waits for its next try (1, 2, 4 … 60 s ± 20 % after failures,
  so up to 72 s after a 10-minute outage). The CPU figure is the unit process's (user + system) over the drain's real
  time, the race going on meanwhile.

_${r.note}_`;
}
