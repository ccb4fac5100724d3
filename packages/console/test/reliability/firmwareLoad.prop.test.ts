// Property test: the firmware load against a unit answering anything (any status, any JSON, no answer) — it always ends, never throws, and counts honestly.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ChunkAnswer, uploadImage } from "../../src/firmware/uploader.ts";
import { hostileJson } from "./arbitraries.ts";

const answer: fc.Arbitrary<ChunkAnswer | Error> = fc.oneof(
  fc.record({ status: fc.constantFrom(200, 200, 200, 400, 413, 500, 503, 0, 999), body: hostileJson }),
  fc.record({
    status: fc.constant(200),
    body: fc.record(
      {
        wasChunkSuccessful: fc.oneof(fc.boolean(), hostileJson),
        totalBytesReceived: fc.oneof(fc.integer(), hostileJson),
        expectedFileSize: fc.oneof(fc.integer(), hostileJson),
        attemptsTotal: fc.oneof(fc.nat(), hostileJson),
        parsedSuccesses: fc.oneof(fc.nat(), hostileJson),
      },
      { requiredKeys: [] },
    ),
  }),
  fc.constant(new TypeError("Failed to fetch")),
);

describe("firmware load against a unit answering anything", () => {
  it("ends in success or the 20-failures state, never throws, and sends every chunk it reports", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 40_000 }),
        fc.array(answer, { minLength: 1, maxLength: 60 }),
        async (size, script) => {
          const image = new Uint8Array(size);
          let n = 0;
          const sent = new Set<number>();
          const result = await uploadImage({
            image,
            sleep: async () => {},
            now: () => n,
            sendChunk: async (chunk) => {
              const a = script[n++ % script.length] as ChunkAnswer | Error;
              if (a instanceof Error) throw a;
              if (a.status === 200) sent.add(chunk.offset);
              return a;
            },
          });
          if (result.ok) {
            // Success means every chunk got a 200 at some point.
            for (let at = 0; at < size; at += 4096) expect(sent.has(at), `chunk at ${at}`).toBe(true);
          } else expect(result.reason.length).toBeGreaterThan(0);
          expect(n).toBeLessThan(10_000);
        },
      ),
      { numRuns: 200, seed: 8 },
    );
  });
});
