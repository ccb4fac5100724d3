// The kit reads a unit's address as the console does (@trc/protocol's canonical form) and says why one is refused.
import { describe, expect, it } from "vitest";
import { normaliseUrl } from "../src/run.ts";

describe("normaliseUrl", () => {
  it.each([
    ["HTTP://Decoder.local/", "http://decoder.local"],
    ["192.168.4.1:80", "http://192.168.4.1"],
    ["https://decoder.local:443//", "https://decoder.local"],
    ["http://[::1]:8080/", "http://[::1]:8080"],
  ])("%j is %j, the console's address of that unit", (typed, address) => {
    expect(normaliseUrl(typed)).toBe(address);
  });

  it.each([
    ["ftp://unit", "Use an http:// or https:// address: ftp://unit"],
    ["http://", "Not a valid URL (for example http://192.168.4.1): http://"],
    ["http://unit/?x=1", "No query or fragment, just the device address: http://unit/?x=1"],
  ])("%j is refused: %s", (typed, message) => {
    expect(() => normaliseUrl(typed)).toThrow(message);
  });
});
