// The example file system of a new unit: timing files of CSV passings and a status log.

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

function tagId(n: number): string {
  return `E2801160600002${pad(n, 10)}`;
}

/** A deterministic generator so the examples look the same on every unit. */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** One timing file: a header and `rows` passings starting at `start` (epoch ms), as the unit writes them. */
export function timingCsv(start: number, rows: number, seed: number): string {
  const rand = lcg(seed);
  const lines = ["tag,bib,time_utc,channel,rssi_dbm,reads"];
  let t = start;
  for (let i = 0; i < rows; i++) {
    t += Math.round(200 + rand() * 4000);
    const bib = 100 + Math.floor(rand() * 400);
    const channel = 1 + Math.floor(rand() * 3);
    const rssi = -(40 + Math.round(rand() * 30));
    const reads = 3 + Math.floor(rand() * 20);
    lines.push(`${tagId(bib)},${bib},${new Date(t).toISOString()},${channel},${rssi},${reads}`);
  }
  return `${lines.join("\n")}\n`;
}

export function statusLog(start: number): string {
  const at = (s: number) => new Date(start + s * 1000).toISOString();
  return [
    `${at(0)} INFO  boot: firmware 1.4.2 on ota_0, reset reason POWERON`,
    `${at(1)} INFO  uhf: region Australia, power HIGH, antennas 1 2 3 present, 4 absent`,
    `${at(2)} INFO  net: ethernet up 192.168.1.50/24, primary`,
    `${at(3)} INFO  net: wifi joined TimingNet`,
    `${at(9)} INFO  cell: registered, rssi -71 dBm`,
    `${at(12)} INFO  time: gps fix, rtc set`,
    `${at(60)} INFO  timing: opened timing_0001.csv`,
    `${at(1800)} WARN  servers: http post timed out, 4 passings queued`,
    `${at(1805)} INFO  servers: http post resumed, queue empty`,
    `${at(3600)} INFO  timing: opened timing_0002.csv`,
    "",
  ].join("\n");
}

/** File name → content of the example file system, dated relative to `now`. */
export function exampleFiles(now: number): Record<string, string> {
  const day = 24 * 3600 * 1000;
  const start = Math.floor((now - day) / 60_000) * 60_000;
  return {
    "timing_0001.csv": timingCsv(start, 120, 1),
    "timing_0002.csv": timingCsv(start + 3600_000, 80, 2),
    "timing_0003.csv": timingCsv(start + 7200_000, 45, 3),
    "status.log": statusLog(start),
  };
}

/**
 * The first name like `wanted` that is not taken: timing files count on from the highest number (timing_0004.csv),
 * other files get an _example suffix (status_example.log, status_example2.log...).
 */
export function freeExampleName(wanted: string, taken: (name: string) => boolean): string {
  if (!taken(wanted)) return wanted;
  const timing = /^timing_(\d+)\.csv$/i.exec(wanted);
  if (timing) {
    for (let n = Number(timing[1]) + 1; ; n++) {
      const name = `timing_${pad(n, 4)}.csv`;
      if (!taken(name)) return name;
    }
  }
  const dot = wanted.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [wanted.slice(0, dot), wanted.slice(dot)] : [wanted, ""];
  for (let n = 1; ; n++) {
    const name = `${stem}_example${n === 1 ? "" : n}${ext}`;
    if (!taken(name)) return name;
  }
}
