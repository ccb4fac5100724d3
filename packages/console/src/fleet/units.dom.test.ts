// The fleet's unit list: typed addresses checked (bad, empty, own, duplicate refused), kept under `fleet`, removed.

import { unitAddress } from "@trc/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetAllStores } from "../shared/store/lazyStore.ts";
import { checkNewUnit, FLEET_KEY, thisUnit, useFleetUnits } from "./units.ts";

beforeEach(() => {
  localStorage.clear();
  resetAllStores();
});
afterEach(() => localStorage.clear());

describe("checkNewUnit", () => {
  it.each([
    ["", "Enter the unit's address, for example http://192.168.4.2"],
    ["   ", "Enter the unit's address, for example http://192.168.4.2"],
    ["ftp://192.168.4.2", "Use an http:// or https:// address"],
    ["http://", "Not a valid URL (for example http://192.168.4.1)"],
    ["http://192.168.4.2/?x=1", "No query or fragment, just the device address"],
  ])("%j is refused: %s", (text, reason) => {
    expect(checkNewUnit(text, [])).toEqual({ ok: false, reason });
  });

  it("a bare host means http://; case and trailing slashes do not make another unit", () => {
    expect(checkNewUnit("192.168.4.2", [])).toEqual({ ok: true, address: "http://192.168.4.2" });
    expect(unitAddress("HTTP://Decoder-2.local:8080/")).toBe("http://decoder-2.local:8080");
    expect(checkNewUnit("http://192.168.4.2/", ["http://192.168.4.2"])).toEqual({
      ok: false,
      reason: "http://192.168.4.2 is already in the list",
    });
  });

  it("the unit that served the console is refused: it is listed already", () => {
    expect(checkNewUnit(`${thisUnit()}/`, [])).toEqual({
      ok: false,
      reason: "This is the unit that served the console",
    });
  });
});

describe("useFleetUnits", () => {
  it("adds, refuses a duplicate, removes, and keeps the list in localStorage under fleet", () => {
    const units = useFleetUnits.getState();
    expect(units.add("192.168.4.2")).toBeNull();
    expect(units.add("http://192.168.4.3")).toBeNull();
    expect(units.add("http://192.168.4.2")).toBe("http://192.168.4.2 is already in the list");
    expect(useFleetUnits.getState().added).toEqual(["http://192.168.4.2", "http://192.168.4.3"]);
    expect(JSON.parse(localStorage.getItem(FLEET_KEY) ?? "")).toEqual([
      "http://192.168.4.2",
      "http://192.168.4.3",
    ]);
    useFleetUnits.getState().remove("http://192.168.4.2");
    expect(JSON.parse(localStorage.getItem(FLEET_KEY) ?? "")).toEqual(["http://192.168.4.3"]);
  });

  it("reads the stored list back (a page load), leaving out what is not an address, duplicates and this unit", () => {
    localStorage.setItem(
      FLEET_KEY,
      JSON.stringify(["http://10.0.0.2", 42, "ftp://x", "http://10.0.0.2/", thisUnit(), "http://10.0.0.3"]),
    );
    resetAllStores();
    expect(useFleetUnits.getState().added).toEqual(["http://10.0.0.2", "http://10.0.0.3"]);
    localStorage.setItem(FLEET_KEY, "{not json");
    resetAllStores();
    expect(useFleetUnits.getState().added).toEqual([]);
  });

  it("reads old spellings of an address as its canonical form, one unit once", () => {
    localStorage.setItem(
      FLEET_KEY,
      JSON.stringify([
        "HTTP://Decoder.local/",
        "http://decoder.local",
        "192.168.4.1:80",
        "https://10.0.0.9:443/",
      ]),
    );
    resetAllStores();
    expect(useFleetUnits.getState().added).toEqual([
      "http://decoder.local",
      "http://192.168.4.1",
      "https://10.0.0.9",
    ]);
    // Another spelling of a listed unit is that unit.
    expect(useFleetUnits.getState().add("http://192.168.4.1:80/")).toBe(
      "http://192.168.4.1 is already in the list",
    );
  });

  it("writes nothing until a unit is added", () => {
    resetAllStores();
    expect(localStorage.getItem(FLEET_KEY)).toBeNull();
  });
});
