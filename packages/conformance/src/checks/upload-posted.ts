// D14 with --destructive: the unit posts a session's passings to a receiver the kit runs on this machine (at the
// address this machine has towards the unit): a marker as JSON (http_pckt_format 1), another as text (0), UPLOAD_FROM
// sending the session again from its first passing, and the dataset's upload ok with nothing left. The session is
// stopped and http_url and http_pckt_format written back after. Not on a unit that is timing (a race is not disturbed).
import { API, TimingTelemetry, UPLOAD, type UploadJsonBody } from "@trc/protocol";
import { type Check, type Context, contract, type Outcome, sleep } from "../check.ts";
import { callOf } from "../client.ts";
import { type KitReceiver, localAddressTowards, startKitReceiver } from "../upload-receiver.ts";
import { execute, setConfig, uploadFacts } from "./upload.ts";

/** How long a post may take to reach the kit (D14 posts as soon as passings wait, at most 2 a second). */
const POST_WAIT_MS = 20_000;

async function waitFor<T>(
  find: () => T | undefined | Promise<T | undefined>,
  ms = POST_WAIT_MS,
): Promise<T | undefined> {
  const end = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found !== undefined || Date.now() > end) return found;
    await sleep(100);
  }
}

/** A post that came with passing `n` of `session`, and its format. */
function postWith(receiver: KitReceiver, session: string, n: number, from = 0) {
  for (const post of receiver.posts.slice(from)) {
    if (!post.parsed.ok) continue;
    const body: UploadJsonBody = post.parsed.value;
    const passing = body.passings.find((p) => p.n === n);
    if (body.session === session && passing) return { body, passing, contentType: post.contentType };
  }
  return undefined;
}

async function posted(ctx: Context, receiver: KitReceiver, found: string[]): Promise<void> {
  const device = ctx.facts.deviceName?.deviceName;
  const started = await execute(ctx, "TIMING_START", []);
  const session = (started.json as { file?: unknown } | undefined)?.file;
  if (started.status !== 200 || typeof session !== "string") {
    found.push(`${callOf(started)} answered ${started.status} to TIMING_START, expected 200 with { file }`);
    return;
  }
  const lostPosts = () => {
    const bad = receiver.posts.filter((p) => !p.parsed.ok).map((p) => (p.parsed.ok ? "" : p.parsed.reason));
    return bad.length ? `; posts that are not D14's: ${bad.slice(0, 2).join("; ")}` : "";
  };
  const cause = async () => {
    const t = TimingTelemetry.safeParse((await ctx.client.get(API.telemetry("timing"))).json);
    return t.success && t.data.upload
      ? ` (the unit says: ${t.data.upload.state}, ${t.data.upload.lastError})`
      : "";
  };
  try {
    for (const [format, type] of [
      [1, "application/json"],
      [0, "text/plain"],
    ] as const) {
      const set = await setConfig(ctx, "http_pckt_format", format);
      if (set.status !== 200)
        found.push(`${callOf(set)} answered ${set.status} to http_pckt_format ${format}`);
      const marker = await execute(ctx, "MARKER", []);
      const n = (marker.json as { n?: unknown } | undefined)?.n;
      if (marker.status !== 200 || typeof n !== "number") {
        found.push(`${callOf(marker)} answered ${marker.status} to MARKER, expected 200 with { n }`);
        return;
      }
      const got = await waitFor(() => postWith(receiver, session, n));
      if (!got) {
        // Nothing more will come either: one wait is enough.
        const within = `within ${POST_WAIT_MS / 1000} s`;
        found.push(
          `marker ${n} of ${session} did not reach the kit at ${receiver.url} ${within}${await cause()}${lostPosts()}`,
        );
        return;
      }
      if (!got.contentType.startsWith(type))
        found.push(`http_pckt_format ${format}: the post came as ${got.contentType}, expected ${type}`);
      if (device && got.body.device !== device)
        found.push(
          `the post's device is ${JSON.stringify(got.body.device)}, expected ${JSON.stringify(device)}`,
        );
      if (got.passing.tag !== "MARKER" || got.passing.ant !== 0) {
        found.push(`marker ${n} came as ${JSON.stringify(got.passing)}, expected tag MARKER, ant 0 (D14)`);
      }
    }
  } finally {
    const stopped = await execute(ctx, "TIMING_STOP", []);
    if (stopped.status !== 200) found.push(`${callOf(stopped)} answered ${stopped.status} to TIMING_STOP`);
  }
  const before = receiver.posts.length;
  const again = await execute(ctx, "UPLOAD_FROM", [session, "1"]);
  if (again.status !== 200)
    found.push(`${callOf(again)} answered ${again.status} to UPLOAD_FROM ${session} 1`);
  else if (!(await waitFor(() => postWith(receiver, session, 1, before)))) {
    found.push(
      `UPLOAD_FROM ${session} 1: passing 1 did not come again within ${POST_WAIT_MS / 1000} s${await cause()}`,
    );
  }
  const drained = await waitFor(async () => {
    const t = TimingTelemetry.safeParse((await ctx.client.get(API.telemetry("timing"))).json);
    const u = t.success ? t.data.upload : undefined;
    return u && u.state === "ok" && u.left === 0 ? u : undefined;
  });
  if (!drained) found.push(`the upload never read ok with nothing left${await cause()}`);
}

const postedCheck = contract("passings posted (D14)", async (ctx): Promise<Outcome> => {
  const facts = await uploadFacts(ctx);
  if (facts.absent) return { skip: facts.absent };
  const timing = TimingTelemetry.safeParse((await ctx.client.get(API.telemetry("timing"))).json);
  if (timing.success && timing.data.mode === "timing")
    return { skip: "the unit is timing: a race is not disturbed" };
  const config = (await ctx.client.get(API.configGet)).json as Record<string, unknown> | undefined;
  const url = config?.[UPLOAD.urlKey];
  const format = config?.http_pckt_format;
  if (typeof url !== "string" || (format !== 0 && format !== 1)) {
    return ["config/get has no http_url or http_pckt_format to write back"];
  }
  const unit = new URL(ctx.options.url);
  let receiver: KitReceiver;
  try {
    const address = await localAddressTowards(
      unit.hostname.replace(/^\[|\]$/g, ""),
      Number(unit.port || 80),
      ctx.options.timeoutMs,
    );
    receiver = await startKitReceiver(address);
  } catch (err) {
    return {
      skip: `the kit could not listen for the unit's posts: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
  const found: string[] = [];
  try {
    const set = await setConfig(ctx, UPLOAD.urlKey, receiver.url);
    if (set.status === 401 && !ctx.options.password) {
      return { skip: "configuration sets want credentials (401); give a password to check them" };
    }
    if (set.status !== 200)
      return [`${callOf(set)} answered ${set.status} to http_url ${receiver.url}, expected 200`];
    ctx.progress(`D14: the unit posts to ${receiver.url}`);
    await posted(ctx, receiver, found);
  } finally {
    // A masked value written back keeps the stored credentials on a unit that does as D14's emulator.
    for (const [key, value] of [
      ["http_pckt_format", format],
      [UPLOAD.urlKey, url],
    ] as const) {
      const back = await setConfig(ctx, key, value);
      if (back.status !== 200) found.push(`writing back ${key}: ${callOf(back)} answered ${back.status}`);
    }
    await receiver.close();
  }
  return found;
});

export const UPLOAD_DESTRUCTIVE_CHECKS: readonly Check[] = [postedCheck];
