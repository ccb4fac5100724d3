// The execute button's rule (SPEC §4, §6): its label, and when it may be pressed.
import { LEVEL_BADGE_FROM, namedLevel } from "@trc/protocol";
import { levelAllows } from "../shared/access/credentials.ts";

export type ExecuteLabel = "Execute" | "Error" | "Not Authed";

export interface ExecuteInput {
  /** A command is selected. */
  selected: boolean;
  /** Every argument of the selected command is valid. */
  argsValid: boolean;
  /** The current permission level and the command's required level. */
  level: number;
  perm: number;
  /** Feature flags commands.useAuth and commands.allowExecutionRegardless. */
  useAuth: boolean;
  allowRegardless: boolean;
  /** A command is waiting for its 2 s delay or for its answer. */
  inProgress: boolean;
  /** The 500 ms after a click. */
  locked: boolean;
}

export interface ExecuteButton {
  label: ExecuteLabel;
  enabled: boolean;
  spinner: boolean;
}

/** The red 'Insufficient permissions' banner: the command's level is above the current one (while auth is used). */
export function insufficient(i: Pick<ExecuteInput, "level" | "perm" | "useAuth">): boolean {
  return i.useAuth && i.perm > i.level;
}

export function executeButton(i: ExecuteInput): ExecuteButton {
  const allowed = levelAllows(i);
  const label: ExecuteLabel = !i.selected
    ? "Execute"
    : !allowed
      ? "Not Authed"
      : i.argsValid
        ? "Execute"
        : "Error";
  const enabled = i.selected && i.argsValid && allowed && !i.inProgress && !i.locked;
  return { label, enabled, spinner: i.locked };
}

export interface LevelBadge {
  text: string;
  title: string;
  tone: "yellow" | "orange" | "red";
}

/** The level badge of a command, shown from level 20 (SPEC §6); null below. */
export function levelBadge(perm: number): LevelBadge | null {
  if (perm < LEVEL_BADGE_FROM) return null;
  const named = namedLevel(perm);
  const tone = perm >= 150 ? "red" : perm >= 80 ? "orange" : "yellow";
  return { text: `${named.short} ${perm}`, title: `Level ${perm} (${named.name})`, tone };
}
