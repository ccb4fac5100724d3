// Reliability: levels on every command (BUILT_IN_COMMANDS × seeded passwords) and every config set with config auth; a wrong password never passes.
import { API, BUILT_IN_COMMANDS, BUILT_IN_CONFIG, DEFAULT_LEVEL } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FAILURES } from "../../src/middleware/auth-throttle.ts";
import { SEED_PASSWORDS } from "../../src/state/passwords.ts";
import { reachable, startTestDevice, type TestDevice, waitFor } from "../helpers.ts";
import { recordFigure } from "./figures.ts";

/** Who calls: no credentials, an empty password (counts as none), and each seeded password. */
const CALLERS: { label: string; auth: Record<string, string>; level: number }[] = [
  { label: "no credentials", auth: {}, level: DEFAULT_LEVEL },
  { label: "empty password", auth: { auth_pw: "" }, level: DEFAULT_LEVEL },
  ...SEED_PASSWORDS.map((p) => ({ label: p.role, auth: { auth_pw: p.password }, level: p.level })),
];

/** Near misses of the seeded passwords, and other guesses: each must be refused. */
const WRONG = [
  "wrong",
  "OWNER-PASS",
  "owner-pass ",
  " owner-pass",
  "owner-pas",
  "owner-passs",
  "admin-pass\u0000",
  "dev-pass\n",
  "dev\u2010pass",
  "ownеr-pass", // Cyrillic e
  "owner-pass,admin-pass",
  "*",
  "%",
  "' OR '1'='1",
];
/** Longer than the protocol allows for a password: refused as a bad packet (400), never passing either. */
const TOO_LONG = "x".repeat(4000);

/** Arguments that pass `checkCommandArg`, chosen so the unit keeps its passwords. */
function argsOf(cmd: string): string[] {
  if (cmd === "SET_PW") return ["owner-pass"];
  const def = BUILT_IN_COMMANDS.find((c) => c.cmd === cmd);
  return def?.args.map((a) => a.val) ?? [];
}

const REBOOTS = new Set(["REBOOT", "POWER_OFF"]);
let checks = 0;

describe("commands", () => {
  let dev: TestDevice;
  beforeAll(async () => {
    dev = await startTestDevice();
  });
  afterAll(() => dev.dispose());

  const exec = (cmd: string, auth: Record<string, string>) =>
    dev.postJson(API.commandExecute, { cmd, args: argsOf(cmd), ...auth });

  for (const def of BUILT_IN_COMMANDS) {
    it(`${def.cmd} (level ${def.perm}): 200 exactly for callers at or above its level`, async () => {
      for (const caller of CALLERS) {
        const res = await exec(def.cmd, caller.auth);
        const expected = def.cmd === "OLD_BAD_CMD" ? 404 : caller.level >= def.perm ? 200 : 401;
        expect(res.status, `${caller.label}: ${JSON.stringify(res.body)}`).toBe(expected);
        checks++;
        if (res.status === 200 && REBOOTS.has(def.cmd)) {
          await waitFor(async () => ((await reachable(dev.url)) ? undefined : true), 3000, 10).catch(
            () => {},
          );
          await waitFor(async () => ((await reachable(dev.url)) ? true : undefined), 5000);
        }
      }
    });
  }

  it("a wrong password never passes, on any command; after 5 in a minute, 429 even for a right one", {
    timeout: 60_000,
  }, async () => {
    let refused = 0;
    for (const def of BUILT_IN_COMMANDS) {
      for (const pw of WRONG) {
        const res = await exec(def.cmd, { auth_pw: pw });
        // The first MAX_FAILURES guesses are told "wrong" (401); after that the guard answers 429.
        expect(res.status, `${def.cmd} with ${JSON.stringify(pw.slice(0, 20))}`).toBe(
          refused < MAX_FAILURES ? 401 : 429,
        );
        refused++;
        checks++;
      }
      expect(
        (await exec(def.cmd, { auth_pw: TOO_LONG })).status,
        `${def.cmd} with a 4,000-character password`,
      ).toBe(400);
      const key = await exec(def.cmd, { auth_key: "any-key" });
      expect(key.status, `${def.cmd} with a key`).toBe(401);
    }
    const blocked = await exec("IDENT_ANT", { auth_pw: "dev-pass" });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(/try again in \d+ s/);
    // Without a password nothing is guessed: level-10 commands still work.
    expect((await exec("IDENT_ANT", {})).status).toBe(200);
  });
});

describe("configuration with DEVICE_CONFIG_AUTH", () => {
  let dev: TestDevice;
  beforeAll(async () => {
    dev = await startTestDevice({ configAuth: true });
  });
  afterAll(() => dev.dispose());

  const set = (key: string, value: unknown, auth: Record<string, string>) =>
    dev.postJson(API.configSet, { key, value, time: new Date().toISOString(), ...auth });

  it("every item: 401 below Owner (20), 200 at or above; a wrong password never, 429 after 5", async () => {
    for (const item of BUILT_IN_CONFIG) {
      const needed = Math.max(item.perm, 20);
      for (const caller of CALLERS) {
        const res = await set(item.name_internal, item.value_default, caller.auth);
        expect(res.status, `${item.name_internal} by ${caller.label}`).toBe(
          caller.level >= needed ? 200 : 401,
        );
        checks++;
      }
      expect((await set(item.name_internal, item.value_default, { auth_pw: TOO_LONG })).status).toBe(400);
    }
    // Then the guesses (after the right passwords, as the guard blocks every password once it trips).
    let refused = 0;
    for (const item of BUILT_IN_CONFIG) {
      for (const pw of WRONG) {
        const res = await set(item.name_internal, "guess", { auth_pw: pw });
        expect(res.status, `${item.name_internal} with a wrong password`).toBe(
          refused < MAX_FAILURES ? 401 : 429,
        );
        refused++;
        checks++;
      }
    }
    const values = (await dev.getJson(API.configGet)).body;
    for (const item of BUILT_IN_CONFIG) expect(values[item.name_internal]).toBe(item.value_default);
    await recordFigure("levels", {
      commands: BUILT_IN_COMMANDS.length,
      configItems: BUILT_IN_CONFIG.length,
      callers: CALLERS.length,
      wrongPasswords: WRONG.length,
      checks,
    });
  }, 60_000);
});
