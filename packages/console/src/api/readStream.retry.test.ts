// The read stream client's refusals and retries: a unit without the stream (404), busy (503 and Retry-After), other
// statuses, failures in a row backed off, and a connection gone silent taken as dead.
import { describe, expect, it } from "vitest";
import { batch, flush, setup } from "../../test/readStream.fakes.ts";
import { STREAM_TIMING } from "./readStreamState.ts";

describe("ReadStream: refusals and retries", () => {
  it("a 404 means the unit has no stream: it says so and never asks again", async () => {
    const { calls, stream, advance } = setup();
    await flush();
    calls[0]?.refuse(404, { error: "No such API path: /api/passings/stream" });
    await flush();
    expect(stream.state).toMatchObject({ status: "absent", reason: "The unit has no read stream" });
    await advance(60_000);
    expect(calls).toHaveLength(1);
  });

  it("a 503 means busy: it shows the unit's reason and tries again after Retry-After", async () => {
    const { calls, stream, advance } = setup();
    await flush();
    calls[0]?.refuse(503, { error: "At most 2 read streams at once" }, { "Retry-After": "3" });
    await flush();
    expect(stream.state).toMatchObject({ status: "busy", reason: "At most 2 read streams at once" });
    await advance(2_999);
    expect(calls).toHaveLength(1);
    await advance(1);
    expect(calls).toHaveLength(2);
    calls[1]?.refuse(503, { error: "still busy" });
    await flush();
    await advance(STREAM_TIMING.busyMs - 1);
    expect(calls).toHaveLength(2);
    await advance(1);
    expect(calls).toHaveLength(3);
  });

  it("backs off 1 s, 2 s, 4 s... (at most 10 s) while connections fail, and starts over after one that carried", async () => {
    const { calls, stream, advance } = setup();
    await flush();
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      calls[i]?.fail(new TypeError("Failed to fetch"));
      await flush();
      expect(stream.state.reason).toBe("The read stream was lost: Failed to fetch");
      let waited = 0;
      while (calls.length === i + 1) {
        await advance(250);
        waited += 250;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    const s = calls[6]?.open();
    await flush();
    s?.send(batch(1));
    await flush();
    expect(stream.state.status).toBe("live");
    s?.reset();
    await flush();
    await advance(STREAM_TIMING.resumeMs);
    expect(calls).toHaveLength(8);
  });

  it("another status (500) is retried with the unit's reason shown", async () => {
    const { calls, stream, advance } = setup();
    await flush();
    calls[0]?.refuse(500, { error: "Internal error: boom" });
    await flush();
    expect(stream.state).toMatchObject({ status: "reconnecting", reason: "Internal error: boom" });
    await advance(1000);
    expect(calls).toHaveLength(2);
  });

  it("a connection silent for longer than two keep-alives is taken as dead and resumed", async () => {
    const { calls, stream, advance } = setup();
    await flush();
    const s = calls[0]?.open();
    await flush();
    s?.send(batch(7));
    await flush();
    await advance(STREAM_TIMING.idleMs - 1);
    s?.send(": keep-alive\n\n");
    await flush();
    await advance(STREAM_TIMING.idleMs - 1);
    expect(calls[0]?.signal.aborted).toBe(false);
    await advance(1);
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(stream.state.reason).toBe("No data for too long");
    await advance(STREAM_TIMING.resumeMs);
    expect(calls[1]?.url).toContain("?after=7");
  });
});
