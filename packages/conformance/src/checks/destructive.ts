// Contract checks that change the unit (--destructive): config round trip, UHF_TX OFF/ON, FS_CLEAR then refreshFSDB.
import { API, type ConfigValue, checkConfigValue, FileList, findConfigItem } from "@trc/protocol";
import { type Check, type Context, contract, jsonProblems, statusProblem } from "../check.ts";
import { type Answer, callOf } from "../client.ts";

const auth = (ctx: Context) => (ctx.options.password ? { auth_pw: ctx.options.password } : {});

function post(ctx: Context, path: string, body: object): Promise<Answer> {
  return ctx.client.post(path, { ...body, ...auth(ctx) });
}

const execute = (ctx: Context, cmd: string, args: string[] = []) =>
  post(ctx, API.commandExecute, { cmd, args });

const setConfig = (ctx: Context, key: string, value: ConfigValue) =>
  post(ctx, API.configSet, { key, value, time: new Date().toISOString() });

async function readConfig(ctx: Context): Promise<Record<string, ConfigValue> | string> {
  const a = await ctx.client.get(API.configGet);
  if (a.status !== 200 || a.json === null || typeof a.json !== "object")
    return `${callOf(a)} answered ${a.status}`;
  return a.json as Record<string, ConfigValue>;
}

/** One key of each type; each is set to another valid value, read back, restored and read back again. */
const ROUND_TRIP: readonly [string, (v: ConfigValue) => ConfigValue][] = [
  ["mqtt_client_id", (v) => (v === "TRC-CONFORMANCE" ? "TRC-CONFORMANCE-2" : "TRC-CONFORMANCE")],
  ["tag_timeout", (v) => (v === 7 ? 8 : 7)],
  ["gps_correction", (v) => !v],
];

async function roundTrip(
  ctx: Context,
  key: string,
  next: (v: ConfigValue) => ConfigValue,
): Promise<string[]> {
  const before = await readConfig(ctx);
  if (typeof before === "string") return [before];
  const original = before[key];
  const item = findConfigItem(key);
  if (original === undefined || !item || checkConfigValue(item, original)) {
    return [`config/get.${key} is ${JSON.stringify(original)}: no valid value to restore`];
  }
  const value = next(original);
  const found: string[] = [];
  const set = await setConfig(ctx, key, value);
  const status = statusProblem(set, 200);
  if (status) return [`${status} (setting ${key} to ${JSON.stringify(value)})`];
  try {
    if (set.jsonError) found.push(`${callOf(set)} answered ${set.jsonError}`);
    const read = await readConfig(ctx);
    if (typeof read === "string") found.push(read);
    else if (read[key] !== value) {
      found.push(`config/get.${key} is ${JSON.stringify(read[key])} after setting ${JSON.stringify(value)}`);
    }
  } finally {
    const back = await setConfig(ctx, key, original);
    if (back.status !== 200) found.push(`restoring ${key}: ${statusProblem(back, 200)}`);
  }
  const after = await readConfig(ctx);
  if (typeof after === "string") found.push(after);
  else if (after[key] !== original) {
    found.push(
      `config/get.${key} is ${JSON.stringify(after[key])} after restoring ${JSON.stringify(original)}`,
    );
  }
  return found;
}

const configRoundTrip = contract("config round trip", async (ctx) => {
  const found: string[] = [];
  for (const [key, next] of ROUND_TRIP) {
    ctx.progress(`config round trip: ${key}`);
    found.push(...(await roundTrip(ctx, key, next)));
  }
  return found;
});

const uhfTxRoundTrip = contract("UHF_TX round trip", async (ctx) => {
  if (ctx.facts.deviceName?.mode === "hf") return { skip: "the unit is in hf mode (no UHF transmitter)" };
  const found: string[] = [];
  for (const state of ["OFF", "ON"]) {
    const a = await execute(ctx, "UHF_TX", [state]);
    const status = statusProblem(a, 200);
    if (status) found.push(`${status} (UHF_TX ${state})`);
    else if (a.jsonError) found.push(`${callOf(a)} (UHF_TX ${state}) answered ${a.jsonError}`);
  }
  return found;
});

async function listFiles(ctx: Context, when: string): Promise<{ names: string[] } | { problems: string[] }> {
  const a = await ctx.client.get(API.filesAll);
  const problems = jsonProblems(a, FileList, `getAll (${when})`);
  return problems.length ? { problems } : { names: FileList.parse(a.json).files.map((f) => f.name) };
}

/** refreshFSDB (example files exist), FS_CLEAR (some go), refreshFSDB again (files are back). */
const fsClear = contract("FS_CLEAR and refreshFSDB", async (ctx) => {
  const refresh = async (when: string) => {
    const a = await ctx.client.post(API.filesRefresh, {});
    const status = statusProblem(a, 200);
    if (status) return [status];
    const list = await listFiles(ctx, when);
    if ("problems" in list) return list.problems;
    return list.names.length ? [] : [`getAll (${when}) lists no file after ${API.filesRefresh}`];
  };
  const first = await refresh("after refreshFSDB");
  if (first.length) return first;
  const before = await listFiles(ctx, "before FS_CLEAR");
  if ("problems" in before) return before.problems;
  const clear = await execute(ctx, "FS_CLEAR");
  const status = statusProblem(clear, 200);
  if (status) return [`${status} (FS_CLEAR)`];
  const after = await listFiles(ctx, "after FS_CLEAR");
  if ("problems" in after) return after.problems;
  const found: string[] = [];
  if (after.names.length >= before.names.length) {
    found.push(`FS_CLEAR deleted nothing: getAll lists ${after.names.length} files before and after`);
  }
  found.push(...(await refresh("after the second refreshFSDB")));
  return found;
});

export const DESTRUCTIVE_CHECKS: readonly Check[] = [configRoundTrip, uhfTxRoundTrip, fsClear];
