// The read stream (D10): format, batch limits, resume both ways without loss, gaps, keep-alive, 2 streams at most.
import { PASSINGS_STREAM_PATH, StreamHello } from "@trc/protocol";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TICK_MS } from "../src/routes/passings-stream.ts";
import { startTestDevice, type TestDevice } from "./helpers.ts";
import { contiguous, type OpenStream, openStream } from "./stream-client.ts";

const SCENARIO = "/api/__test/scenario";
const STREAM_HOOK = "/api/__test/stream";
let dev: TestDevice;
const open: OpenStream[] = [];
const stream = async (query = "", headers: Record<string, string> = {}) => {
  const s = await openStream(dev.url, query, headers);
  open.push(s);
  return s;
};
const hookState = async () => (await dev.getJson(STREAM_HOOK)).body as { open: number; lastSeq: number };

beforeAll(async () => {
  dev = await startTestDevice({ testHooks: true });
});
afterEach(async () => {
  for (const s of open.splice(0)) s.close();
  await dev.call(SCENARIO, { method: "DELETE" });
  await dev.call(STREAM_HOOK, { method: "DELETE" });
  await expect.poll(async () => (await hookState()).open).toBe(0);
});
afterAll(() => dev.dispose());

describe("the read stream", () => {
  it("answers text/event-stream, no-store, with batches of reads whose id is the last seq", async () => {
    const s = await stream();
    expect(s.status).toBe(200);
    expect(s.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(s.headers.get("cache-control")).toBe("no-store");
    await s.until(() => s.reads.length >= 10);
    const [hello, ...batches] = s.items.filter((i) => i.kind === "event");
    expect(hello?.kind === "event" && hello.event).toBe("hello");
    for (const b of batches) {
      expect(b.kind === "event" && b.event).toBe("reads");
      const reads = b.kind === "event" ? (JSON.parse(b.data).reads as { seq: number }[]) : [];
      expect(b.kind === "event" && b.id).toBe(String(reads[reads.length - 1]?.seq));
    }
    expect(contiguous(s.reads)).toBe(true);
    for (const r of s.reads) {
      expect(r.tag).toMatch(/^\d{6}$/);
      expect([0, 1, 2]).toContain(r.ant);
      expect(r.rssi).toBeLessThan(-30);
      expect(Math.abs(r.time - Date.now())).toBeLessThan(10_000);
    }
  });

  it("sends at most 500 reads a batch and 10 batches a second through a burst", async () => {
    const before = (await hookState()).lastSeq;
    const burst = { tags: 3000, seconds: 2, readsPerTag: [4, 4], antennas: [1, 3] };
    const planned = (await dev.postJson(SCENARIO, { massStart: burst })).body.plannedReads;
    expect(planned).toBe(12_000);
    const s = await stream(`?after=${before}`);
    await s.until(() => s.reads.filter((r) => r.tag.startsWith("1")).length === planned, 15_000);
    const batches = s.items.filter((i) => i.kind === "event" && i.event === "reads");
    const sizes = batches.map((b) => (b.kind === "event" ? JSON.parse(b.data).reads.length : 0));
    expect(Math.max(...sizes)).toBe(500);
    // 12,000+ reads at 500 a batch and 10 batches a second take more than 2.2 s to arrive.
    const first = s.arrivals[0] ?? 0;
    const last = s.arrivals[s.arrivals.length - 1] ?? 0;
    expect(last - first).toBeGreaterThanOrEqual(((batches.length - 2) * 1000) / 10 - 150);
    expect(contiguous(s.reads)).toBe(true);
    expect(s.reads[0]?.seq).toBe(before + 1);
  });

  for (const [way, resume] of [
    ["Last-Event-ID", (n: number) => ["", { "Last-Event-ID": String(n) }] as const],
    ["?after=", (n: number) => [`?after=${n}`, {}] as const],
  ] as const) {
    it(`resumes by ${way}: every read after the last one received, none missed or repeated`, async () => {
      const a = await stream();
      await a.until(() => a.reads.length >= 5);
      a.close();
      const last = a.reads[a.reads.length - 1]?.seq ?? 0;
      // Reads go on while nobody listens.
      await expect.poll(async () => (await hookState()).lastSeq, { timeout: 5000 }).toBeGreaterThan(last + 5);
      const [query, headers] = resume(last);
      const b = await stream(query, headers);
      await b.until(() => b.reads.length >= 10);
      expect(b.reads[0]?.seq).toBe(last + 1);
      expect(contiguous(b.reads)).toBe(true);
      expect(b.gaps).toEqual([]);
    });
  }

  it("Last-Event-ID wins over ?after= (an EventSource reconnects with both)", async () => {
    const { lastSeq } = await hookState();
    const s = await stream("?after=0", { "Last-Event-ID": String(lastSeq) });
    await s.until(() => s.reads.length >= 1);
    expect(s.reads[0]?.seq).toBe(lastSeq + 1);
  });

  it("begins every stream with hello: where it starts (its id too), the newest and the oldest kept seq", async () => {
    await dev.postJson(STREAM_HOOK, { kept: 50 });
    await expect.poll(async () => (await hookState()).lastSeq, { timeout: 10_000 }).toBeGreaterThan(60);
    const hello = async (query: string) => {
      const s = await stream(query);
      await s.until(() => s.items.length > 0);
      s.close();
      const first = s.items[0];
      if (first?.kind !== "event") throw new Error("the first item is not an event");
      return { event: first.event, id: first.id, data: StreamHello.parse(JSON.parse(first.data)) };
    };
    const live = await hello("");
    expect(live.event).toBe("hello");
    expect(live.id).toBe(String(live.data.after));
    expect(live.data.after).toBe(live.data.newest);
    expect(live.data.newest - live.data.oldest).toBe(49);
    // Asked for an N: it starts there (an N beyond the newest starts at the newest).
    expect((await hello("?after=3")).data.after).toBe(3);
    expect((await hello("?after=3")).id).toBe("3");
    const beyond = await hello(`?after=${live.data.newest + 1000}`);
    expect(beyond.data.after).toBe(beyond.data.newest);
  });

  it("without a resume point it starts with live reads only", async () => {
    const { lastSeq } = await hookState();
    const s = await stream();
    await s.until(() => s.reads.length >= 1);
    expect(s.reads[0]?.seq).toBeGreaterThan(lastSeq);
  });

  it("asked for reads no longer kept, it sends a gap, then what it has", async () => {
    await dev.postJson(STREAM_HOOK, { kept: 50 });
    await expect.poll(async () => (await hookState()).lastSeq, { timeout: 10_000 }).toBeGreaterThan(60);
    const s = await stream("?after=0");
    await s.until(() => s.reads.length >= 50);
    expect(s.items.map((i) => i.kind === "event" && i.event).slice(0, 2)).toEqual(["hello", "gap"]);
    const gap = s.gaps[0];
    expect(gap?.from).toBe(1);
    expect(s.reads[0]?.seq).toBe((gap?.to ?? 0) + 1);
    expect(contiguous(s.reads)).toBe(true);
  });

  it("with nothing to send, a keep-alive comment every keep-alive interval", async () => {
    // It goes on the last tick before the interval ends (no silence longer than it): 400 to 500 ms apart.
    await dev.postJson(STREAM_HOOK, { keepAliveMs: 500 });
    await dev.postJson(SCENARIO, { readsStopped: true });
    const s = await stream();
    await s.until(() => s.items.filter((i) => i.kind === "comment").length >= 3, 5000);
    expect(s.reads).toEqual([]);
    const comments = s.items.flatMap((i, k) =>
      i.kind === "comment" ? [[i.text, s.arrivals[k] ?? 0] as const] : [],
    );
    expect(comments.map(([text]) => text)).toEqual(comments.map(() => "keep-alive"));
    const spacing = comments.slice(1).map(([, at], k) => at - (comments[k]?.[1] ?? 0));
    for (const ms of spacing) expect(ms).toBeGreaterThanOrEqual(500 - TICK_MS - 20);
  });

  it("the reads stop scenario stops the stream's reads, and they come back after", async () => {
    const s = await stream();
    await s.until(() => s.reads.length >= 1);
    await dev.postJson(SCENARIO, { readsStopped: true });
    const { lastSeq } = await hookState();
    await s.until(() => (s.reads[s.reads.length - 1]?.seq ?? 0) === lastSeq);
    const held = s.reads.length;
    await new Promise((r) => setTimeout(r, 800)); // time in which a reading unit makes reads
    expect(s.reads.length).toBe(held);
    expect((await hookState()).lastSeq).toBe(lastSeq);
    await dev.postJson(SCENARIO, { readsStopped: null });
    await s.until(() => s.reads.length > held);
    expect(contiguous(s.reads)).toBe(true);
  });

  it("refuses a third stream with 503 and a reason; a closed client frees its slot at once", async () => {
    const a = await stream();
    await stream();
    const third = await fetch(`${dev.url}${PASSINGS_STREAM_PATH}`);
    expect(third.status).toBe(503);
    expect(await third.json()).toEqual({ error: "At most 2 read streams at once: close one and try again" });
    a.close();
    await expect.poll(async () => (await hookState()).open, { timeout: 2000 }).toBe(1);
    const again = await stream();
    expect(again.status).toBe(200);
  });

  it("a HEAD takes no slot", async () => {
    const head = await fetch(`${dev.url}${PASSINGS_STREAM_PATH}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("text/event-stream");
    expect((await hookState()).open).toBe(0);
  });

  it("the drop hook ends every stream; each resumes without loss", async () => {
    const a = await stream();
    await a.until(() => a.reads.length >= 3);
    expect((await dev.postJson(`${STREAM_HOOK}/drop`, {})).body).toEqual({ dropped: 1 });
    await a.until(() => a.ended);
    const last = a.reads[a.reads.length - 1]?.seq ?? 0;
    const b = await stream("", { "Last-Event-ID": String(last) });
    await b.until(() => b.reads.length >= 5);
    expect(b.reads[0]?.seq).toBe(last + 1);
  });

  it("a reboot ends every stream and frees their slots; the seq goes on", async () => {
    const a = await stream();
    const b = await stream();
    await a.until(() => a.reads.length >= 1);
    await dev.reboot();
    await a.until(() => a.ended);
    await b.until(() => b.ended);
    const last = Math.max(a.reads.at(-1)?.seq ?? 0, b.reads.at(-1)?.seq ?? 0);
    const c = await stream("", { "Last-Event-ID": String(last) });
    const d = await stream();
    expect([c.status, d.status]).toEqual([200, 200]);
    await c.until(() => c.reads.length >= 1);
    expect(c.reads[0]?.seq).toBe(last + 1);
  });

  it("refuses a bad resume point with 400 and a reason, opening no stream", async () => {
    const cases: [string, Record<string, string>, string][] = [
      ["?after=abc", {}, 'The resume point must be a whole number ≥ 0, got "abc"'],
      ["?after=-1", {}, 'The resume point must be a whole number ≥ 0, got "-1"'],
      ["?after=1.5", {}, 'The resume point must be a whole number ≥ 0, got "1.5"'],
      ["?after=", {}, 'The resume point must be a whole number ≥ 0, got ""'],
      ["?after=1%01", {}, 'The resume point must be a whole number ≥ 0, got "1\\u0001"'],
      ["", { "Last-Event-ID": "12\t3" }, 'The resume point must be a whole number ≥ 0, got "12\\t3"'],
      ["", { "Last-Event-ID": "9".repeat(16) }, `The resume point is too large: "${"9".repeat(16)}"`],
      ["?after=1e3", {}, 'The resume point must be a whole number ≥ 0, got "1e3"'],
    ];
    for (const [query, headers, reason] of cases) {
      const res = await fetch(`${dev.url}${PASSINGS_STREAM_PATH}${query}`, { headers });
      expect(res.status, query || JSON.stringify(headers)).toBe(400);
      expect(await res.json()).toEqual({ error: reason });
    }
    expect((await hookState()).open).toBe(0);
  });
});
