// Commands (D4, and D12's race control): execute with level checks, the password test with its brute-force guard, and the command mapping.
import {
  API,
  AUTH_MESSAGES,
  AuthTestRequest,
  BUILT_IN_COMMANDS,
  type CommandDefinition,
  checkCommandArg,
  ExecuteRequest,
  findUnitCommand,
  namedLevel,
} from "@trc/protocol";
import { runCommand } from "../commands/run-command.ts";
import type { Device } from "../device.ts";
import { clientAddress, type DeviceApp, type DeviceContext, endpoint, fail, pathOf, sleep } from "../http.ts";
import { type AuthThrottle, callerLevel, tooManyGuesses } from "../middleware/auth-throttle.ts";
import { readBody } from "../middleware/json-body.ts";
import { randomBetween } from "../sim/noise.ts";

/** Commands the unit does not know although the list has them. */
const RETIRED = new Set(["OLD_BAD_CMD"]);

const levelText = (level: number) => `${level} (${namedLevel(level).name})`;

function checkArgs(def: CommandDefinition, args: readonly string[]): string | null {
  if (args.length !== def.args.length) {
    const names = def.args.map((a) => a.name).join(", ");
    return `${def.cmd} takes ${def.args.length} argument${def.args.length === 1 ? "" : "s"}${names ? ` (${names})` : ""}, got ${args.length}`;
  }
  for (const [i, spec] of def.args.entries()) {
    const reason = checkCommandArg(spec.type, args[i] ?? "");
    if (reason) return `${spec.name}: ${reason}`;
  }
  return null;
}

/** `?index=n` of a mapping call: a whole number within the list, or a 400/404 answer. */
export function mappingIndex(c: DeviceContext, length: number): number | Response {
  const raw = c.req.query("index");
  if (raw === undefined || !/^\d{1,6}$/.test(raw.trim())) {
    return fail(c, 400, `index must be a whole number from 0 to ${length - 1}`);
  }
  const index = Number(raw);
  return index < length ? index : fail(c, 404, `No entry at index ${index}; there are ${length}`);
}

export function commandRoutes(app: DeviceApp, device: Device, guesses: AuthThrottle): void {
  endpoint(app, API.commandExecute, {
    POST: async (c) => {
      const body = await readBody(c, ExecuteRequest);
      if (!body.ok) return fail(c, 400, body.reason);
      const { cmd, args } = body.value;
      const level = callerLevel(c, guesses, device.passwords, body.value);
      if (typeof level !== "number") return level;
      // The built-in commands (D4) and race control's (D12: not in the mapping the console lists).
      const def = findUnitCommand(cmd);
      if (!def || RETIRED.has(cmd)) return fail(c, 404, `Unknown command: ${cmd}`);
      if (def.perm > level) {
        return fail(
          c,
          401,
          `${def.cmd} needs level ${levelText(def.perm)}; this request has level ${levelText(level)}`,
        );
      }
      const bad = checkArgs(def, args);
      if (bad) return fail(c, 400, bad);
      // DEVICE_TIME_JITTER_MS (clock benchmarks) applies to command handling too: a wait before, another after.
      const jitter = device.options.timeJitterMs;
      const wait = () => (jitter ? sleep(randomBetween(device.latencyRandom, jitter[0], jitter[1])) : null);
      await wait();
      // Each new password SET_PW checks against the other levels' is a guess (docs/AUTH.md).
      const outcome = await runCommand(device, cmd, args, {
        takeGuess: () => guesses.take(clientAddress(c)),
      });
      await wait();
      if (!outcome.ok && outcome.status === 429) return tooManyGuesses(c, outcome.waitMs);
      if (!outcome.ok) return fail(c, outcome.status, outcome.reason);
      return c.json({ cmd, result: outcome.result, ...outcome.extra });
    },
  });

  endpoint(app, API.authTest, {
    POST: async (c) => {
      // The try is taken when the request starts, before its body is read: 100 arriving together get 5 tries.
      const attempt = guesses.take(clientAddress(c));
      if (!attempt.ok) return tooManyGuesses(c, attempt.waitMs);
      const body = await readBody(c, AuthTestRequest);
      const password = body.ok ? body.value.auth_pw : undefined;
      if (!password) attempt.guess.giveBack();
      if (!body.ok) return fail(c, 400, body.reason);
      if (!password) return fail(c, 400, AUTH_MESSAGES.missing);
      const level = device.passwords.levelOf(password);
      if (level === null) return fail(c, 401, AUTH_MESSAGES.incorrect);
      attempt.guess.giveBack();
      return c.json({ level });
    },
  });

  endpoint(app, API.commandQuantity, { GET: (c) => c.json({ len: BUILT_IN_COMMANDS.length }) });

  endpoint(app, pathOf(API.commandInfo(0)), {
    GET: (c) => {
      const index = mappingIndex(c, BUILT_IN_COMMANDS.length);
      return typeof index === "number" ? c.json(BUILT_IN_COMMANDS[index]) : index;
    },
  });
}
