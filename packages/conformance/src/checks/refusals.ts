// Contract checks of refusals: password test 400/401, unknown command 404, level 401, config set 404/400, hostile names.
import { API, type ConfigValue } from "@trc/protocol";
import {
  type Check,
  type Context,
  contract,
  statusProblem,
  UNKNOWN_COMMAND,
  UNKNOWN_KEY,
  WRONG_PASSWORD,
} from "../check.ts";
import { callOf } from "../client.ts";

const problems = (...list: (string | null)[]) => list.filter((p): p is string => p !== null);

const noPassword = contract("password test without password", async ({ client }) =>
  problems(statusProblem(await client.post(API.authTest, {}), 400)),
);

const wrongPassword = contract("password test wrong password", async ({ client }) =>
  problems(statusProblem(await client.post(API.authTest, { auth_pw: WRONG_PASSWORD }), 401)),
);

const unknownCommand = contract("unknown command", async ({ client }) =>
  problems(statusProblem(await client.post(API.commandExecute, { cmd: UNKNOWN_COMMAND, args: [] }), 404)),
);

/** GET_PW (level 20) only reads; without credentials (level 10) it must be refused. */
const levelEnforcement = contract("level enforcement", async ({ client }) => {
  const a = await client.post(API.commandExecute, { cmd: "GET_PW", args: [] });
  if (a.status !== 401 && a.status >= 200 && a.status < 300) {
    return [
      `${callOf(a)} answered ${a.status} to GET_PW (level 20) without credentials (level 10), expected 401`,
    ];
  }
  return problems(statusProblem(a, 401));
});

const wrongPasswordExecute = contract("wrong password on execute", async ({ client }) => {
  const body = { cmd: "GET_PW", args: [], auth_pw: WRONG_PASSWORD };
  const a = await client.post(API.commandExecute, body);
  if (a.status >= 200 && a.status < 300) {
    return [`${callOf(a)} answered ${a.status} to GET_PW with a wrong password, expected 401`];
  }
  return problems(statusProblem(a, 401));
});

const time = () => new Date().toISOString();

const configUnknownKey = contract("config set unknown key", async ({ client }) =>
  problems(
    statusProblem(await client.post(API.configSet, { key: UNKNOWN_KEY, value: "x", time: time() }), 404),
  ),
);

/** The key a wrong type is sent to; the original value is written back at once if the unit takes it. */
const TYPED_KEY = "tag_timeout";

async function setConfig(ctx: Context, key: string, value: ConfigValue) {
  const auth = ctx.options.password ? { auth_pw: ctx.options.password } : {};
  return ctx.client.post(API.configSet, { key, value, time: time(), ...auth });
}

const configWrongType = contract("config set wrong type", async (ctx) => {
  const original = ctx.facts.config?.[TYPED_KEY];
  if (typeof original !== "number") {
    return { skip: `config/get gave no number for ${TYPED_KEY}, so it could not be written back` };
  }
  const a = await setConfig(ctx, TYPED_KEY, "not-a-number");
  if (a.status === 401 && !ctx.options.password) {
    return { skip: `${callOf(a)} wants credentials (401); give a password to check it` };
  }
  if (a.status >= 200 && a.status < 300) {
    const back = await setConfig(ctx, TYPED_KEY, original);
    const restored = back.status === 200 ? "written back" : `NOT written back (${back.status})`;
    return [
      `${callOf(a)} took a string for number key ${TYPED_KEY} (${a.status}, expected 400; ${original} ${restored})`,
    ];
  }
  return problems(statusProblem(a, 400));
});

const enc = encodeURIComponent;

/** Raw query values (already URL-encoded, some deliberately twice or oddly). */
function hostileNames(listed: string | undefined): string[] {
  const names = [
    enc("../config.json"),
    enc("../../../../../../etc/passwd"),
    enc("/etc/passwd"),
    enc("..\\config.json"),
    "%2e%2e%2f%2e%2e%2fpasswords.json",
    "%252e%252e%252fconfig.json",
    enc("....//....//etc/passwd"),
    "..%c0%afconfig.json",
    enc("C:\\Windows\\win.ini"),
    enc("files/../../device.json"),
  ];
  if (listed) names.push(enc(`./${listed}`), enc(`../files/${listed}`), enc(`${listed}\0.txt`));
  return names;
}

const hostileDownloads = contract("hostile download names", async ({ client, facts }) => {
  const found: string[] = [];
  for (const raw of hostileNames(facts.files?.[0]?.name)) {
    const a = await client.get(`${API.fileDownload("x").split("?")[0]}?fileName=${raw}`);
    if (a.status >= 200 && a.status < 300)
      found.push(`${callOf(a)} answered ${a.status} with ${a.bytes.length} bytes`);
  }
  return found;
});

export const REFUSAL_CHECKS: readonly Check[] = [
  noPassword,
  wrongPassword,
  unknownCommand,
  levelEnforcement,
  wrongPasswordExecute,
  configUnknownKey,
  configWrongType,
  hostileDownloads,
];

/** The raw names, for the docs and tests. */
export const HOSTILE_NAMES = hostileNames;
