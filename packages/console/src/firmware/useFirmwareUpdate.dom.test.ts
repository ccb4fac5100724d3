// The page's driver with a fake unit: a chosen file is read and checked, background traffic pauses while chunks flow,
// and the version the unit reports once back is read through the dashboard's firmware query.

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import { makeTestImage } from "@trc/protocol";
import { createElement, type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { gateOf } from "../api/client.ts";
import { currentUnit } from "../api/connection.ts";
import { telemetryKey } from "../shared/readings/telemetryQueries.ts";
import type { ChunkAnswer, ChunkRequest } from "./uploader.ts";
import { useFirmwareUpdate } from "./useFirmwareUpdate.ts";

/** The hook as the page runs it: under the console's query client (`client`, else a fresh one). */
function renderInConsole<R>(hook: () => R, client = new QueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  return renderHook(hook, { wrapper });
}

// The reboot watch that follows a load polls the unit: here there is none to answer.
beforeEach(() => vi.stubGlobal("fetch", () => Promise.reject(new TypeError("no unit in unit tests"))));
afterEach(() => vi.unstubAllGlobals());

const OK: ChunkAnswer = {
  status: 200,
  body: {
    wasChunkSuccessful: true,
    totalBytesReceived: 0,
    expectedFileSize: 0,
    attemptsTotal: 1,
    parsedSuccesses: 1,
  },
};
const file = (bytes: Uint8Array, name = "fw.bin") => new File([bytes as Uint8Array<ArrayBuffer>], name);

describe("useFirmwareUpdate", () => {
  it("reads and checks the image, then loads it with background traffic paused, and resumes it after", async () => {
    const pausedDuringSend: boolean[] = [];
    const offsets: number[] = [];
    const fake = async (c: ChunkRequest) => {
      pausedDuringSend.push(gateOf().paused);
      offsets.push(c.offset);
      return OK;
    };
    const { result } = renderInConsole(() => useFirmwareUpdate(fake));
    await act(() => result.current.choose(file(makeTestImage({ size: 6000, version: "4.2.0" }))));
    await waitFor(() => expect(result.current.state.stage).toBe("UPLOADED"));
    expect(result.current.state.image?.info.version).toBe("4.2.0");
    expect(result.current.state.image?.size).toBe(6000);

    // A double click starts one load.
    await act(() =>
      Promise.all([result.current.loadFirmware(), result.current.loadFirmware()]).then(() => {}),
    );
    expect(result.current.state.stage).toBe("DOWNLOADED");
    expect(offsets).toEqual([0, 4096]);
    expect(pausedDuringSend).toEqual([true, true]);
    expect(gateOf().paused).toBe(false);
  });

  it("refuses a file that is not an image without sending anything", async () => {
    const sent: ChunkRequest[] = [];
    const { result } = renderInConsole(() =>
      useFirmwareUpdate(async (c) => {
        sent.push(c);
        return OK;
      }),
    );
    await act(() => result.current.choose(file(new TextEncoder().encode("x".repeat(400)))));
    expect(result.current.state).toMatchObject({
      stage: "UPLOADING_FAILED",
      error: "Not an ESP32 image: first byte is 0x78, expected 0xe9",
    });
    expect(sent).toEqual([]);
  });

  it("says a damaged image is damaged before sending a byte", async () => {
    const sent: ChunkRequest[] = [];
    const { result } = renderInConsole(() =>
      useFirmwareUpdate(async (c) => {
        sent.push(c);
        return OK;
      }),
    );
    const bytes = makeTestImage({ size: 12_000, version: "4.2.1" });
    bytes[9000] = (bytes[9000] ?? 0) ^ 0x04;
    await act(() => result.current.choose(file(bytes)));
    await waitFor(() => expect(result.current.state.stage).toBe("UPLOADING_FAILED"));
    expect(result.current.state.error).toBe("The image is damaged: its checksum does not match");
    expect(sent).toEqual([]);
  });

  it("stops at once when another browser's upload holds the unit (409), saying so", async () => {
    const offsets: number[] = [];
    const busy = async (c: ChunkRequest): Promise<ChunkAnswer> => {
      offsets.push(c.offset);
      return { status: 409, body: { error: "Another firmware upload is in progress on this unit" } };
    };
    const { result } = renderInConsole(() => useFirmwareUpdate(busy));
    await act(() => result.current.choose(file(makeTestImage({ size: 9000, version: "4.3.0" }))));
    await waitFor(() => expect(result.current.state.stage).toBe("UPLOADED"));
    await act(() => result.current.loadFirmware());
    expect(result.current.state).toMatchObject({
      stage: "DOWNLOADING_FAILED",
      error: "Another upload is in progress on this unit",
    });
    expect(offsets).toEqual([0]);
    expect(gateOf().paused).toBe(false);
    act(() => result.current.retry());
    expect(result.current.state.stage).toBe("START");
  });

  it("stops the load and resumes background traffic when the page goes away mid-load", async () => {
    let aborted = false;
    let inFlight = false;
    const hanging = (_: ChunkRequest, signal?: AbortSignal) =>
      new Promise<ChunkAnswer>((_resolve, reject) => {
        inFlight = true;
        signal?.addEventListener("abort", () => {
          aborted = true;
          reject(signal.reason);
        });
      });
    const { result, unmount } = renderInConsole(() => useFirmwareUpdate(hanging));
    await act(() => result.current.choose(file(makeTestImage({ size: 5000, version: "1.0.1" }))));
    await waitFor(() => expect(result.current.state.stage).toBe("UPLOADED"));
    let loading: Promise<void> = Promise.resolve();
    act(() => {
      loading = result.current.loadFirmware();
    });
    await waitFor(() => expect(inFlight).toBe(true));
    expect(gateOf().paused).toBe(true);
    unmount();
    await loading;
    expect(aborted).toBe(true);
    expect(gateOf().paused).toBe(false);
  });

  it("a load stopped by leaving says so, and a new load after Retry runs with its own signal", async () => {
    let hang = true;
    const sent: number[] = [];
    const unit = (c: ChunkRequest, signal?: AbortSignal) => {
      sent.push(c.offset);
      if (!hang) return Promise.resolve(OK);
      return new Promise<ChunkAnswer>((_resolve, reject) =>
        signal?.addEventListener("abort", () => reject(signal.reason)),
      );
    };
    const { result } = renderInConsole(() => useFirmwareUpdate(unit));
    const image = () => file(makeTestImage({ size: 5000, version: "2.0.0" }));
    await act(() => result.current.choose(image()));
    await waitFor(() => expect(result.current.state.stage).toBe("UPLOADED"));
    let loading: Promise<void> = Promise.resolve();
    act(() => {
      loading = result.current.loadFirmware();
    });
    await waitFor(() => expect(sent).toEqual([0]));
    await act(async () => {
      result.current.abort();
      await loading;
    });
    expect(result.current.state).toMatchObject({
      stage: "DOWNLOADING_FAILED",
      error: "Stopped: Left the firmware page",
    });

    hang = false;
    act(() => result.current.retry());
    await act(() => result.current.choose(image()));
    await waitFor(() => expect(result.current.state.stage).toBe("UPLOADED"));
    await act(() => result.current.loadFirmware());
    expect(result.current.state.stage).toBe("DOWNLOADED");
    expect(sent).toEqual([0, 0, 4096]);
  });

  it("once the unit is back, reads its version afresh through the firmware query the dashboard's card shows", async () => {
    const asked: string[] = [];
    let down = true;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const path = new URL(url).pathname;
        asked.push(path);
        // The unit is away at the watch's first look (it applies the image and reboots), then answers.
        if (path === "/api/config/deviceName" && down) {
          down = false;
          throw new TypeError("Failed to fetch");
        }
        const answer =
          path === "/api/telemetry/firmware"
            ? { version: "4.2.0", compileTime: "2025-01-01", partition: 1, otaWatchDog: "INACTIVE" }
            : { deviceName: "DECODER-01", mode: "uhf" };
        return new Response(JSON.stringify(answer), { status: 200 });
      }),
    );
    const client = new QueryClient();
    const key = telemetryKey(currentUnit(), "firmware");
    // The dashboard read the old version a moment ago: still fresh for its card, but not what the unit runs now.
    client.setQueryData(key, { data: { version: "4.1.0" }, issues: [] });
    const { result } = renderInConsole(() => useFirmwareUpdate(async () => OK), client);
    await act(() => result.current.choose(file(makeTestImage({ size: 5000, version: "4.2.0" }))));
    await waitFor(() => expect(result.current.state.stage).toBe("UPLOADED"));
    await act(() => result.current.loadFirmware());
    await waitFor(() => expect(result.current.state.reportedVersion).toBe("4.2.0"), { timeout: 5000 });
    expect(client.getQueryData<{ data: { version: string } }>(key)?.data.version).toBe("4.2.0");
    expect(asked.filter((p) => p === "/api/telemetry/firmware")).toHaveLength(1);
  });
});
