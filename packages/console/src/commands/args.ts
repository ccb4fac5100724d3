// Command arguments: drafts as typed, their checks (D4 formats) and the packet the device receives (D3).
import {
  type CommandDefinition,
  checkCommandArg,
  type ExecuteRequest,
  parsePickerDate,
  toManualTimeArg,
} from "@trc/protocol";

/** The picker's message for an entry that is not a real date and time (SPEC §8). */
export const DATE_INVALID = "Date input not valid.";
/** The argument type entered with the date-time picker (the manual time command). */
export const PICKER_TYPE = "manual-time";

/** Argument types whose example is also the default (SPEC §9: reboot delay 10, UHF transmitter ON). */
const DEFAULTED_TYPES = new Set(["minutes", "onoff"]);

/** A new draft: defaults where the spec names one, empty elsewhere (the example shows as placeholder). */
export function initialDraft(def: Pick<CommandDefinition, "args">): string[] {
  return def.args.map((a) => (DEFAULTED_TYPES.has(a.type) ? a.val : ""));
}

export interface CheckedArgs {
  /** The values as the packet carries them. */
  values: string[];
  /** Per argument: why it is invalid, or null. */
  reasons: (string | null)[];
  valid: boolean;
}

/** One argument as typed to its packet value and reason; the picker's text becomes YYMMDDHHMMSSmmm (UTC). */
export function checkArg(type: string, typed: string): { value: string; reason: string | null } {
  if (type === PICKER_TYPE) {
    const date = parsePickerDate(typed);
    if (!date) return { value: typed.trim(), reason: DATE_INVALID };
    const value = toManualTimeArg(date);
    return { value, reason: checkCommandArg(type, value) };
  }
  return { value: typed.trim(), reason: checkCommandArg(type, typed) };
}

export function checkArgs(def: Pick<CommandDefinition, "args">, draft: readonly string[]): CheckedArgs {
  const checked = def.args.map((a, i) => checkArg(a.type, draft[i] ?? ""));
  return {
    values: checked.map((c) => c.value),
    reasons: checked.map((c) => c.reason),
    valid: checked.every((c) => c.reason === null),
  };
}

/** The exact packet: cmd, args, and auth_pw or auth_key when auth is used. */
export function buildPacket(
  cmd: string,
  values: readonly string[],
  creds: { auth_pw?: string; auth_key?: string },
): ExecuteRequest {
  return { cmd, args: [...values], ...creds };
}

const MASK = "********";

/** The packet as history keeps it in localStorage: no password, ever (D7), neither credential nor argument. */
export function maskedPacket(packet: ExecuteRequest, def: Pick<CommandDefinition, "args">): ExecuteRequest {
  const out: ExecuteRequest = {
    cmd: packet.cmd,
    args: packet.args.map((v, i) => (isSecretArg(def.args[i]?.name) ? MASK : v)),
  };
  if (packet.auth_pw !== undefined) out.auth_pw = MASK;
  if (packet.auth_key !== undefined) out.auth_key = MASK;
  return out;
}

export function isSecretArg(name: string | undefined): boolean {
  return !!name && /pass(word)?|pw/i.test(name);
}
