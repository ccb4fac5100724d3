// The kit's read stream checks: all pass on the emulator; a unit without the stream is only warned; a unit that
// repeats a seq on resume, accepts a third stream or never sends a keep-alive fails the check that names it.
import { PASSINGS_STREAM_PATH } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { type Report, runConformance } from "../src/index.ts";
import { type Breakage, startBrokenUnit, startEmulator, withJson } from "./units.ts";

const STREAM_CHECKS = [
  "read stream offered",
  "read stream format",
  "read stream resume without loss",
  "read stream keep-alive",
  "read stream: a third is refused, a closed one frees its slot",
];
const streamResults = (report: Report) =>
  Object.fromEntries(
    report.checks
      .filter((c) => STREAM_CHECKS.includes(c.name))
      .map((c) => [c.name, c.status === "ok" ? "ok" : `${c.status}: ${c.reason}`]),
  );
const isStream = (req: Request) => new URL(req.url).pathname === PASSINGS_STREAM_PATH;

/** Runs the kit on a broken unit; `breakage` may call the emulator behind it at `inner()`. */
async function checkBroken(
  breakage: (inner: () => string) => Breakage,
  before?: (innerUrl: string) => Promise<void>,
) {
  let innerUrl = "";
  const unit = await startBrokenUnit(
    breakage(() => innerUrl),
    { testHooks: true },
  );
  innerUrl = unit.device.url;
  try {
    await before?.(innerUrl);
    return await runConformance({ url: unit.url, pacingMs: 0 });
  } finally {
    await unit.close();
  }
}

/** An event stream the emulator never sent: one batch, then nothing (as a unit that takes any number of streams). */
const fakeStream = () =>
  new Response(
    new ReadableStream({
      start(c) {
        c.enqueue(
          new TextEncoder().encode(
            'event: reads\nid: 1\ndata: {"reads":[{"seq":1,"tag":"1","ant":0,"rssi":-60,"time":1}]}\n\n',
          ),
        );
      },
    }),
    {
      headers: {
        "Content-Type": "text/event-stream",
        "Cache-Control": "no-store",
        "Access-Control-Allow-Origin": "*",
      },
    },
  );

/** Drops the comment lines (keep-alives) of an event stream. */
const dropComments = () =>
  new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, c) {
      const text = new TextDecoder().decode(chunk).replace(/^:.*\n\n?/gm, "");
      if (text) c.enqueue(new TextEncoder().encode(text));
    },
  });

describe("read stream checks", () => {
  it("pass on the emulator", async () => {
    const unit = await startEmulator();
    try {
      const report = await runConformance({ url: unit.url, pacingMs: 0 });
      expect(streamResults(report)).toEqual(Object.fromEntries(STREAM_CHECKS.map((n) => [n, "ok"])));
      // The kit closed every stream it opened.
      expect(report.failed).toBe(0);
    } finally {
      await unit.close();
    }
  });

  it("a unit without the stream (404): a warning, the other stream checks skipped, nothing failed", async () => {
    const report = await checkBroken(
      () => async (req, forward) =>
        isStream(req) ? withJson(await forward(), { error: "No such API path" }, 404) : forward(),
    );
    const skip = "skip: the unit has no read stream (/api/passings/stream answered 404)";
    expect(streamResults(report)).toEqual({
      "read stream offered": `warn: GET ${PASSINGS_STREAM_PATH} answered 404: no read stream (optional, D10); the console works from the counters`,
      "read stream format": skip,
      "read stream resume without loss": skip,
      "read stream keep-alive": skip,
      "read stream: a third is refused, a closed one frees its slot": skip,
    });
    expect(report.failed).toBe(0);
  });

  it("a unit that repeats a seq on resume fails 'resume without loss'", async () => {
    const report = await checkBroken((inner) => async (req, forward) => {
      const url = new URL(req.url);
      const after = req.headers.get("last-event-id") ?? url.searchParams.get("after");
      if (!isStream(req) || after === null) return forward();
      // Resumes one read too early: the last read the client had comes again.
      const res = await fetch(`${inner()}${PASSINGS_STREAM_PATH}?after=${Number(after) - 1}`);
      return new Response(res.body, { status: res.status, headers: res.headers });
    });
    expect(streamResults(report)["read stream resume without loss"]).toMatch(
      /^fail: the Last-Event-ID reconnect after seq (\d+) started at seq \1 \(repeated\)/,
    );
    expect(report.checks.filter((c) => c.status === "fail").map((c) => c.name)).toEqual([
      "read stream resume without loss",
    ]);
  });

  it("a unit that accepts a third stream fails the third-stream check", async () => {
    const report = await checkBroken(() => async (req, forward) => {
      if (!isStream(req)) return forward();
      const res = await forward();
      return res.status === 503 ? fakeStream() : res;
    });
    expect(streamResults(report)["read stream: a third is refused, a closed one frees its slot"]).toBe(
      "fail: a third stream was answered 200, expected 503 (D10: at most 2)",
    );
    expect(report.failed).toBe(1);
  });

  it("a unit that never sends a keep-alive fails the keep-alive check after 15 s of silence", async () => {
    const report = await checkBroken(
      () => async (req, forward) => {
        if (!isStream(req)) return forward();
        const res = await forward();
        if (res.status !== 200 || !res.body) return res;
        return new Response(res.body.pipeThrough(dropComments()), { status: 200, headers: res.headers });
      },
      // No reads: the stream has nothing but keep-alives to send.
      async (inner) => {
        await fetch(`${inner}/api/__test/scenario`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ readsStopped: true }),
        });
      },
    );
    expect(streamResults(report)["read stream keep-alive"]).toMatch(
      /^fail: the stream sent nothing for 1[5-9]\.\d s \(D10: a keep-alive at least every 15 s\)$/,
    );
  }, 60_000);
});
