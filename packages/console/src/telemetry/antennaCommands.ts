// What the UHF Antennas card's controls send (issue "The antennas and the clock a result depends on", item 3), pure:
// SPEC's Identify antennas (IDENT_ANT) and UHF transmitter (UHF_TX), D13's UHF_PORT (channel 1-based, ON or OFF, power
// dB or empty), each with what it changes in words (the timing question names it), and the outcome's words.
import { parseUhfPortPower, UHF_PORT_POWER_REASON, UHF_PORT_SETTLE_MS } from "@trc/protocol";
import { DeviceError, errorText, reasonOf } from "../api/errors.ts";

/** One command as sent, and what it changes in the operator's words. */
export interface AntennaCall {
  cmd: "IDENT_ANT" | "UHF_TX" | "UHF_PORT";
  args: string[];
  what: string;
}

/** The question asked first while the unit is timing (D12). */
export const TIMING_QUESTION = "Change antennas while timing?";

const SETTLE_S = UHF_PORT_SETTLE_MS / 1000;

/** SPEC's Identify antennas: the unit points at each antenna that reads, one after the other. */
export function identifyCall(): AntennaCall {
  return {
    cmd: "IDENT_ANT",
    args: [],
    what: "Identify antennas: the unit points at each antenna that reads, one after the other",
  };
}

/** UHF_PORT switching antenna `id` (zero-based) on or off, its power kept (empty). */
export function switchCall(id: number, on: boolean): AntennaCall {
  const n = id + 1;
  return {
    cmd: "UHF_PORT",
    args: [String(n), on ? "ON" : "OFF", ""],
    what: on
      ? `Switch on antenna ${n}: it settles for up to ${SETTLE_S} s, then reads`
      : `Switch off antenna ${n}: it makes no reads until it is switched on`,
  };
}

/**
 * UHF_PORT giving antenna `id` the power typed (`text`, dB), kept on or off as it is (`enabled`); `from` is its power
 * now (uhf/config's), named in the question. The limits' reason when the text is empty or not a power the unit takes.
 */
export function powerCall(
  id: number,
  enabled: boolean,
  text: string,
  from?: number,
): AntennaCall | { reason: string } {
  const db = parseUhfPortPower(text);
  if (db === null || db === undefined) return { reason: UHF_PORT_POWER_REASON };
  const n = id + 1;
  const was = typeof from === "number" && Number.isFinite(from) ? ` from ${from.toFixed(1)} dB` : "";
  return {
    cmd: "UHF_PORT",
    args: [String(n), enabled ? "ON" : "OFF", db.toFixed(1)],
    what: `Antenna ${n}'s power${was} to ${db.toFixed(1)} dB: its reads' RSSI and number follow it`,
  };
}

/** SPEC's Enable/Disable UHF Transmitter. */
export function transmitterCall(on: boolean): AntennaCall {
  return {
    cmd: "UHF_TX",
    args: [on ? "ON" : "OFF"],
    what: on
      ? `Switch the UHF transmitter on: every antenna settles for up to ${SETTLE_S} s, then reads`
      : "Switch the UHF transmitter off: no antenna reads until it is switched on",
  };
}

/** The question's first line: the unit is timing, or may be (its mode could not be read). */
export function questionLead(modeKnown: boolean): string {
  return modeKnown
    ? "The unit is timing. This changes:"
    : "The unit may be timing (its mode could not be read). This changes:";
}

/** What the unit answered a command, in words: its `result`, else "Done". */
export function answerText(answer: { result?: unknown } | undefined): string {
  return typeof answer?.result === "string" && answer.result ? answer.result : "Done";
}

/** Why the unit refused: its own reason (`{ "error": reason }`), else what went wrong. */
export function refusalText(err: unknown): string {
  if (err instanceof DeviceError && err.kind === "http") return reasonOf(err.body) ?? err.message;
  return errorText(err);
}
