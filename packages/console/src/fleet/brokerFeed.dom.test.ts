// The brokers' live store: a burst of messages from 500 units is one redraw, at most one every FLUSH_MS.
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BrokerMessage, BrokerState } from "../api/mqtt.ts";

const handlers: { message?: (m: BrokerMessage) => void; state?: (s: BrokerState) => void } = {};
const closed = vi.fn();
vi.mock("../api/mqtt.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../api/mqtt.ts")>()),
  connectBroker: vi.fn(async (_login, onMessage, onState) => {
    handlers.message = onMessage;
    handlers.state = onState;
    return { close: closed };
  }),
}));

const { FLUSH_MS, useBrokerFeed, useBrokerViews } = await import("./brokerFeed.ts");
const BROKER = { url: "ws://10.0.0.5:9001", username: "" };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("useBrokerFeed", () => {
  it("collects every message and redraws once per FLUSH_MS; leaving closes the connection", async () => {
    let renders = 0;
    const { result, unmount } = renderHook(() => {
      renders++;
      useBrokerFeed(BROKER);
      return useBrokerViews();
    });
    await act(async () => {
      // The broker rows' module is loaded with the client, before it connects.
      await vi.dynamicImportSettled();
      await vi.advanceTimersByTimeAsync(FLUSH_MS);
    });
    expect(handlers.message).toBeDefined();
    expect(result.current[0]?.message).toBe("Connecting to the broker at ws://10.0.0.5:9001...");
    act(() => handlers.state?.("connected"));
    const before = renders;
    act(() => {
      for (let i = 0; i < 500; i++) {
        const id = `unit-${i}`;
        handlers.message?.({ topic: `trc/${id}/status`, payload: "online", retained: true, at: Date.now() });
        handlers.message?.({
          topic: `trc/${id}/telemetry/passings`,
          payload: JSON.stringify({ seen: i }),
          retained: true,
          at: Date.now(),
        });
      }
    });
    expect(renders).toBe(before);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FLUSH_MS);
    });
    // StrictMode renders twice per update: one update for the whole burst.
    expect(renders - before).toBeLessThanOrEqual(2);
    expect(result.current[0]?.units).toHaveLength(500);
    expect(result.current[0]?.message).toBe("Connected to ws://10.0.0.5:9001: 500 units heard");
    unmount();
    expect(closed).toHaveBeenCalled();
  });
});
