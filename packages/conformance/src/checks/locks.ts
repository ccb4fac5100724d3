// Recommendations of issue 23 for real firmware: values outside D5 refused (400), and guesses sent at once limited too.
import { API, type ConfigValue, PASSWORD_TRIES } from "@trc/protocol";
import { type Check, type Context, type Outcome, recommendation, WRONG_PASSWORD } from "../check.ts";
import { type Answer, callOf } from "../client.ts";

/** A value the unit must refuse (400): harmless probes always, network ones (that could cut the kit off) with --destructive. */
export interface RangeProbe {
  key: string;
  value: ConfigValue;
  why: string;
}

export const SAFE_PROBES: readonly RangeProbe[] = [
  { key: "tag_timeout", value: 1e308, why: "far above any timeout" },
  { key: "mqtt_client_id", value: "TRC\r\nCONFORMANCE", why: "CR LF in a client id" },
];

export const NETWORK_PROBES: readonly RangeProbe[] = [
  { key: "lan_subnet", value: "1.2.3.4", why: "not a subnet mask" },
  { key: "static_ip", value: "0.0.0.0", why: "not a host address" },
  { key: "ap_password", value: "", why: "WPA2 needs 8 to 63 characters" },
];

/** REBOOT_DELAY beyond a day (40000 minutes overflowed a 32-bit timer and rebooted a unit at once). */
export const REBOOT_DELAY_PROBE = "40000";

const time = () => new Date().toISOString();

async function probe(ctx: Context, p: RangeProbe): Promise<string | "auth" | null> {
  const auth = ctx.options.password ? { auth_pw: ctx.options.password } : {};
  const a = await ctx.client.post(API.configSet, { key: p.key, value: p.value, time: time(), ...auth });
  if (a.status === 400) return null;
  if (a.status === 401 && !ctx.options.password) return "auth";
  if (a.status < 200 || a.status >= 300)
    return `${callOf(a)} answered ${a.status} to ${p.key} = ${JSON.stringify(p.value)} (${p.why}), expected 400`;
  const original = ctx.facts.config?.[p.key];
  const back =
    original === undefined
      ? "no value to write back"
      : (await ctx.client.post(API.configSet, { key: p.key, value: original, time: time(), ...auth }))
            .status === 200
        ? `${JSON.stringify(original)} written back`
        : `${JSON.stringify(original)} NOT written back`;
  return `${callOf(a)} stored ${p.key} = ${JSON.stringify(p.value)} (${p.why}; ${a.status}, expected 400; ${back})`;
}

async function probeAll(ctx: Context, probes: readonly RangeProbe[]): Promise<Outcome> {
  const problems: string[] = [];
  for (const p of probes) {
    const problem = await probe(ctx, p);
    if (problem === "auth")
      return { skip: "configuration sets want credentials (401); give a password to check them" };
    if (problem) problems.push(problem);
  }
  return problems;
}

const rangesRefused = recommendation("values out of range refused", (ctx) => probeAll(ctx, SAFE_PROBES));

const networkRangesRefused = recommendation("network values out of range refused", (ctx) =>
  probeAll(ctx, NETWORK_PROBES),
);

const rebootDelayRange = recommendation("REBOOT_DELAY range", async ({ client, options }) => {
  const auth = options.password ? { auth_pw: options.password } : {};
  const a = await client.post(API.commandExecute, {
    cmd: "REBOOT_DELAY",
    args: [REBOOT_DELAY_PROBE],
    ...auth,
  });
  if (a.status === 400) return [];
  return [
    `${callOf(a)} answered ${a.status} to REBOOT_DELAY ${REBOOT_DELAY_PROBE} (minutes), expected 400 (1 to 1440; a delay beyond 2^31-1 ms fires at once)`,
  ];
});

/** How many wrong passwords the kit sends at once (few enough for a 4-socket unit). */
export const GUESS_BURST = 20;

function guess(ctx: Context, i: number): Promise<Answer> {
  return ctx.client.request("POST", API.authTest, {
    json: { auth_pw: `${WRONG_PASSWORD}-burst-${i}` },
    waitOn429Ms: 0,
  });
}

/** Leaves this address out of tries for up to a minute: it runs just before the password throttle. */
const guessesAtOnce = recommendation("guesses sent at once", async (ctx) => {
  ctx.progress(`guesses sent at once: ${GUESS_BURST} wrong passwords`);
  const answers = await Promise.all(Array.from({ length: GUESS_BURST }, (_, i) => guess(ctx, i)));
  const evaluated = answers.filter((a) => a.status === 401).length;
  const problems: string[] = [];
  if (evaluated > PASSWORD_TRIES.max) {
    problems.push(
      `${evaluated} of ${GUESS_BURST} wrong passwords sent at once to ${API.authTest} were evaluated (401), expected at most ${PASSWORD_TRIES.max} a minute (count a try when the request starts)`,
    );
  }
  const bare = answers.find((a) => a.status === 429 && !a.headers.get("retry-after"));
  if (bare) problems.push(`${callOf(bare)} answered 429 without Retry-After`);
  const other = answers.find((a) => a.status !== 401 && a.status !== 429);
  if (other)
    problems.push(`${callOf(other)} answered ${other.status} to a wrong password, expected 401 or 429`);
  return problems;
});

/** Run after the refusals (they write back what a unit took). */
export const RANGE_CHECKS: readonly Check[] = [rangesRefused];
/** With --destructive only: a unit that takes these may drop off the network or reboot. */
export const DESTRUCTIVE_RANGE_CHECKS: readonly Check[] = [networkRangesRefused, rebootDelayRange];
/** Just before the password throttle. */
export const GUESSING_CHECKS: readonly Check[] = [guessesAtOnce];
