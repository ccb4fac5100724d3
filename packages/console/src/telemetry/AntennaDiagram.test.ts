// The antenna diagram's routes from the crossbar (UHF card).
import { describe, expect, it } from "vitest";
import { antennaRoutes } from "./AntennaDiagram.tsx";

describe("antenna routes", () => {
  it.each([
    [false, { a: "A", b: "B" }],
    [undefined, { a: "A", b: "B" }],
    [true, { a: "B", b: "A" }],
  ])("xbar %s: %o", (xbar, routes) => {
    expect(antennaRoutes(xbar)).toEqual(routes);
  });
});
