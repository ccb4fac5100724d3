// The D12 question as page state, proven once for every page that asks it: nothing to ask goes on at once; an open
// question holds what waits; Yes goes on with nothing declined, No with the units asked about declined.
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { TimingConfirmation } from "./timingGuard.ts";
import { useTimingQuestion } from "./timingQuestion.ts";

const FINISH: TimingConfirmation = { unit: "http://10.0.0.2", settings: ["tag_timeout"], modeKnown: true };

function question() {
  const goOn = vi.fn();
  const { result } = renderHook(() => useTimingQuestion<string>(goOn));
  return { goOn, result };
}

describe("useTimingQuestion", () => {
  it("nothing to ask: goes on at once, no question", () => {
    const { goOn, result } = question();
    act(() => result.current.confirm([], "plan"));
    expect(goOn.mock.calls).toStrictEqual([["plan", []]]);
    expect(result.current.asks).toBeNull();
  });

  it("Yes: the question closes and goes on with what it held, nothing declined", () => {
    const { goOn, result } = question();
    act(() => result.current.confirm([FINISH], "plan"));
    expect(result.current.asks).toStrictEqual([FINISH]);
    expect(goOn).not.toHaveBeenCalled();
    act(() => result.current.onAnswer(true));
    expect(goOn.mock.calls).toStrictEqual([["plan", []]]);
    expect(result.current.asks).toBeNull();
  });

  it("No: goes on with the units asked about declined (each page then sends none of their settings)", () => {
    const { goOn, result } = question();
    act(() => result.current.confirm([FINISH], "plan"));
    act(() => result.current.onAnswer(false));
    expect(goOn.mock.calls).toStrictEqual([["plan", [FINISH]]]);
    expect(result.current.asks).toBeNull();
  });

  it("an answer with no question open does nothing", () => {
    const { goOn, result } = question();
    act(() => result.current.onAnswer(true));
    expect(goOn).not.toHaveBeenCalled();
  });
});
