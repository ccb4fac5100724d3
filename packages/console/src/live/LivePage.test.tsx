// The Live page's status line: while live it says why reads were missed (a hole, a restarted count), beside missed M.
import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { batch, fakeIO, flush } from "../../test/readStream.fakes.ts";
import { renderPage } from "../../test-utils.tsx";
import { originUnit } from "../api/connection.ts";
import { readStreamOf } from "../api/readStream.ts";
import { STREAM_TIMING } from "../api/readStreamState.ts";
import LivePage from "./LivePage.tsx";

describe("Live page", () => {
  // The page's other queries (the unit's identity) get no answer: only the stream's fake unit talks.
  beforeEach(() => vi.stubGlobal("fetch", () => new Promise(() => {})));
  afterEach(() => {
    readStreamOf(originUnit()).close();
    vi.unstubAllGlobals();
  });

  it("says while live why reads were missed, and that the unit's count restarted", async () => {
    const fake = fakeIO();
    readStreamOf(originUnit(), fake.io);
    renderPage("/live", <LivePage />);
    await act(flush);
    const unit = fake.calls[0]?.open();
    await act(async () => {
      unit?.send(batch(1, 2));
      unit?.send(batch(5));
      await flush();
    });
    expect(screen.getByTestId("stream-status")).toHaveTextContent(/^Live: The unit skipped some reads$/);
    expect(screen.getByTestId("received")).toHaveTextContent(/^received 3$/);
    expect(screen.getByTestId("missed")).toHaveTextContent(/^missed 2$/);
    // Another unit at the address, its count far below: its reads count from there.
    await act(async () => {
      unit?.end();
      await flush();
      await fake.advance(STREAM_TIMING.resumeMs);
      fake.calls[1]?.open().send(batch(3));
      await flush();
    });
    expect(screen.getByTestId("stream-status")).toHaveTextContent(/^Live: The unit's read count restarted$/);
    expect(screen.getByTestId("received")).toHaveTextContent(/^received 4$/);
    expect(screen.getByTestId("missed")).toHaveTextContent(/^missed 2$/);
  });
});
