// The reader's reads are the counters' reads: Seen and each channel's Reads equal what was streamed; a mass start,
// a test tag, and a seq that never goes back across reboots and restarts.
import { API, PassingsTelemetry, type TagRead, UhfPortsTelemetry } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDevice, type TestDevice } from "./helpers.ts";
import { contiguous, openStream } from "./stream-client.ts";

const SCENARIO = "/api/__test/scenario";
const STREAM_HOOK = "/api/__test/stream";
let dev: TestDevice;
beforeAll(async () => {
  dev = await startTestDevice({ testHooks: true });
});
afterAll(() => dev.dispose());

const lastSeq = async (d: TestDevice) => (await d.getJson(STREAM_HOOK)).body.lastSeq as number;
const byChannel = (reads: readonly TagRead[]) =>
  reads.reduce((m, r) => m.set(r.ant, (m.get(r.ant) ?? 0) + 1), new Map<number, number>());

describe("reads and counters", () => {
  it("Seen and each channel's Reads are exactly the reads streamed", async () => {
    // A new unit: its first read is seq 1, so ?after=0 streams every read it ever made.
    const s = await openStream(dev.url, "?after=0");
    try {
      await s.until(() => s.reads.length >= 8, 12_000);
      await dev.postJson(SCENARIO, { readsStopped: true });
      const last = await lastSeq(dev);
      await s.until(() => s.reads[s.reads.length - 1]?.seq === last);
      expect(s.reads[0]?.seq).toBe(1);
      expect(contiguous(s.reads)).toBe(true);
      const passings = PassingsTelemetry.parse((await dev.getJson(API.telemetry("passings"))).body);
      expect(passings.seen).toBe(s.reads.length);
      const ports = UhfPortsTelemetry.parse((await dev.getJson(API.telemetry("uhf/ports"))).body);
      const counted = byChannel(s.reads);
      for (const c of ports.channels) expect(c.reads, `channel ${c.id}`).toBe(counted.get(c.id) ?? 0);
      expect(ports.channels.reduce((a, c) => a + c.reads, 0)).toBe(passings.seen);
    } finally {
      s.close();
      await dev.call(SCENARIO, { method: "DELETE" });
    }
  }, 20_000);

  it("a mass start: N tags within S seconds, each read 5-15 times on 1-3 antennas, the same for the same seed", async () => {
    const spec = { tags: 40, seconds: 3, readsPerTag: [5, 15], antennas: [1, 3], seed: 42 };
    const from = await lastSeq(dev);
    const started = Date.now();
    const planned = (await dev.postJson(SCENARIO, { massStart: spec })).body.plannedReads as number;
    const s = await openStream(dev.url, `?after=${from}`);
    try {
      const mass = () => s.reads.filter((r) => r.tag.startsWith("1"));
      await s.until(() => mass().length === planned, 10_000);
      const tags = new Map<string, TagRead[]>();
      for (const r of mass()) tags.set(r.tag, [...(tags.get(r.tag) ?? []), r]);
      expect(tags.size).toBe(40);
      for (const [tag, reads] of tags) {
        expect(reads.length, tag).toBeGreaterThanOrEqual(5);
        expect(reads.length, tag).toBeLessThanOrEqual(15);
        const ants = new Set(reads.map((r) => r.ant));
        expect(ants.size, tag).toBeLessThanOrEqual(3);
        for (const r of reads) expect(r.time - started).toBeLessThan(3000 + 1000);
      }
      expect(contiguous(s.reads)).toBe(true);
    } finally {
      s.close();
    }
    const other = await startTestDevice({ testHooks: true });
    try {
      expect((await other.postJson(SCENARIO, { massStart: spec })).body.plannedReads).toBe(planned);
    } finally {
      await other.dispose();
    }
  });

  it("a test tag held at a channel is read there perSecond times a second until taken away", async () => {
    const set = await dev.postJson(SCENARIO, { testTag: { tag: "000123", ant: 2, perSecond: 20 } });
    expect(set.body.scenario.testTag).toEqual({ tag: "000123", ant: 2, perSecond: 20 });
    const s = await openStream(dev.url);
    try {
      const held = () => s.reads.filter((r) => r.tag === "000123");
      await s.until(() => held().length >= 20);
      expect(new Set(held().map((r) => r.ant))).toEqual(new Set([2]));
      const span = (held()[19]?.time ?? 0) - (held()[0]?.time ?? 0);
      expect(span).toBeGreaterThan(700);
      expect(span).toBeLessThan(1300);
      await dev.postJson(SCENARIO, { testTag: null });
      const after = await lastSeq(dev);
      await s.until(() => (s.reads[s.reads.length - 1]?.seq ?? 0) > after + 5, 10_000);
      expect(s.reads.filter((r) => r.tag === "000123" && r.seq > after)).toEqual([]);
    } finally {
      s.close();
      await dev.call(SCENARIO, { method: "DELETE" });
    }
  });

  it("a lost antenna reads nothing: no read on its channel, its Reads stay, the others go on", async () => {
    const s = await openStream(dev.url);
    try {
      await dev.postJson(SCENARIO, { antennaLost: [0], testTag: { tag: "000123", ant: 0, perSecond: 20 } });
      const from = await lastSeq(dev);
      const before = UhfPortsTelemetry.parse((await dev.getJson(API.telemetry("uhf/ports"))).body);
      await s.until(() => s.reads.filter((r) => r.seq > from).length >= 10, 10_000);
      const after = s.reads.filter((r) => r.seq > from);
      expect(after.filter((r) => r.ant === 0)).toEqual([]);
      expect(after.some((r) => r.ant === 1 || r.ant === 2)).toBe(true);
      const now = UhfPortsTelemetry.parse((await dev.getJson(API.telemetry("uhf/ports"))).body);
      expect(now.channels[0]?.reads).toBe(before.channels[0]?.reads);
    } finally {
      s.close();
      await dev.call(SCENARIO, { method: "DELETE" });
    }
  });

  it("refuses a bad mass start or test tag with a reason, changing nothing", async () => {
    const cases: [object, string][] = [
      [
        { massStart: { tags: 0, seconds: 60, readsPerTag: [5, 15], antennas: [1, 3] } },
        "massStart.tags must be a whole number from 1 to 100000",
      ],
      [
        { massStart: { tags: 10, seconds: 60, readsPerTag: [15, 5], antennas: [1, 3] } },
        "massStart.readsPerTag must be [min, max] within 1..100",
      ],
      [
        { massStart: { tags: 100000, seconds: 60, readsPerTag: [5, 15], antennas: [1, 3] } },
        "massStart plans more than 200000 reads (tags × readsPerTag max)",
      ],
      [{ massStart: null }, "massStart must be an object"],
      [
        { testTag: { tag: "000123", ant: 4, perSecond: 5 } },
        "testTag.ant must be a channel of this unit: 0 to 3",
      ],
      [{ testTag: { tag: "", ant: 0, perSecond: 5 } }, "testTag.tag must be 1 to 32 letters or digits"],
      [{ testTag: { tag: "1", ant: 0, perSecond: 0 } }, "testTag.perSecond must be above 0 and at most 1000"],
    ];
    for (const [body, reason] of cases) {
      const r = await dev.postJson(SCENARIO, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toEqual({ error: reason });
    }
    expect((await dev.getJson(SCENARIO)).body.scenario).toEqual({});
  });
});

describe("seq across reboots and restarts", () => {
  it("never goes back: a reboot continues it, a restart continues from the data folder and reports the rest as a gap", async () => {
    const unit = await startTestDevice({ testHooks: true });
    const dataDir = unit.dataDir;
    let again: TestDevice | null = null;
    try {
      await expect.poll(() => lastSeq(unit), { timeout: 5000 }).toBeGreaterThan(3);
      await unit.reboot();
      const afterReboot = await lastSeq(unit);
      await expect.poll(() => lastSeq(unit), { timeout: 5000 }).toBeGreaterThan(afterReboot);
      // Nothing asks the unit between this answer and the power-off: this is its last seq.
      const final = await lastSeq(unit);
      await unit.dispose();
      again = await startTestDevice({ testHooks: true }, dataDir);
      const s = await openStream(again.url, "?after=1");
      try {
        await s.until(() => s.reads.length >= 1);
        // The reads before the restart are not kept: a gap up to the last one, then new reads after it.
        expect(s.gaps).toEqual([{ from: 2, to: final }]);
        expect(s.reads[0]?.seq).toBe(final + 1);
        expect(contiguous(s.reads)).toBe(true);
      } finally {
        s.close();
      }
    } finally {
      await again?.dispose();
    }
  });
});
