// Reliability: ≥ 1,000 generated hostile file names on download and delete — never a 5xx, nothing outside files/ touched.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestDevice, type TestDevice } from "../helpers.ts";
import { recordFigure } from "./figures.ts";

/** How many generated names each run sends (each on download and on delete). */
const RUNS = 1200;

let dev: TestDevice;
let sentinels: Map<string, string>;

beforeAll(async () => {
  dev = await startTestDevice();
  const outside = join(dev.dataDir, "..");
  // Files that must survive: beside the data folder, in the data folder, in a folder beside files/.
  await mkdir(join(dev.dataDir, "secret"), { recursive: true });
  sentinels = new Map([
    [join(outside, "victim.txt"), "outside-the-data-folder"],
    [join(dev.dataDir, "sentinel.txt"), "inside-the-data-folder"],
    [join(dev.dataDir, "secret", "keep.txt"), "beside-files"],
  ]);
  for (const [path, text] of sentinels) await writeFile(path, text);
});
afterAll(() => dev.dispose());

const SEGMENTS = [
  "..",
  ".",
  "...",
  "%2e%2e",
  "%2E%2E",
  "%252e%252e",
  ".%2e",
  "%c0%ae%c0%ae",
  "%2f",
  "%2F",
  "%5c",
  "%255c",
  "/",
  "\\",
  "%00",
  "\0",
  "config.json",
  "passwords.json",
  "victim.txt",
  "sentinel.txt",
  "secret",
  "keep.txt",
  "files",
  "etc",
  "passwd",
  "C:",
  "~",
  "timing_0001.csv",
];

/** A raw query value (already URL-encoded or deliberately not). */
const hostileRaw = fc.oneof(
  fc
    .array(fc.constantFrom(...SEGMENTS), { minLength: 1, maxLength: 7 })
    .chain((parts) => fc.constantFrom("/", "\\", "%2f", "%5c", "").map((sep) => parts.join(sep))),
  fc.constantFrom("", "%00", "/etc/passwd", "%2Fetc%2Fpasswd", "C:%5CWindows%5Cwin.ini", "\\\\host\\share"),
  fc.string({ maxLength: 40 }).map((s) => encodeURIComponent(s)),
  fc.string({ unit: "binary", maxLength: 20 }).map((s) => encodeURIComponent(s)),
  fc
    .tuple(fc.constantFrom(...SEGMENTS), fc.string({ maxLength: 8 }))
    .map(([a, b]) => `${a}${encodeURIComponent(b)}`),
  fc.integer({ min: 0, max: 400 }).map((n) => "a".repeat(n)),
  fc.constantFrom(
    "..%2F..%2F..%2Fvictim.txt",
    "..%2Fsentinel.txt",
    "..%2Fsecret%2Fkeep.txt",
    "%2e%2e%2fsentinel.txt",
  ),
);

it(`${RUNS} hostile names on download and delete: no 5xx, nothing outside files/ read or removed`, async () => {
  const statuses = new Map<number, number>();
  const count = (s: number) => statuses.set(s, (statuses.get(s) ?? 0) + 1);
  let leaked = 0;
  await fc.assert(
    fc.asyncProperty(hostileRaw, async (raw) => {
      const query = `fileName=${raw.replace(/[#&]/g, encodeURIComponent)}`;
      const down = await dev.call(`/api/filesystem/download?${query}`);
      const body = await down.text();
      count(down.status);
      expect(down.status, query).toBeLessThan(500);
      // 431: Node's own parser refuses a URL over its header limit before the app sees it.
      if (down.status >= 400 && down.status !== 431) expect(JSON.parse(body).error, query).toBeTruthy();
      for (const text of sentinels.values()) if (body.includes(text)) leaked++;
      expect(body).not.toMatch(/owner-pass|admin-pass|dev-pass/);
      const del = await dev.call(`/api/filesystem/file?${query}`, { method: "DELETE" });
      count(del.status);
      expect(del.status, query).toBeLessThan(500);
      const delBody = await del.text();
      if (del.status >= 400 && del.status !== 431) expect(JSON.parse(delBody).error, query).toBeTruthy();
    }),
    { numRuns: RUNS, seed: 8_2026 },
  );
  expect(leaked).toBe(0);
  for (const [path, text] of sentinels) expect(await readFile(path, "utf8"), path).toBe(text);
  const root = (await readdir(dev.dataDir)).sort();
  for (const kept of [
    "config.json",
    "device.json",
    "firmware",
    "firmware.json",
    "passwords.json",
    "sentinel.txt",
  ])
    expect(root).toContain(kept);
  // The device still answers normally afterwards.
  expect((await dev.getJson("/api/config/deviceName")).status).toBe(200);
  await recordFigure("hostileNames", {
    names: RUNS,
    requests: RUNS * 2,
    statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
  });
}, 120_000);
