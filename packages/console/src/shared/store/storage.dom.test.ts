// The persist storages: stored as plain JSON under the same keys as before, nothing written that nobody chose.
import { afterEach, describe, expect, it } from "vitest";
import { fieldStorage, plainStorage } from "./storage.ts";

afterEach(() => localStorage.clear());

describe("plainStorage", () => {
  const storage = plainStorage<{ a: number }>(() => localStorage, { a: 0 });

  it("reads a plain stored value, writes it plain", () => {
    localStorage.setItem("k", '{"a":2}');
    expect(storage.getItem("k")).toEqual({ state: { a: 2 }, version: 0 });
    storage.setItem("k", { state: { a: 3 } });
    expect(localStorage.getItem("k")).toBe('{"a":3}');
  });

  it("writes nothing for the default until something else was stored; then the default too", () => {
    expect(storage.getItem("k")).toBeNull();
    storage.setItem("k", { state: { a: 0 } });
    expect(localStorage.getItem("k")).toBeNull();
    storage.setItem("k", { state: { a: 1 } });
    storage.setItem("k", { state: { a: 0 } });
    expect(localStorage.getItem("k")).toBe('{"a":0}');
  });

  it("a corrupted value reads as nothing stored", () => {
    localStorage.setItem("k", "{not json");
    expect(storage.getItem("k")).toBeNull();
  });
});

describe("fieldStorage", () => {
  const storage = fieldStorage<{ on: boolean; n: number }>(
    () => localStorage,
    { on: "onKey", n: "nKey" },
    { on: false, n: 10 },
  );

  it("keeps each field under its own key, writing only the fields that changed from what is stored", () => {
    storage.setItem("unused", { state: { on: true, n: 10 } });
    expect(localStorage.getItem("onKey")).toBe("true");
    expect(localStorage.getItem("nKey")).toBeNull();
    localStorage.setItem("nKey", "3");
    expect(storage.getItem("unused")).toEqual({ state: { on: true, n: 3 }, version: 0 });
    storage.removeItem("unused");
    expect(localStorage.length).toBe(0);
  });
});
