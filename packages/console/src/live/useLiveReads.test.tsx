// The Live page's reads hook: what it keeps while shown, and that leaving the page lets go of every read at once.
import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { batch, fakeIO, flush } from "../api/readStream.fakes.ts";
import { readStreamOf, STREAM_TIMING } from "../api/readStream.ts";
import { useLiveReads } from "./useLiveReads.ts";

describe("useLiveReads", () => {
  it("keeps the reads while the page shows them, forgets them when it leaves, and closes the stream after the grace", async () => {
    const fake = fakeIO();
    // The unit's one stream, made with the fake I/O before the page asks for it.
    const stream = readStreamOf("http://leaving-unit", fake.io);
    const { result, unmount } = renderHook(() => useLiveReads("http://leaving-unit"));
    await act(flush);
    const unit = fake.calls[0]?.open();
    await act(async () => {
      unit?.send(batch(1, 2, 3));
      await flush();
    });
    await waitFor(() => expect(result.current.version).toBeGreaterThan(0));
    const log = result.current.log;
    expect(log.kept).toBe(3);
    expect(log.at(2)?.seq).toBe(3);
    expect(stream.state).toMatchObject({ status: "live", received: 3 });

    unmount();
    // Gone at once, not when the component is collected: no read of the page outlives it.
    expect(log.kept).toBe(0);
    expect(log.total).toBe(0);
    expect(log.antennas()).toEqual([]);
    expect(stream.subscribers).toBe(0);
    await fake.advance(STREAM_TIMING.closeGraceMs);
    expect(stream.state.status).toBe("closed");
    expect(fake.calls[0]?.signal.aborted).toBe(true);
  });
});
