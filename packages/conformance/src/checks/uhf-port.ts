// UHF_PORT (D13): what is not a port refused with 400 and the reason, changing nothing; with --destructive, on a real
// port also a bad ON/OFF or power refused, the port switched off at another power and back, the transmitter off and
// back, and Identify antennas, each seen in uhf/config and uhf/ports. A unit without UHF_PORT (404) is told so and passes.
import { API, parseUhfPortPower, UhfConfigTelemetry, UhfPortConfig, UhfPortsTelemetry } from "@trc/protocol";
import { type Check, type Context, contract, jsonProblems, type Outcome, sleep } from "../check.ts";
import { type Answer, callOf } from "../client.ts";
import { antennaFacts } from "./antennas.ts";

const NO_UHF_PORT = "no UHF_PORT (it answered 404; D13's port control is optional)";
const HF = "the unit is in hf mode (no UHF port)";
/** How long Identify antennas may take to point at a port. */
const IDENTIFY_WAIT_MS = 3000;

function execute(ctx: Context, cmd: string, args: string[]): Promise<Answer> {
  const auth = ctx.options.password ? { auth_pw: ctx.options.password } : {};
  return ctx.client.post(API.commandExecute, { cmd, args, ...auth });
}

/** Null when `a` is D13's refusal: 400 with `{ error }`. */
function refusal(a: Answer, args: readonly string[], why: string): string | null {
  const sent = `UHF_PORT ${JSON.stringify(args)} (${why})`;
  if (a.status !== 400) return `${callOf(a)} answered ${a.status} to ${sent}, expected 400`;
  const error = (a.json as { error?: unknown } | undefined)?.error;
  return typeof error === "string"
    ? null
    : `${callOf(a)} answered 400 to ${sent} without { "error": reason }`;
}

/** Sends each probe; "absent" when the first is answered 404 (the unit has no UHF_PORT). */
async function probe(ctx: Context, probes: readonly [string[], string][]): Promise<string[] | "absent"> {
  const problems: string[] = [];
  for (const [i, [args, why]] of probes.entries()) {
    const a = await execute(ctx, "UHF_PORT", args);
    if (i === 0 && a.status === 404) return "absent";
    const problem = refusal(a, args, why);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** Channels no unit has: refused whatever it does with a port, so safe on any unit. */
const refusals = contract("UHF_PORT refusals", async (ctx): Promise<Outcome> => {
  const known = antennaFacts(ctx);
  const beyond = String((known.uhfConfig?.ports.length ?? known.channels ?? 98) + 1);
  const found = await probe(ctx, [
    [["0", "ON", ""], "no port 0: channels are 1-based"],
    [[beyond, "ON", ""], "beyond the unit's ports"],
    [["one", "ON", ""], "not a number"],
    [["1.5", "ON", ""], "not a whole number"],
  ]);
  return found === "absent" ? { skip: NO_UHF_PORT } : found;
});

async function readConfig(ctx: Context, when: string): Promise<UhfConfigTelemetry | string> {
  const a = await ctx.client.get(API.telemetry("uhf/config"));
  const problems = jsonProblems(a, UhfConfigTelemetry, `uhf/config (${when})`);
  return problems.length ? problems.join("; ") : UhfConfigTelemetry.parse(a.json);
}

async function readPorts(ctx: Context): Promise<UhfPortsTelemetry["channels"]> {
  const a = await ctx.client.get(API.telemetry("uhf/ports"));
  const parsed = UhfPortsTelemetry.safeParse(a.json);
  return parsed.success ? parsed.data.channels : [];
}

const same = (a: UhfPortConfig | undefined, b: UhfPortConfig | undefined) =>
  a?.enabled === b?.enabled && a?.pwr === b?.pwr;

/** The port switched off at another power, seen in the answer, uhf/config and uhf/ports, then put back. */
async function portRoundTrip(ctx: Context, port: UhfPortConfig, found: string[]): Promise<void> {
  const channel = String(port.id + 1);
  const keepsPower = parseUhfPortPower(String(port.pwr)) !== undefined;
  const other = keepsPower ? (port.pwr === 20 ? "20.5" : "20.0") : "";
  const set = await execute(ctx, "UHF_PORT", [channel, "OFF", other]);
  if (set.status !== 200) {
    found.push(`${callOf(set)} answered ${set.status} to UHF_PORT ${channel} OFF ${other}, expected 200`);
    return;
  }
  const answer = UhfPortConfig.safeParse(set.json);
  const wanted = { id: port.id, enabled: false, pwr: other ? Number(other) : port.pwr };
  if (!answer.success || !same(answer.data, wanted) || answer.data.id !== port.id) {
    found.push(
      `UHF_PORT ${channel} OFF ${other} answered ${set.text.slice(0, 120)}, expected ${JSON.stringify(wanted)}`,
    );
  }
  const after = await readConfig(ctx, "after UHF_PORT");
  if (typeof after === "string") found.push(after);
  else if (
    !same(
      after.ports.find((p) => p.id === port.id),
      wanted,
    )
  ) {
    found.push(`uhf/config does not show port ${channel} as UHF_PORT set it: ${JSON.stringify(wanted)}`);
  }
  const state = (await readPorts(ctx)).find((c) => c.id === port.id)?.state;
  if (state !== undefined && state !== "off")
    found.push(`uhf/ports: port ${channel} switched off reads state ${state}`);
  const back = [channel, port.enabled ? "ON" : "OFF", keepsPower ? port.pwr.toFixed(1) : ""];
  const restore = await execute(ctx, "UHF_PORT", back);
  if (restore.status !== 200)
    found.push(`restoring port ${channel}: ${callOf(restore)} answered ${restore.status}`);
}

/** UHF_TX OFF: uhf/config says so and every port reads "off"; then the transmitter as it was. */
async function transmitterOff(ctx: Context, was: "ON" | "OFF", found: string[]): Promise<void> {
  const off = await execute(ctx, "UHF_TX", ["OFF"]);
  if (off.status !== 200) {
    found.push(`${callOf(off)} answered ${off.status} to UHF_TX OFF`);
    return;
  }
  const config = await readConfig(ctx, "after UHF_TX OFF");
  if (typeof config === "string") found.push(config);
  else if (config.transmitter !== "OFF")
    found.push(`uhf/config.transmitter is ${config.transmitter} after UHF_TX OFF`);
  const on = (await readPorts(ctx)).filter(
    (c) => c.state !== undefined && c.state !== "off" && c.state !== "fault",
  );
  if (on.length) found.push(`uhf/ports after UHF_TX OFF: port ${on.map((c) => c.id + 1).join(", ")} not off`);
  const back = await execute(ctx, "UHF_TX", [was]);
  if (back.status !== 200) found.push(`restoring the transmitter: ${callOf(back)} answered ${back.status}`);
}

/** IDENT_ANT: within 3 s a port with an antenna is identifying (when uhf/ports carries it). */
async function identify(ctx: Context, found: string[]): Promise<void> {
  const a = await execute(ctx, "IDENT_ANT", []);
  if (a.status !== 200) {
    found.push(`${callOf(a)} answered ${a.status} to IDENT_ANT`);
    return;
  }
  const end = Date.now() + IDENTIFY_WAIT_MS;
  for (;;) {
    const channels = await readPorts(ctx);
    const pointable = channels.filter((c) => c.ant && c.identifying !== undefined);
    if (!pointable.length || channels.some((c) => c.identifying)) return;
    if (Date.now() > end) {
      found.push(`uhf/ports: no port identifying within ${IDENTIFY_WAIT_MS / 1000} s of IDENT_ANT`);
      return;
    }
    await sleep(200);
  }
}

const roundTrip = contract("UHF_PORT round trip", async (ctx): Promise<Outcome> => {
  if (ctx.facts.deviceName?.mode === "hf") return { skip: HF };
  const config = antennaFacts(ctx).uhfConfig;
  if (!config) return { skip: "uhf/config is not D13's (no ports to restore a port from)" };
  const port = config.ports[0];
  if (!port) return { skip: "uhf/config lists no port" };
  const channel = String(port.id + 1);
  const found = await probe(ctx, [
    [[channel, "MAYBE", ""], "enabled is ON or OFF"],
    [[channel, "ON", "9.5"], "power below 10.0"],
    [[channel, "ON", "32"], "power above 31.5"],
    [[channel, "ON", "20.3"], "power not in steps of 0.5"],
    [[channel, "ON", "high"], "power not a number"],
  ]);
  if (found === "absent") return { skip: NO_UHF_PORT };
  const unchanged = await readConfig(ctx, "after the refusals");
  if (typeof unchanged === "string") return [...found, unchanged];
  if (
    !same(
      unchanged.ports.find((p) => p.id === port.id),
      port,
    )
  ) {
    found.push(`uhf/config: port ${channel} changed although every UHF_PORT was refused`);
  }
  await portRoundTrip(ctx, port, found);
  await transmitterOff(ctx, config.transmitter, found);
  const restored = await readConfig(ctx, "restored");
  if (typeof restored === "string") found.push(restored);
  else if (
    !same(
      restored.ports.find((p) => p.id === port.id),
      port,
    ) ||
    restored.transmitter !== config.transmitter
  ) {
    found.push(`uhf/config is not as it was after restoring: ${JSON.stringify(restored.ports[0])}`);
  }
  await identify(ctx, found);
  return found;
});

/** With the refusals: safe on any unit. */
export const UHF_PORT_REFUSALS: readonly Check[] = [refusals];
/** With --destructive only: switches a port and the transmitter off and back. */
export const UHF_PORT_DESTRUCTIVE: readonly Check[] = [roundTrip];
