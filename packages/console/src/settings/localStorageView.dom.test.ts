// Local storage listing and wipe: sorted keys, a broken store, and the reload 500 ms after the wipe.
import { afterEach, describe, expect, it, vi } from "vitest";
import { storedEntries, wipeLocalStorage } from "./localStorageView.ts";

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

const broken = {
  get length(): number {
    throw new Error("SecurityError");
  },
  clear() {
    throw new Error("SecurityError");
  },
} as unknown as Storage;

describe("storedEntries", () => {
  it.each([
    ["an empty store", {}, []],
    [
      "keys sorted with raw values",
      { generalSettings: '{"rootAPI":""}', b: "2", a: "x" },
      [
        { key: "a", value: "x" },
        { key: "b", value: "2" },
        { key: "generalSettings", value: '{"rootAPI":""}' },
      ],
    ],
  ])("%s", (_, seed, expected) => {
    for (const [k, v] of Object.entries(seed)) localStorage.setItem(k, v);
    expect(storedEntries(localStorage)).toEqual(expected);
  });

  it.each([
    ["no store", undefined],
    ["a store that throws", broken],
  ])("%s reads as empty", (_, store) => {
    expect(storedEntries(store)).toEqual([]);
  });
});

describe("wipeLocalStorage", () => {
  it("clears every key at once and reloads 500 ms later", () => {
    vi.useFakeTimers();
    localStorage.setItem("generalSettings", "{}");
    localStorage.setItem("featureFlagOverrides", "{}");
    const reload = vi.fn();
    expect(wipeLocalStorage(localStorage, reload)).toBe(true);
    expect(localStorage.length).toBe(0);
    vi.advanceTimersByTime(499);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("says so when the store refuses, and still reloads", () => {
    const later = vi.fn();
    const reload = vi.fn();
    expect(wipeLocalStorage(broken, reload, later)).toBe(false);
    expect(later).toHaveBeenCalledWith(reload, 500);
  });
});
