// Test helper: the Commands page's component tests on a fake clock, against one stubbed unit (set up and put back).
import { act, cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { useAuth } from "../shared/access/authStore.ts";
import { useFlags } from "../shared/access/flags.ts";
import { useDeviceSettings } from "../shared/unit/deviceSettings.ts";
import { useCommands } from "./commandsStore.ts";

/** Moves the fake clock on by `ms`, letting React and the promises it releases settle. */
export const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Registers the hooks of a test file: fake timers, `unit` chosen, no password, no command; all put back after. */
export function onFakeClockWithUnit(unit: string): void {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    sessionStorage.clear();
    useDeviceSettings.getState().update({ rootAPI: unit });
    useAuth.getState().useNone();
    useFlags.getState().reload();
    useCommands.setState({ selected: null, drafts: {}, history: [] });
  });
  afterEach(() => {
    // Unmounted before the unit is unstubbed: nothing left running reaches the real network.
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useDeviceSettings.getState().update({ rootAPI: "" });
  });
}
