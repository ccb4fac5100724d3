// The UHF Antennas card's controls against a scripted unit (test/uhfUnit.fakes.tsx) on a fake clock: each control sends
// exactly what the unit receives (Identify antennas, UHF_PORT off / on / a power, the transmitter), uhf/ports and
// uhf/config are read again after; while the unit is timing each first asks "Change antennas while timing?" naming
// what changes (No sends nothing, Yes sends); the power's limits and the unit's own refusal under the input.
import { fireEvent, screen, within } from "@testing-library/react";
import { UHF_PORT_POWER_REASON } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import {
  advance,
  card,
  cmds,
  openCard,
  scriptUhfUnit,
  settle,
  tile,
  unit,
} from "../../test/uhfUnit.fakes.tsx";
import { FOLLOW_EVERY_MS, FOLLOW_FOR_MS } from "./useAntennaCommands.ts";

scriptUhfUnit();

const click = async (el: HTMLElement) => {
  fireEvent.click(el);
  await settle();
};
const inTile = (n: number, name: string) => within(tile(n)).getByRole("button", { name });
const powerInput = (n: number) => within(tile(n)).getByLabelText(`Power (dB) of antenna ${n}`);
const setPower = async (n: number, text: string) => {
  fireEvent.change(powerInput(n), { target: { value: text } });
  await click(inTile(n, `Set power of antenna ${n}`));
};
const status = (n: number) => within(tile(n)).getByRole("status");

describe("each control sends exactly what the unit receives (the unit in test mode: nothing asked)", () => {
  it("Switch off: UHF_PORT channel OFF, power kept (empty); the unit's answer on the tile; ports and config read again", async () => {
    unit.answers.UHF_PORT = {
      status: 200,
      body: { cmd: "UHF_PORT", result: "Port 2 OFF at 30.0 dB", id: 1, enabled: false, pwr: 30 },
    };
    await openCard();
    const before = { ...unit.asked };
    await click(inTile(2, "Switch off antenna 2"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(cmds()).toEqual([{ cmd: "UHF_PORT", args: ["2", "OFF", ""] }]);
    expect(status(2)).toHaveTextContent("Port 2 OFF at 30.0 dB");
    for (const path of ["/api/telemetry/uhf/ports", "/api/telemetry/uhf/config"])
      expect(unit.asked[path], path).toBeGreaterThan(before[path] ?? 0);
  });

  it("Switch on, on a port uhf/config has off: UHF_PORT channel ON", async () => {
    (unit.config as { ports: { enabled: boolean }[] }).ports[2] = { id: 2, enabled: false, pwr: 30 } as never;
    unit.ports[2] = { ...unit.ports[2], state: "off", pwr: 0 };
    await openCard();
    await click(inTile(3, "Switch on antenna 3"));
    expect(cmds()).toEqual([{ cmd: "UHF_PORT", args: ["3", "ON", ""] }]);
  });

  it("Power (dB): UHF_PORT channel, its on/off kept, the power to 0.1 dB; the input emptied once the unit took it", async () => {
    await openCard();
    await setPower(1, "25.5");
    expect(cmds()).toEqual([{ cmd: "UHF_PORT", args: ["1", "ON", "25.5"] }]);
    expect(powerInput(1)).toHaveValue("");
    (unit.config as { ports: { enabled: boolean }[] }).ports[3] = { id: 3, enabled: false, pwr: 30 } as never;
    await click(within(card()).getByRole("button", { name: "Refresh UHF Antennas" }));
    await setPower(4, "12");
    expect(cmds()[1]).toEqual({ cmd: "UHF_PORT", args: ["4", "OFF", "12.0"] });
  });

  it("Identify: SPEC's Identify antennas; the tile it points at says so while the card follows the unit", async () => {
    await openCard();
    await click(inTile(3, "Identify"));
    expect(cmds()).toEqual([{ cmd: "IDENT_ANT", args: [] }]);
    // The unit points at antenna 1, then 2: the card reads uhf/ports every few seconds for a while.
    unit.ports[0] = { ...unit.ports[0], identifying: true };
    await advance(FOLLOW_EVERY_MS);
    await settle();
    expect(within(tile(1)).getByTestId("antenna-identifying")).toHaveTextContent("Identifying");
    unit.ports[0] = { ...unit.ports[0], identifying: false };
    unit.ports[1] = { ...unit.ports[1], identifying: true };
    await advance(FOLLOW_EVERY_MS);
    await settle();
    expect(within(tile(1)).queryByTestId("antenna-identifying")).toBeNull();
    expect(within(tile(2)).getByTestId("antenna-identifying")).toBeVisible();
    // Then it stops following: no read for a while.
    await advance(FOLLOW_FOR_MS);
    await settle();
    const after = unit.asked["/api/telemetry/uhf/ports"] ?? 0;
    await advance(5 * FOLLOW_EVERY_MS);
    expect(unit.asked["/api/telemetry/uhf/ports"]).toBe(after);
  });

  it("the transmitter: Enable/Disable UHF Transmitter, OFF then ON", async () => {
    await openCard();
    await click(within(card()).getByRole("button", { name: "Switch transmitter off" }));
    expect(cmds()).toEqual([{ cmd: "UHF_TX", args: ["OFF"] }]);
    unit.config = { ...(unit.config as object), transmitter: "OFF" };
    await click(within(card()).getByRole("button", { name: "Refresh UHF Antennas" }));
    expect(within(card()).getByTestId("uhf-transmitter")).toHaveTextContent("Off: no antenna reads");
    await click(within(card()).getByRole("button", { name: "Switch transmitter on" }));
    expect(cmds()[1]).toEqual({ cmd: "UHF_TX", args: ["ON"] });
  });

  it("an older unit: Identify antennas from the card", async () => {
    unit.ports = [{ id: 0, ant: true, reads: 4, loss: 18, pwr: 30 }];
    unit.config = null;
    await openCard();
    await click(within(card()).getByRole("button", { name: "Identify antennas" }));
    expect(cmds()).toEqual([{ cmd: "IDENT_ANT", args: [] }]);
  });

  it("a unit without race control (no timing dataset) is not asked either", async () => {
    unit.mode = null;
    await openCard();
    await click(inTile(1, "Switch off antenna 1"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(cmds()).toEqual([{ cmd: "UHF_PORT", args: ["1", "OFF", ""] }]);
  });
});

describe("while the unit is timing (D12)", () => {
  const question = () => screen.getByRole("dialog", { name: "Change antennas while timing?" });
  const answer = (name: string) => click(within(question()).getByRole("button", { name }));

  it("Switch off asks first, naming what changes; No sends nothing; Yes sends", async () => {
    unit.mode = "timing";
    await openCard();
    await click(inTile(2, "Switch off antenna 2"));
    expect(question()).toHaveTextContent("The unit is timing. This changes:");
    expect(within(question()).getByTestId("antenna-change")).toHaveTextContent(
      "Switch off antenna 2: it makes no reads until it is switched on",
    );
    await answer("No");
    expect(screen.queryByRole("dialog")).toBeNull();
    await advance(3_000);
    expect(cmds()).toEqual([]);
    await click(inTile(2, "Switch off antenna 2"));
    await answer("Yes, change while timing");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(cmds()).toEqual([{ cmd: "UHF_PORT", args: ["2", "OFF", ""] }]);
  });

  it("each control's question names its change: power from and to, Identify, the transmitter", async () => {
    unit.mode = "timing";
    await openCard();
    const change = () => within(question()).getByTestId("antenna-change").textContent;
    await setPower(3, "25");
    expect(change()).toBe("Antenna 3's power from 30.0 dB to 25.0 dB: its reads' RSSI and number follow it");
    await answer("No");
    await click(inTile(1, "Identify"));
    expect(change()).toBe(
      "Identify antennas: the unit points at each antenna that reads, one after the other",
    );
    await answer("No");
    await click(within(card()).getByRole("button", { name: "Switch transmitter off" }));
    expect(change()).toBe("Switch the UHF transmitter off: no antenna reads until it is switched on");
    await answer("No");
    expect(cmds()).toEqual([]);
    // The power answered Yes: sent, and the input emptied.
    await setPower(3, "25");
    await answer("Yes, change while timing");
    expect(cmds()).toEqual([{ cmd: "UHF_PORT", args: ["3", "ON", "25.0"] }]);
    expect(powerInput(3)).toHaveValue("");
  });

  it("a unit whose mode cannot be read is asked all the same, saying so", async () => {
    unit.mode = "failing";
    await openCard();
    await click(inTile(1, "Switch off antenna 1"));
    expect(question()).toHaveTextContent(
      "The unit may be timing (its mode could not be read). This changes:",
    );
    await answer("No");
    expect(cmds()).toEqual([]);
  });
});

describe("the power's limits and the unit's reason under the input", () => {
  it("the limits are under the input, tied to it", async () => {
    await openCard();
    const input = powerInput(1);
    const described = (input.getAttribute("aria-describedby") ?? "").split(" ");
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      "10.0 to 31.5 dB in steps of 0.5",
    ]);
  });

  it("a power the unit cannot take is not sent: the limits' reason under the input", async () => {
    await openCard();
    await setPower(1, "40");
    expect(cmds()).toEqual([]);
    const input = powerInput(1);
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription(`10.0 to 31.5 dB in steps of 0.5 ${UHF_PORT_POWER_REASON}`);
    // Typing again clears it.
    fireEvent.change(input, { target: { value: "30" } });
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).toHaveAccessibleDescription("10.0 to 31.5 dB in steps of 0.5");
  });

  it("the unit's refusal: its own reason under the input, tied to it, and nothing on the status line", async () => {
    unit.answers.UHF_PORT = { status: 400, body: { error: "power: the region allows at most 30 dB" } };
    await openCard();
    await setPower(2, "31.5");
    expect(cmds()).toEqual([{ cmd: "UHF_PORT", args: ["2", "ON", "31.5"] }]);
    const input = powerInput(2);
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription(
      "10.0 to 31.5 dB in steps of 0.5 power: the region allows at most 30 dB",
    );
    expect(input).toHaveValue("31.5");
    expect(status(2)).toHaveTextContent("");
  });

  it("a refused switch: the unit's reason on the tile's status line", async () => {
    unit.answers.UHF_PORT = { status: 400, body: { error: "channel: this unit has ports 1 to 3" } };
    await openCard();
    await click(inTile(1, "Switch off antenna 1"));
    expect(status(1)).toHaveTextContent("Not done: channel: this unit has ports 1 to 3");
  });
});
