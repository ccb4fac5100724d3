// Unit tests of "http_url points at the unit itself" (D14): its own ports at the addresses that reach it.
import { describe, expect, it } from "vitest";
import { isLiteralHost, plainHost, pointsAtSelf, type SelfAddresses, urlPort } from "./self-address.ts";

const loopbackUnit: SelfAddresses = {
  listenHost: "127.0.0.1",
  staticIp: "192.168.1.50",
  interfaces: ["127.0.0.1", "::1", "10.0.0.7"],
  ports: [8080, 10000, 10001],
};
const everyInterface: SelfAddresses = { ...loopbackUnit, listenHost: "0.0.0.0" };

describe("pointsAtSelf", () => {
  it.each([
    ["127.0.0.1", 8080, true],
    ["localhost", 8080, true],
    ["LOCALHOST.", 10001, true],
    ["0.0.0.0", 10000, true],
    ["192.168.1.50", 8080, true],
    ["[::ffff:127.0.0.1]", 8080, true],
    ["127.0.0.1", 9090, false],
    ["localhost", 9090, false],
    ["10.0.0.7", 8080, false],
    ["127.0.0.2", 8080, false],
    ["results.example.org", 8080, false],
  ])("a unit on 127.0.0.1: %s:%i → %s", (host, port, self) => {
    expect(pointsAtSelf(host, port, loopbackUnit)).toBe(self);
  });

  it.each([
    ["10.0.0.7", 8080, true],
    ["::1", 10001, true],
    ["127.0.0.9", 8080, true],
    ["10.0.0.8", 8080, false],
    ["10.0.0.7", 9090, false],
  ])("a unit on every interface: %s:%i → %s", (host, port, self) => {
    expect(pointsAtSelf(host, port, everyInterface)).toBe(self);
  });

  it("ports and literal hosts", () => {
    expect(urlPort(new URL("http://h.org/"))).toBe(80);
    expect(urlPort(new URL("https://h.org/"))).toBe(443);
    expect(urlPort(new URL("https://h.org:8443/"))).toBe(8443);
    expect(isLiteralHost("[::1]")).toBe(true);
    expect(isLiteralHost("192.168.1.50")).toBe(true);
    expect(isLiteralHost("unit.localhost")).toBe(true);
    expect(isLiteralHost("results.example.org")).toBe(false);
    expect(plainHost("[::FFFF:10.0.0.1]")).toBe("10.0.0.1");
    expect(plainHost(new URL("http://[::ffff:127.0.0.1]/").hostname)).toBe("127.0.0.1");
  });
});
