// D14 (passings to a server over HTTP), on a unit that has it (its timing dataset carries `upload`): the dataset's
// upload, http_url in config/get (its credentials masked like a password), http_url outside its limits refused with
// 400, UPLOAD_FROM of no session refused with 400. Nothing is changed (a value the unit wrongly takes is written back).
// A unit without D14 is told what it lacks and passes (D14 is optional); upload-posted.ts checks the posts themselves.
import {
  API,
  type ConfigValue,
  checkHttpUrl,
  fieldIssues,
  maskUrl,
  TIMING_DATASET,
  UPLOAD,
  UploadTelemetry,
} from "@trc/protocol";
import { type Check, type Context, contract, type Outcome } from "../check.ts";
import { type Answer, callOf } from "../client.ts";

export const NO_UPLOAD =
  "no HTTP upload (D14: the timing dataset has no `upload`, config/get no http_url; posting passings to a server is optional)";

/** What the kit learnt of the unit's D14: why the checks do not apply, or its upload as the dataset said it. */
interface UploadFacts {
  absent: string | null;
  upload: unknown;
}
const learnt = new WeakMap<object, UploadFacts>();

/** Whether the unit has D14, read once from its timing dataset (404: no race control, so no upload either). */
export async function uploadFacts(ctx: Context): Promise<UploadFacts> {
  const known = learnt.get(ctx.facts);
  if (known) return known;
  const a = await ctx.client.get(API.telemetry(TIMING_DATASET));
  const json = a.json as Record<string, unknown> | undefined;
  const facts: UploadFacts =
    a.status === 404
      ? { absent: `${NO_UPLOAD}; GET ${API.telemetry(TIMING_DATASET)} answered 404`, upload: undefined }
      : a.status !== 200 || !json || typeof json !== "object" || !("upload" in json)
        ? { absent: NO_UPLOAD, upload: undefined }
        : { absent: null, upload: json.upload };
  learnt.set(ctx.facts, facts);
  return facts;
}

/** A URL the unit shows with its password in clear (D14: masked like a password). */
const leaks = (url: string) => maskUrl(url) !== url;

const dataset = contract("upload (D14)", async (ctx): Promise<Outcome> => {
  const facts = await uploadFacts(ctx);
  if (facts.absent) return { skip: facts.absent };
  const configured = ctx.facts.config?.[UPLOAD.urlKey];
  if (facts.upload === null) {
    return typeof configured === "string" && configured !== ""
      ? [`timing.upload is null while config/get.http_url is set (D14: null only when http_url is empty)`]
      : [];
  }
  const parsed = UploadTelemetry.safeParse(facts.upload);
  if (!parsed.success) {
    return fieldIssues(parsed.error.issues, facts.upload).map((i) => `timing.upload.${i.field} ${i.message}`);
  }
  const problems: string[] = [];
  if (leaks(parsed.data.url))
    problems.push("timing.upload.url shows the password of http_url: mask it (D14)");
  if (configured === "") problems.push("timing.upload is not null while config/get.http_url is empty (D14)");
  return problems;
});

const httpUrl = contract("http_url (D14)", async (ctx): Promise<Outcome> => {
  const facts = await uploadFacts(ctx);
  if (facts.absent) return { skip: facts.absent };
  const config = ctx.facts.config;
  if (!config) return { skip: "config/get gave no configuration (see config get)" };
  const value = config[UPLOAD.urlKey];
  if (typeof value !== "string")
    return ["config/get.http_url is missing, though the timing dataset has `upload` (D14)"];
  const problems: string[] = [];
  const reason = checkHttpUrl(value);
  if (reason) problems.push(`config/get.http_url is ${JSON.stringify(value)}: ${reason.toLowerCase()} (D14)`);
  if (leaks(value)) problems.push("config/get.http_url shows its password: mask it like a password (D14)");
  return problems;
});

/** Values http_url must refuse (400); what a unit wrongly takes is written back. */
export const HTTP_URL_PROBES: readonly { value: string; why: string }[] = [
  { value: "ftp://results.example.org/passings", why: "not http or https" },
  { value: "results.example.org/passings", why: "no scheme" },
  { value: "http://results example.org/", why: "a space" },
  { value: `http://results.example.org/${"p".repeat(UPLOAD.maxUrlLength)}`, why: "over 200 characters" },
];

const time = () => new Date().toISOString();
const auth = (ctx: Context) => (ctx.options.password ? { auth_pw: ctx.options.password } : {});

export function setConfig(ctx: Context, key: string, value: ConfigValue): Promise<Answer> {
  return ctx.client.post(API.configSet, { key, value, time: time(), ...auth(ctx) });
}

export function execute(ctx: Context, cmd: string, args: string[]): Promise<Answer> {
  return ctx.client.post(API.commandExecute, { cmd, args, ...auth(ctx) });
}

const urlRefusals = contract("http_url refusals (D14)", async (ctx): Promise<Outcome> => {
  const facts = await uploadFacts(ctx);
  if (facts.absent) return { skip: facts.absent };
  const original = ctx.facts.config?.[UPLOAD.urlKey];
  const problems: string[] = [];
  for (const probe of HTTP_URL_PROBES) {
    const a = await setConfig(ctx, UPLOAD.urlKey, probe.value);
    if (a.status === 400) continue;
    if (a.status === 401 && !ctx.options.password) {
      return { skip: "configuration sets want credentials (401); give a password to check them" };
    }
    let restored = "";
    if (a.status >= 200 && a.status < 300) {
      const back = typeof original === "string" ? await setConfig(ctx, UPLOAD.urlKey, original) : null;
      restored = back?.status === 200 ? "; the original written back" : "; the original NOT written back";
    }
    problems.push(`${callOf(a)} answered ${a.status} to http_url ${probe.why}, expected 400${restored}`);
  }
  return problems;
});

/** A session no unit has. */
export const NO_SESSION = "timing_trc_conformance_none.csv";

const uploadFromRefusals = contract("UPLOAD_FROM refusals (D14)", async (ctx): Promise<Outcome> => {
  const facts = await uploadFacts(ctx);
  if (facts.absent) return { skip: facts.absent };
  const problems: string[] = [];
  for (const [args, why] of [
    [[NO_SESSION, "1"], "a session the unit does not have"],
    [[NO_SESSION, "0"], "passing 0 (numbers start at 1)"],
  ] as const) {
    const a = await execute(ctx, "UPLOAD_FROM", [...args]);
    if (a.status === 400 && typeof (a.json as { error?: unknown } | undefined)?.error === "string") continue;
    problems.push(
      `${callOf(a)} answered ${a.status} to UPLOAD_FROM ${args.join(" ")} (${why}), expected 400 with { "error": reason }`,
    );
  }
  return problems;
});

export const UPLOAD_CHECKS: readonly Check[] = [dataset, httpUrl, urlRefusals, uploadFromRefusals];
