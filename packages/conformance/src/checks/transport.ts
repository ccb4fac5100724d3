// Checks over every answer (CORS: contract; error bodies, headers: recommendations), preflights, body limit, throttle.
import { API } from "@trc/protocol";
import { type Check, contract, recommendation, UNKNOWN_KEY, WRONG_PASSWORD } from "../check.ts";
import { type Answer, callOf, KIT_ORIGIN } from "../client.ts";

const isApi = (a: Answer) => a.path.startsWith("/api/");
const isDownload = (a: Answer) => a.path.startsWith(API.fileDownload("x").split("?")[0] ?? "");
const missing = (list: readonly Answer[], what: string) =>
  list.map((a) => `${what} on ${callOf(a)} (${a.status})`);

const corsEveryAnswer = contract("CORS header on every answer", async ({ client }) => {
  const allowed = (a: Answer) => {
    const value = a.headers.get("access-control-allow-origin");
    return value === "*" || value === KIT_ORIGIN;
  };
  return missing(
    client.answers.filter((a) => isApi(a) && a.origin === KIT_ORIGIN && !allowed(a)),
    "no Access-Control-Allow-Origin",
  );
});

const PREFLIGHTS: readonly [string, string, string][] = [
  [API.commandExecute, "POST", "content-type"],
  [API.authTest, "POST", "content-type"],
  [API.configSet, "POST", "content-type"],
  [API.fileDelete("x").split("?")[0] ?? "", "DELETE", ""],
];

const listHas = (header: string | null, item: string) =>
  (header ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .some((s) => s === "*" || s === item.toLowerCase());

const corsPreflight = contract("CORS preflight", async ({ client }) => {
  const found: string[] = [];
  for (const [path, method, headers] of PREFLIGHTS) {
    const a = await client.preflight(path, method, headers);
    const call = `OPTIONS ${path} (for ${method})`;
    const origin = a.headers.get("access-control-allow-origin");
    if (a.status < 200 || a.status >= 300) found.push(`${call} answered ${a.status}, expected 204 or 200`);
    else if (origin !== "*" && origin !== KIT_ORIGIN) found.push(`${call}: no Access-Control-Allow-Origin`);
    else if (!listHas(a.headers.get("access-control-allow-methods"), method)) {
      found.push(`${call}: Access-Control-Allow-Methods lacks ${method}`);
    } else if (headers && !listHas(a.headers.get("access-control-allow-headers"), headers)) {
      found.push(`${call}: Access-Control-Allow-Headers lacks ${headers}`);
    }
  }
  return found;
});

const errorBodies = recommendation("error bodies", async ({ client }) => {
  const bad = client.answers.filter((a) => {
    if (a.status < 400 || !isApi(a)) return false;
    return typeof (a.json as { error?: unknown } | undefined)?.error !== "string";
  });
  return missing(bad, 'no { "error": reason } body');
});

const jsonType = recommendation("JSON content type", async ({ client }) => {
  const bad = client.answers.filter(
    (a) =>
      isApi(a) &&
      !isDownload(a) &&
      a.jsonError === undefined &&
      !(a.headers.get("content-type") ?? "").includes("application/json"),
  );
  return missing(bad, "no Content-Type: application/json");
});

const notCached = recommendation("API answers not cached", async ({ client }) => {
  const bad = client.answers.filter(
    (a) => isApi(a) && a.method === "GET" && !/no-store/i.test(a.headers.get("cache-control") ?? ""),
  );
  return missing(bad, "no Cache-Control: no-store");
});

const securityHeaders = recommendation("security headers", async ({ client }) => {
  const found = missing(
    client.answers.filter((a) => isApi(a) && a.headers.get("x-content-type-options") !== "nosniff"),
    "no X-Content-Type-Options: nosniff",
  );
  for (const a of client.answers.filter((x) => isDownload(x) && x.status === 200)) {
    if (!/^attachment/i.test(a.headers.get("content-disposition") ?? "")) {
      found.push(`no Content-Disposition: attachment on ${callOf(a)}`);
    }
  }
  const page = await client.get("/");
  if (page.status === 200 && (page.headers.get("content-type") ?? "").includes("text/html")) {
    for (const h of ["content-security-policy", "x-content-type-options", "referrer-policy"]) {
      if (!page.headers.get(h)) found.push(`no ${h} on the console page (GET /)`);
    }
  }
  return found;
});

/** A JSON body well over the 16 kB the reference unit takes; an unknown key, so a unit that reads it changes nothing. */
const BIG_BODY_BYTES = 32 * 1024;

const bodyLimit = recommendation("body limit", async ({ client }) => {
  const a = await client.post(API.configSet, {
    key: UNKNOWN_KEY,
    value: "x".repeat(BIG_BODY_BYTES),
    time: new Date().toISOString(),
  });
  return a.status === 413
    ? []
    : [
        `${callOf(a)} with a ${BIG_BODY_BYTES / 1024} kB body answered ${a.status}, expected 413 (limit JSON bodies)`,
      ];
});

const MAX_GUESSES = 10;

/** Last of the checks that send passwords: it leaves this address blocked for up to a minute on a unit that throttles. */
const passwordThrottle = recommendation("password throttle", async ({ client, progress }) => {
  for (let i = 1; i <= MAX_GUESSES; i++) {
    progress(`password throttle: wrong password ${i}/${MAX_GUESSES}`);
    const a = await client.request("POST", API.authTest, {
      json: { auth_pw: `${WRONG_PASSWORD}-${i}` },
      waitOn429Ms: 0,
    });
    if (a.status === 429) {
      return a.headers.get("retry-after") ? [] : [`${callOf(a)} answered 429 without Retry-After`];
    }
  }
  return [
    `${MAX_GUESSES} wrong passwords in a row on ${API.authTest} were never answered 429 (throttle guessing)`,
  ];
});

/** Before the throttle: the body limit. After it (so every answer is seen): the checks over all answers. */
export const BEFORE_THROTTLE: readonly Check[] = [bodyLimit];
export const THROTTLE: Check = passwordThrottle;
export const OVER_ALL_ANSWERS: readonly Check[] = [
  corsEveryAnswer,
  corsPreflight,
  errorBodies,
  jsonType,
  notCached,
  securityHeaders,
];
