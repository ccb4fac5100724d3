// Which units a profile is compared with and applied to: the polled ones, then the broker units that give their
// address (issue 32: "works for polled units and for broker units that give their address"), each address once.
import { describe, expect, it } from "vitest";
import type { BrokerView } from "./brokerFeed.ts";
import type { FleetRow } from "./model.ts";
import type { FleetReading } from "./poll.ts";
import { profileTargets, profileUnitOf } from "./useFleetProfiles.ts";

const polled = (address: string, name: string) =>
  ({ address, name, source: "Polled" }) as unknown as FleetRow;
const reading = (timing: unknown) => ({ data: { timing } }) as unknown as FleetReading;
const broker = (units: { id: string; name?: string; address?: string; timing?: unknown }[]): BrokerView =>
  ({
    url: "ws://127.0.0.1:9001",
    state: "connected",
    message: "",
    units: units.map((u) => ({ ...u, reading: u.timing === undefined ? undefined : reading(u.timing) })),
  }) as unknown as BrokerView;

describe("profileTargets", () => {
  it("the polled units with their mode, then each broker unit that gives an address not polled already", () => {
    const targets = profileTargets(
      [polled("http://10.0.0.1", "START"), polled("http://10.0.0.2", "FINISH")],
      {
        "http://10.0.0.1": reading({ mode: "timing" }),
        "http://10.0.0.2": reading(null),
      },
      [
        broker([
          { id: "trc-03", name: "SPLIT", address: "http://10.0.0.3", timing: { mode: "test" } },
          // Also polled: compared once, as the polled unit.
          { id: "trc-01", name: "START", address: "http://10.0.0.1", timing: { mode: "test" } },
          // No address: nothing to send a setting to.
          { id: "trc-04", name: "LOOP" },
          // No name yet: its id.
          { id: "trc-05", address: "http://10.0.0.5" },
        ]),
      ],
    );
    expect(targets).toEqual([
      { unit: "http://10.0.0.1", name: "START", mode: "timing" },
      { unit: "http://10.0.0.2", name: "FINISH", mode: null },
      { unit: "http://10.0.0.3", name: "SPLIT", mode: "test" },
      { unit: "http://10.0.0.5", name: "trc-05", mode: undefined },
    ]);
  });

  it("a row's Profile cell is of its address: a polled row's, a broker row's (none without one)", () => {
    expect(profileUnitOf(polled("http://10.0.0.1", "START"))).toBe("http://10.0.0.1");
    expect(profileUnitOf({ source: "Broker", opens: "http://10.0.0.3" } as unknown as FleetRow)).toBe(
      "http://10.0.0.3",
    );
    expect(profileUnitOf({ source: "Broker", opens: "" } as unknown as FleetRow)).toBeNull();
  });
});
