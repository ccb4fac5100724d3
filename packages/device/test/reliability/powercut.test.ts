// Reliability: power cuts (SIGKILL of the device process) during configuration writes and firmware uploads.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { API, BUILT_IN_CONFIG, ConfigGetResponse, makeTestImage } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { startChildDevice } from "../../src/child.ts";
import { tempDir } from "../helpers.ts";
import { recordFigure } from "./figures.ts";

/** `npm run test:powercut` sets 50; the default unit run does a shorter version. */
const KILLS = Number(process.env.TRC_POWERCUT_KILLS ?? 10);
const UPLOAD_KILLS = Math.max(3, Math.round(KILLS / 5));
/** These units serve no console. */
const NO_CONSOLE = { CONSOLE_DIST: "/nonexistent" };

/** A seeded random source, so a failing run can be repeated (the seed is in the test name). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const SEED = Number(process.env.TRC_POWERCUT_SEED ?? Date.now() % 100_000);
const rnd = random(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;

/** A valid value for each writable item, different each time. */
const VALUES: Record<string, () => string | number | boolean> = {
  sta_ssid: () => `net-${Math.floor(rnd() * 1e6)}`,
  ap_ssid: () => `ap-${Math.floor(rnd() * 1e6)}`,
  mqtt_client_id: () => `ONET${Math.floor(rnd() * 1e5)}`,
  raw_port: () => 1 + Math.floor(rnd() * 65535),
  filtered_port: () => 1 + Math.floor(rnd() * 65535),
  company_num: () => Math.floor(rnd() * 1000),
  tag_timeout: () => Math.floor(rnd() * 600),
  utc_offset: () => Math.floor(rnd() * 90_000) - 43_200,
  gps_correction: () => rnd() < 0.5,
  buzzer_volume: () => pick(["LOW", "MEDIUM", "HIGH"]),
  uhf_power: () => pick(["LOW", "MEDIUM", "HIGH"]),
  uhf_region: () => pick(["China", "USA", "Europe", "Korea", "Japan", "Australia", "New Zealand"]),
  static_ip: () => `10.${Math.floor(rnd() * 256)}.${Math.floor(rnd() * 256)}.${1 + Math.floor(rnd() * 254)}`,
};
const KEYS = Object.keys(VALUES);
for (const key of KEYS) if (!BUILT_IN_CONFIG.some((i) => i.name_internal === key)) throw new Error(key);

describe(`power cuts (seed ${SEED})`, () => {
  it(
    `${KILLS} kills during configuration writes: every restart loads it with every acknowledged value`,
    async () => {
      const dataDir = join(await tempDir("trc-powercut-"), "data");
      /** Per key: the values it may hold now (the acknowledged one, plus any sent and not answered). */
      const allowed = new Map<string, Set<unknown>>();
      let acked = 0;
      let lost = 0;
      for (let round = 0; round <= KILLS; round++) {
        const dev = await startChildDevice({ dataDir, env: { ...NO_CONSOLE, DEVICE_REBOOT_MS: "200" } });
        const res = await fetch(`${dev.url}${API.configGet}`);
        expect(res.status, `round ${round}: config/get`).toBe(200);
        const values = ConfigGetResponse.parse(await res.json());
        for (const item of BUILT_IN_CONFIG)
          expect(values, item.name_internal).toHaveProperty(item.name_internal);
        for (const [key, may] of allowed) {
          expect([...may], `round ${round}: ${key}\n${dev.output().stderr}`).toContainEqual(values[key]);
          allowed.set(key, new Set([values[key]]));
        }
        // A key never acknowledged yet may also still hold what the unit had (its default on a new unit).
        for (const key of KEYS) if (!allowed.has(key)) allowed.set(key, new Set([values[key]]));
        if (round === KILLS) {
          await dev.stop();
          break;
        }
        // Two writers on disjoint keys, so each key's writes are in order; the power goes at a random moment.
        let cut = false;
        const writer = async (keys: string[]) => {
          while (!cut) {
            const key = pick(keys);
            const value = VALUES[key]?.();
            allowed.get(key)?.add(value);
            try {
              const r = await fetch(`${dev.url}${API.configSet}`, {
                method: "POST",
                headers: { "Content-Type": "application/json" },
                body: JSON.stringify({ key, value, time: new Date().toISOString() }),
              });
              await r.text();
              if (r.status === 200) {
                allowed.set(key, new Set([value]));
                acked++;
              } else expect(r.status, `set ${key}=${value}`).toBe(200);
            } catch {
              lost++;
              return;
            }
          }
        };
        const half = Math.ceil(KEYS.length / 2);
        const writers = [writer(KEYS.slice(0, half)), writer(KEYS.slice(half))];
        await new Promise((r) => setTimeout(r, 30 + rnd() * 400));
        cut = true;
        await dev.kill();
        await Promise.all(writers);
      }
      // No temp files are left behind by the last clean start.
      expect((await readdir(dataDir)).filter((n) => n.includes(".tmp"))).toEqual([]);
      JSON.parse(await readFile(join(dataDir, "config.json"), "utf8"));
      await recordFigure(KILLS >= 50 ? "powerCutsConfig" : "powerCutsConfigShort", {
        kills: KILLS,
        acknowledgedWrites: acked,
        unansweredAtCut: lost,
        seed: SEED,
      });
    },
    30_000 + KILLS * 5_000,
  );

  it(
    `${UPLOAD_KILLS} kills during firmware uploads: the old firmware stays, a new upload starts cleanly`,
    async () => {
      const dataDir = join(await tempDir("trc-powercut-fw-"), "data");
      const image = makeTestImage({ size: 120_000, version: "7.7.7", seed: SEED });
      const CHUNK = 4096;
      const chunkForm = (at: number, first: boolean) => {
        const f = new FormData();
        f.append("chunk", new Blob([image.subarray(at, at + CHUNK)]));
        if (first) f.append("flSize", String(image.length));
        f.append("offset", String(at));
        return f;
      };
      const env = {
        ...NO_CONSOLE,
        DEVICE_FIRMWARE_APPLY_MS: "100",
        DEVICE_REBOOT_MS: "200",
        DEVICE_OTA_CONFIRM_MS: "300",
      };
      const firmware = async (url: string) =>
        (await (await fetch(`${url}${API.telemetry("firmware")}`)).json()) as {
          version: string;
          partition: number;
        };
      let chunksAcked = 0;
      for (let round = 0; round < UPLOAD_KILLS; round++) {
        const dev = await startChildDevice({ dataDir, env });
        expect(await firmware(dev.url), `round ${round}`).toMatchObject({ version: "1.4.2", partition: 0 });
        expect(await readdir(join(dataDir, "firmware"))).toEqual(["ota_0.bin"]);
        let cut = false;
        const upload = (async () => {
          for (let at = 0; at < image.length - CHUNK && !cut; at += CHUNK) {
            try {
              const r = await fetch(`${dev.url}${API.firmwareUpdate}`, {
                method: "POST",
                body: chunkForm(at, at === 0),
              });
              expect(r.status).toBe(200);
              await r.json();
              chunksAcked++;
            } catch {
              return;
            }
          }
        })();
        // Never past the last chunk: every kill lands in the middle of the upload.
        await new Promise((r) => setTimeout(r, 20 + rnd() * 300));
        cut = true;
        await dev.kill();
        await upload;
      }
      // After the last cut: the old firmware runs, and a whole new upload goes through and is applied.
      const dev = await startChildDevice({ dataDir, env });
      try {
        expect(await firmware(dev.url)).toMatchObject({ version: "1.4.2", partition: 0 });
        let last: Record<string, unknown> = {};
        for (let at = 0; at < image.length; at += CHUNK) {
          const r = await fetch(`${dev.url}${API.firmwareUpdate}`, {
            method: "POST",
            body: chunkForm(at, at === 0),
          });
          last = (await r.json()) as Record<string, unknown>;
          expect(r.status, JSON.stringify(last)).toBe(200);
          if (at === 0) expect(last.totalBytesReceived).toBe(CHUNK);
        }
        expect(last).toMatchObject({ wasChunkSuccessful: true, totalBytesReceived: image.length });
        const end = Date.now() + 10_000;
        let now = { version: "", partition: -2 };
        while (Date.now() < end) {
          now = await firmware(dev.url).catch(() => now);
          if (now.version === "7.7.7") break;
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(now).toMatchObject({ version: "7.7.7", partition: 1 });
      } finally {
        await dev.stop();
      }
      await recordFigure(KILLS >= 50 ? "powerCutsFirmware" : "powerCutsFirmwareShort", {
        kills: UPLOAD_KILLS,
        chunksAckedBeforeCuts: chunksAcked,
        seed: SEED,
      });
    },
    60_000 + UPLOAD_KILLS * 5_000,
  );
});
