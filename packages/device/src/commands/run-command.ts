// What each command (D4, D12's race control) does on the unit (the UHF ones: uhf-commands.ts); arguments are already checked.
import { type DeviceMode, MAX_TIMER_MS, parseManualTimeArg } from "@trc/protocol";
import type { DeviceClock } from "../clock/device-clock.ts";
import type { TryOrWait } from "../middleware/auth-throttle.ts";
import type { UnitLink } from "../mqtt/unit-link.ts";
import type { PowerControl } from "../net/power-cycle.ts";
import type { ResolvedOptions } from "../options.ts";
import { type FileSystem, isLogFile, isTimingFile } from "../state/file-system.ts";
import type { IdentityStore } from "../state/identity.ts";
import type { PasswordStore } from "../state/passwords.ts";
import { type CommandOutcome, refuse } from "./outcome.ts";
import { type RaceCommandUnit, runRaceCommand } from "./race-commands.ts";
import { runUhfCommand, type UhfCommandUnit } from "./uhf-commands.ts";
import { runUploadCommand, type UploadCommandUnit } from "./upload-commands.ts";

export type { CommandOutcome } from "./outcome.ts";

/** What the commands use of the unit: its power, clock, reader, files, passwords, identity, MQTT link and mode. */
export interface CommandUnit extends RaceCommandUnit, UhfCommandUnit, UploadCommandUnit {
  readonly power: Pick<PowerControl, "scheduleReboot">;
  readonly options: Pick<ResolvedOptions, "rebootMs">;
  readonly mode: DeviceMode;
  readonly clock: DeviceClock;
  readonly files: Pick<FileSystem, "removeWhere">;
  readonly passwords: Pick<PasswordStore, "ownerPassword" | "setOwnerPassword">;
  readonly identity: Pick<IdentityStore, "update">;
  readonly mqtt: Pick<UnitLink, "setServer">;
}

/** What a command needs from the request: a try of the password-guessing limit (SET_PW). */
export interface CommandContext {
  takeGuess(): TryOrWait;
}

/** The 200 answer leaves before the unit goes away. */
const ANSWER_GRACE_MS = 150;
const MAX_TEXT = 64;

const done = (result: string, extra?: Record<string, unknown>): CommandOutcome =>
  extra ? { ok: true, result, extra } : { ok: true, result };

function reboot(device: CommandUnit, delayMs: number, reason: string): string {
  device.power.scheduleReboot(delayMs, reason);
  const back = Math.round((delayMs + device.options.rebootMs) / 100) / 10;
  return `back in about ${back} s`;
}

export async function runCommand(
  device: CommandUnit,
  cmd: string,
  args: readonly string[],
  context: CommandContext,
): Promise<CommandOutcome> {
  const trimmed = args.map((a) => a.trim());
  const [first = ""] = trimmed;
  const race = await runRaceCommand(device, cmd, trimmed);
  if (race) return race;
  const uhf = await runUhfCommand(device, cmd, trimmed);
  if (uhf) return uhf;
  const upload = await runUploadCommand(device, cmd, trimmed);
  if (upload) return upload;
  switch (cmd) {
    case "REBOOT":
      return done(`Rebooting now; ${reboot(device, ANSWER_GRACE_MS, "REBOOT")}`);
    case "POWER_OFF":
      return done(
        `Powering off (the emulator restarts the unit); ${reboot(device, ANSWER_GRACE_MS, "POWER_OFF")}`,
      );
    case "REBOOT_DELAY": {
      // The argument is already 1..1440 (checkCommandArg); the timer is checked again against what Node holds.
      const minutes = Number(first);
      if (!(minutes * 60_000 <= MAX_TIMER_MS)) return refuse("delay: too long for the unit's timer");
      const at = device.power.scheduleReboot(minutes * 60_000, `REBOOT_DELAY ${minutes}`);
      return done(`Reboot scheduled in ${minutes} minute${minutes === 1 ? "" : "s"}`, {
        rebootAt: new Date(at).toISOString(),
      });
    }
    case "FS_CLEAR": {
      const deleted = await device.files.removeWhere((n) => isTimingFile(n) || isLogFile(n));
      return done(`Deleted ${deleted.length} timing and status files`, { deleted });
    }
    case "TIME_MANUAL": {
      const at = parseManualTimeArg(first);
      if (at === null) return refuse("time: use YYMMDDHHMMSSmmm");
      device.clock.set(at);
      return done(`Clock set to ${new Date(at).toISOString()}`);
    }
    case "SET_PW": {
      const password = args[0] ?? "";
      if (!password || password.length > 128) return refuse("password: 1 to 128 characters");
      // Comparing the new password with the other levels' tells whether it is one of them: a guess, counted first.
      const attempt = context.takeGuess();
      if (!attempt.ok) return { ok: false, status: 429, waitMs: attempt.waitMs };
      const refused = await device.passwords.setOwnerPassword(password);
      if (refused) return refuse(`password: ${refused}`);
      attempt.guess.giveBack();
      return done("Owner password changed");
    }
    case "GET_PW": {
      const password = device.passwords.ownerPassword;
      return done(`Owner password: ${password}`, { password });
    }
    case "MQTT_SET": {
      // The argument is already a valid server or empty (checkCommandArg's mqtt-server format).
      const server = await device.mqtt.setServer(first);
      return done(
        server
          ? `MQTT server set to ${server.host}:${server.port}`
          : "MQTT server cleared; the unit no longer publishes",
      );
    }
    case "WHITELABEL":
      if (first.length > MAX_TEXT) return refuse(`name: at most ${MAX_TEXT} characters`);
      await device.identity.update({ whitelabel: first });
      return done(`Whitelabel set to ${first}`);
    case "FORCE_REBOOT_TASKS":
      return done("Restarted 12 tasks");
    default:
      return { ok: false, status: 404, reason: `Unknown command: ${cmd}` };
  }
}
