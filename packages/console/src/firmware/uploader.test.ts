// The chunked load against a fake device and a fake clock: chunking, pacing, retries and the failure threshold.
import { describe, expect, it } from "vitest";
import {
  ANOTHER_UPLOAD,
  type ChunkAnswer,
  type ChunkRequest,
  chunkFailure,
  uploadImage,
} from "./uploader.ts";

const OK_BODY = {
  wasChunkSuccessful: true,
  totalBytesReceived: 0,
  expectedFileSize: 0,
  attemptsTotal: 0,
  parsedSuccesses: 0,
};
const ok: ChunkAnswer = { status: 200, body: OK_BODY };
const fail500: ChunkAnswer = { status: 500, body: { error: "boom" } };

/** A fake unit: answers from a script (by attempt number), takes `rttMs` per request, records everything. */
function fakeDevice(script: (attempt: number) => ChunkAnswer | Error = () => ok, rttMs = 0) {
  let t = 1000;
  const sleeps: number[] = [];
  const sent: (Omit<ChunkRequest, "bytes"> & { size: number; at: number })[] = [];
  const written = new Map<number, Uint8Array>();
  return {
    sleeps,
    sent,
    written,
    now: () => t,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
    sendChunk: async (c: ChunkRequest): Promise<ChunkAnswer> => {
      sent.push({ offset: c.offset, fileSize: c.fileSize, first: c.first, size: c.bytes.length, at: t });
      t += rttMs;
      const answer = script(sent.length - 1);
      if (answer instanceof Error) throw answer;
      if (answer.status === 200) written.set(c.offset, c.bytes.slice());
      return answer;
    },
  };
}

const image = (size: number) => Uint8Array.from({ length: size }, (_, i) => (i * 7) & 0xff);

describe("uploadImage chunking", () => {
  it("sends 4096-byte chunks at their offsets, flSize only with the first, and every byte once", async () => {
    const dev = fakeDevice();
    const bytes = image(10_000);
    const result = await uploadImage({ image: bytes, ...dev });
    expect(result.ok).toBe(true);
    expect(dev.sent.map(({ offset, size, first, fileSize }) => [offset, size, first, fileSize])).toEqual([
      [0, 4096, true, 10_000],
      [4096, 4096, false, 10_000],
      [8192, 1808, false, 10_000],
    ]);
    const assembled = new Uint8Array(10_000);
    for (const [offset, chunk] of dev.written) assembled.set(chunk, offset);
    expect(assembled).toEqual(bytes);
    expect(result.load.sent).toBe(10_000);
  });

  it("sends an image of exactly one chunk in one request", async () => {
    const dev = fakeDevice();
    await uploadImage({ image: image(4096), ...dev });
    expect(dev.sent).toHaveLength(1);
  });
});

describe("uploadImage pacing", () => {
  it.each([
    [0, [20, 20, 20]],
    [5, [20, 15, 15]],
    [25, [20]],
  ])("with a %i ms round trip waits %j before the chunks", async (rtt, sleeps) => {
    const dev = fakeDevice(() => ok, rtt);
    await uploadImage({ image: image(3 * 4096), ...dev });
    expect(dev.sleeps).toEqual(sleeps);
    const gaps = dev.sent.slice(1).map((s, i) => s.at - (dev.sent[i]?.at ?? 0));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(20);
  });

  it("waits 500 ms before retrying a failed chunk and resends the same bytes", async () => {
    const dev = fakeDevice((n) => (n === 1 ? fail500 : ok));
    const result = await uploadImage({ image: image(3 * 4096), ...dev });
    expect(result.ok).toBe(true);
    expect(dev.sleeps).toEqual([20, 20, 500, 20]);
    expect(dev.sent.map((s) => s.offset)).toEqual([0, 4096, 4096, 8192]);
    expect(result.load).toMatchObject({ failuresTotal: 1, failuresInRow: 0 });
  });

  it("keeps flSize on a retried first chunk", async () => {
    const dev = fakeDevice((n) => (n === 0 ? new Error("network") : ok));
    await uploadImage({ image: image(5000), ...dev });
    expect(dev.sent.map((s) => [s.offset, s.first])).toEqual([
      [0, true],
      [0, true],
      [4096, false],
    ]);
  });
});

describe("uploadImage failure counting", () => {
  it("gives up after 20 failures in a row, having tried the chunk exactly 20 times", async () => {
    const dev = fakeDevice((n) => (n < 2 ? ok : fail500));
    const progress: number[] = [];
    const result = await uploadImage({
      image: image(5 * 4096),
      ...dev,
      onProgress: (l) => progress.push(l.failuresInRow),
    });
    expect(result.ok).toBe(false);
    expect(dev.sent).toHaveLength(22);
    expect(dev.sent.slice(2).every((s) => s.offset === 8192)).toBe(true);
    expect(result.ok === false && result.reason).toBe(
      "20 failures in a row; last: chunk at byte 8192: HTTP 500",
    );
    expect(result.load).toMatchObject({ sent: 8192, failuresInRow: 20, failuresTotal: 20 });
    expect(progress.at(-1)).toBe(20);
  });

  it("succeeds when the 20th attempt of a chunk is answered", async () => {
    const dev = fakeDevice((n) => (n < 19 ? fail500 : ok));
    const result = await uploadImage({ image: image(4096), ...dev });
    expect(result.ok).toBe(true);
    expect(dev.sent).toHaveLength(20);
  });

  it("counts failures in a row only: a success in between starts again", async () => {
    const dev = fakeDevice((n) => (n === 19 || n >= 39 ? ok : fail500));
    const result = await uploadImage({ image: image(2 * 4096), ...dev });
    expect(result.ok).toBe(true);
    expect(result.load.failuresTotal).toBe(38);
  });

  it("counts a request that gets no answer as a failure", async () => {
    const dev = fakeDevice(() => new Error("The device cannot be reached"));
    const result = await uploadImage({ image: image(100), ...dev });
    expect(result.ok === false && result.reason).toBe(
      "20 failures in a row; last: chunk at byte 0: no answer (The device cannot be reached)",
    );
  });

  it("stops with the abort reason when aborted", async () => {
    const controller = new AbortController();
    const dev = fakeDevice((n) => {
      if (n === 1) controller.abort(new Error("left the page"));
      return ok;
    });
    await expect(uploadImage({ image: image(4 * 4096), ...dev, signal: controller.signal })).rejects.toThrow(
      "left the page",
    );
    expect(dev.sent).toHaveLength(2);
  });

  it("reports the unit's own figures from its last good answer", async () => {
    const dev = fakeDevice(() => ({
      status: 200,
      body: { ...OK_BODY, totalBytesReceived: 4096, attemptsTotal: "x" },
    }));
    const result = await uploadImage({ image: image(4096), ...dev });
    expect(result.load.device).toMatchObject({ totalBytesReceived: 4096, wasChunkSuccessful: true });
    expect(result.load.device).not.toHaveProperty("attemptsTotal");
  });
});

describe("chunkFailure", () => {
  it.each<[string, ChunkAnswer, string | null]>([
    ["a good answer", ok, null],
    ["500", fail500, "HTTP 500"],
    ["404", { status: 404, body: null }, "HTTP 404"],
    ["201", { status: 201, body: OK_BODY }, "HTTP 201"],
    ["an empty body", { status: 200, body: null }, "empty answer"],
    ["an empty string", { status: 200, body: "" }, "empty answer"],
    ["an empty object", { status: 200, body: {} }, "empty answer"],
    ["text", { status: 200, body: "OK" }, "answer is not JSON"],
    [
      "a refused chunk",
      { status: 200, body: { ...OK_BODY, wasChunkSuccessful: false } },
      "the unit did not take the chunk",
    ],
  ])("%s", (_, answer, expected) => {
    expect(chunkFailure(answer)).toBe(expected);
  });
});

describe("another upload holds the unit", () => {
  const busy: ChunkAnswer = {
    status: 409,
    body: { error: "Another firmware upload is in progress on this unit" },
  };

  it("a 409 to the first chunk ends the load at once, without retries, saying another upload is in progress", async () => {
    const dev = fakeDevice(() => busy);
    const result = await uploadImage({ image: image(10_000), ...dev });
    expect(result).toMatchObject({ ok: false, reason: "Another upload is in progress on this unit" });
    expect(ANOTHER_UPLOAD).toBe("Another upload is in progress on this unit");
    expect(dev.sent).toHaveLength(1);
    expect(result.load).toMatchObject({ sent: 0, failuresInRow: 0 });
    expect(result.load.lastFailure).toBe(
      "chunk at byte 0: HTTP 409 (Another upload is in progress on this unit)",
    );
  });

  it("a 409 to a later chunk is a failure like any other, retried", async () => {
    const dev = fakeDevice((attempt) => (attempt === 1 ? busy : ok));
    const result = await uploadImage({ image: image(10_000), ...dev });
    expect(result.ok).toBe(true);
    expect(dev.sent.map((c) => c.offset)).toEqual([0, 4096, 4096, 8192]);
    expect(result.load.failuresTotal).toBe(1);
  });
});
