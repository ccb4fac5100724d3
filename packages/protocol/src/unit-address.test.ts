// Unit tests of a unit's canonical address: every spelling of one unit is one address, bad input says why.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkUnitAddress, sameUnit, UNIT_ADDRESS_REASONS, unitAddress } from "./unit-address.ts";

describe("unitAddress", () => {
  it.each([
    ["HTTP://Decoder.local/", "http://decoder.local"],
    ["http://decoder.local", "http://decoder.local"],
    ["decoder.local", "http://decoder.local"],
    ["  Decoder.Local  ", "http://decoder.local"],
    ["192.168.4.1:80", "http://192.168.4.1"],
    ["http://192.168.4.1:80/", "http://192.168.4.1"],
    ["http://192.168.4.1", "http://192.168.4.1"],
    ["192.168.4.1:8080", "http://192.168.4.1:8080"],
    ["localhost:8080", "http://localhost:8080"],
    ["https://decoder.local:443", "https://decoder.local"],
    ["HTTPS://DECODER.LOCAL:443///", "https://decoder.local"],
    ["https://decoder.local:80", "https://decoder.local:80"],
    ["http://decoder.local:443", "http://decoder.local:443"],
    ["http://[::1]:8080/", "http://[::1]:8080"],
    ["http://[::1]:80", "http://[::1]"],
    ["[::1]:8081", "http://[::1]:8081"],
    ["http://[0:0:0:0:0:0:0:1]", "http://[::1]"],
    ["http://decoder.local/units/A/", "http://decoder.local/units/A"],
    ["http://decoder.local/units//", "http://decoder.local/units"],
    ["http://127.0.0.1:08080", "http://127.0.0.1:8080"],
  ])("%j is %j", (typed, canonical) => {
    expect(unitAddress(typed)).toBe(canonical);
    expect(checkUnitAddress(typed)).toEqual({ ok: true, address: canonical });
  });

  it.each([
    ["", UNIT_ADDRESS_REASONS.empty],
    ["   ", UNIT_ADDRESS_REASONS.empty],
    ["ftp://192.168.4.2", "Use an http:// or https:// address"],
    ["ws://decoder.local", "Use an http:// or https:// address"],
    ["http://", "Not a valid URL (for example http://192.168.4.1)"],
    ["http://exa mple", "Not a valid URL (for example http://192.168.4.1)"],
    ["http://decoder.local:99999", "Not a valid URL (for example http://192.168.4.1)"],
    ["mailto:someone", "Not a valid URL (for example http://192.168.4.1)"],
    ["http://[::1", "Not a valid URL (for example http://192.168.4.1)"],
    ["http://192.168.4.2/?x=1", "No query or fragment, just the device address"],
    ["http://192.168.4.2/?", "No query or fragment, just the device address"],
    ["http://192.168.4.2#top", "No query or fragment, just the device address"],
    ["192.168.4.2#", "No query or fragment, just the device address"],
    ["http://owner:secret@192.168.4.2", "No user name or password in the address"],
    ["http://owner@192.168.4.2", "No user name or password in the address"],
  ])("%j is refused: %s", (typed, reason) => {
    expect(checkUnitAddress(typed)).toEqual({ ok: false, reason });
    expect(unitAddress(typed)).toBeNull();
  });

  it("is idempotent: a canonical address reads as itself", () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: false, withFragments: false }), (url) => {
        const once = unitAddress(url);
        if (once === null) return;
        expect(unitAddress(once)).toBe(once);
        expect(once).not.toMatch(/\/$/);
        expect(once).toMatch(/^https?:\/\/[^A-Z/]+/);
      }),
    );
  });

  it("gives one address to the case, slash and default-port spellings of one unit", () => {
    const spellings = fc.record({
      upper: fc.boolean(),
      slashes: fc.nat({ max: 3 }),
      port: fc.boolean(),
      scheme: fc.boolean(),
    });
    fc.assert(
      fc.property(spellings, ({ upper, slashes, port, scheme }) => {
        let s = `${scheme ? "http://" : ""}Decoder-07.Local${port ? ":80" : ""}${"/".repeat(slashes)}`;
        if (upper) s = s.replace("http", "HTTP");
        expect(unitAddress(s)).toBe("http://decoder-07.local");
      }),
    );
  });
});

describe("sameUnit", () => {
  it("matches spellings of one unit and only those", () => {
    expect(sameUnit("HTTP://Decoder.local/", "http://decoder.local")).toBe(true);
    expect(sameUnit("192.168.4.1:80", "http://192.168.4.1")).toBe(true);
    expect(sameUnit("http://192.168.4.1", "https://192.168.4.1")).toBe(false);
    expect(sameUnit("http://192.168.4.1:8080", "http://192.168.4.1")).toBe(false);
    expect(sameUnit("", "")).toBe(false);
  });
});
