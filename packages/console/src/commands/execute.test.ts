// Executing a command: the attempt is in the history before it is sent, its answer after; a refusal throws.
import { type CommandDefinition, findCommand } from "@trc/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DeviceError } from "../api/errors.ts";
import { useDeviceSettings } from "../shared/unit/deviceSettings.ts";
import { useCommands } from "./commandsStore.ts";
import { executeCommand } from "./execute.ts";

const IDENT = findCommand("IDENT_ANT") as CommandDefinition;
const ctx = { authType: "PASSWORD", authLevel: 20, argsValid: true, delayMs: 20 } as const;

/** A unit answering execute with `status` and `body`; the bodies it received. */
function unit(status: number, body: unknown) {
  const received: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      received.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return received;
}

beforeEach(() => {
  useDeviceSettings.getState().update({ rootAPI: "http://10.5.0.1" });
  useCommands.getState().clearHistory();
});
afterEach(() => {
  vi.unstubAllGlobals();
  useDeviceSettings.getState().update({ rootAPI: "" });
});

describe("executeCommand", () => {
  it("lists the attempt as not sent, sends after the delay with the password masked in the history", async () => {
    const received = unit(200, { cmd: "IDENT_ANT", result: "ok" });
    const packet = { cmd: "IDENT_ANT", args: [], auth_pw: "owner-pass" };
    const done = executeCommand(IDENT, packet, ctx);
    expect(useCommands.getState().history[0]).toMatchObject({ state: "NOTSENT", outcome: "PENDING" });
    expect(received).toEqual([]);
    const entry = await done;
    expect(received).toEqual([packet]);
    expect(entry).toMatchObject({ state: "RECEIVED", outcome: "SUCCESS", responseHeader: "HTTP 200" });
    expect(entry?.shownPacket).not.toContain("owner-pass");
  });

  it("a refusal is recorded with the device's body and thrown as a DeviceError with its reason", async () => {
    unit(400, { error: "bad argument" });
    const err = await executeCommand(IDENT, { cmd: "IDENT_ANT", args: [] }, ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeviceError);
    expect(err).toMatchObject({ status: 400, message: "HTTP 400: bad argument" });
    expect(useCommands.getState().history[0]).toMatchObject({
      state: "RECEIVED",
      outcome: "BAD ARG",
      responseHeader: "HTTP 400",
    });
    expect(useCommands.getState().history[0]?.responseBody).toContain("bad argument");
  });
});
