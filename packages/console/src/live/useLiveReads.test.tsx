// The Live page's reads hook: what it keeps while shown, and that leaving the page lets go of every read at once.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { batch, EPOCH, fakeIO, flush, read, readsEvent } from "../../test/readStream.fakes.ts";
import { readStreamOf } from "../api/readStream.ts";
import { STREAM_TIMING } from "../api/readStreamState.ts";
import { type ClockSync, clockKey } from "../shared/clock/clockQuery.ts";
import { useLiveReads } from "./useLiveReads.ts";

function withClient(client = new QueryClient()) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe("useLiveReads", () => {
  it("keeps the reads while the page shows them, forgets them when it leaves, and closes the stream after the grace", async () => {
    const fake = fakeIO();
    // The unit's one stream, made with the fake I/O before the page asks for it.
    const stream = readStreamOf("http://leaving-unit", fake.io);
    const { result, unmount } = renderHook(() => useLiveReads("http://leaving-unit"), {
      wrapper: withClient(),
    });
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

  it("places the page's opening on the unit's clock with the last clock sync when its stream must seek", async () => {
    const fake = fakeIO();
    const base = "http://seeking-unit";
    const stream = readStreamOf(base, fake.io);
    const client = new QueryClient();
    // The dashboard's last sync: the unit's clock 5 s ahead of the browser's.
    const sync: ClockSync = {
      estimate: { offsetMs: 5000, errorBoundMs: 2, bestRttMs: 4, meanRttMs: 5, delayMs: 2.5 },
      utcOffset: null,
      attempts: 15,
    };
    client.setQueryData(clockKey(base), sync);
    const { result, unmount } = renderHook(() => useLiveReads(base), { wrapper: withClient(client) });
    await act(flush);
    await act(async () => {
      fake.calls[0]?.open().end();
      await flush();
      await fake.advance(1000);
    });
    expect(fake.calls[1]?.url).toBe(`${base}/api/passings/stream?after=0`);
    await act(async () => {
      // 2 s after the opening by the browser's clock is 3 s before it by the unit's: made before the page opened.
      fake.calls[1]?.open().send(readsEvent([read(1, "a", 0, EPOCH + 2000), read(2, "a", 0, EPOCH + 5200)]));
      await flush();
    });
    await waitFor(() => expect(result.current.log.total).toBe(1));
    expect(result.current.log.at(0)?.seq).toBe(2);
    expect(stream.state).toMatchObject({ received: 1, lastSeq: 2 });
    unmount();
    stream.close();
  });
});
