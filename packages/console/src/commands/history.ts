// Command history entries (SPEC §3 command attempt): outcome badges, the newest 50, and reading them back safely.
import {
  type AuthType,
  COMMAND_OUTCOMES,
  COMMAND_STATES,
  type CommandOutcome,
  type CommandState,
} from "@trc/protocol";
import { LOCAL_KEYS } from "../shared/store/storageKeys.ts";

export const HISTORY_LIMIT = 50;
export const HISTORY_KEY = LOCAL_KEYS.commandHistory;

export interface HistoryEntry {
  id: string;
  name: string;
  cmd: string;
  args: { name: string; value: string }[];
  /** The packet as sent, passwords masked (D7). */
  shownPacket: string;
  areAllArgsValid: boolean;
  authType: AuthType;
  authLevel: number;
  /** Epoch ms: when the request left, and when the answer (or the failure) came. */
  timeSent: number | null;
  timeReceived: number | null;
  /** e.g. "HTTP 400". */
  responseHeader: string;
  /** The answer's body as text (JSON pretty-printed). */
  responseBody: string;
  state: CommandState;
  outcome: CommandOutcome;
}

export interface Badge {
  text: string;
  tone: "green" | "red" | "plain";
  spinner: boolean;
}

const OUTCOME_BADGES: Record<Exclude<CommandOutcome, "PENDING">, Badge> = {
  SUCCESS: { text: "200 Success", tone: "green", spinner: false },
  "NOT AUTHED": { text: "401 Unauthorized", tone: "red", spinner: false },
  "NOT FOUND": { text: "404 Cmd Not Found", tone: "red", spinner: false },
  "BAD ARG": { text: "400 Bad Arg", tone: "red", spinner: false },
  UNKNOWN: { text: "Unknown?", tone: "red", spinner: false },
};

/** The badge of SPEC §4's table: NOTSENT 'Not sent yet', PENDING or SENT a spinner, else the outcome's text. */
export function historyBadge(e: Pick<HistoryEntry, "state" | "outcome">): Badge {
  if (e.state === "NOTSENT") return { text: "Not sent yet", tone: "plain", spinner: false };
  if (e.outcome === "PENDING") return { text: "Waiting for the answer", tone: "plain", spinner: true };
  return OUTCOME_BADGES[e.outcome];
}

/** History entries with an outcome other than success also show the response body. */
export function showsBody(e: Pick<HistoryEntry, "outcome">): boolean {
  return e.outcome !== "SUCCESS" && e.outcome !== "PENDING";
}

/** Waiting for its delay or its answer. */
export function inProgress(e: Pick<HistoryEntry, "outcome">): boolean {
  return e.outcome === "PENDING";
}

/** New entry first, then the newest 50. */
export function appendEntry(list: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [entry, ...list].slice(0, HISTORY_LIMIT);
}

export function updateEntry(
  list: readonly HistoryEntry[],
  id: string,
  patch: Partial<HistoryEntry>,
): HistoryEntry[] {
  return list.map((e) => (e.id === id ? { ...e, ...patch } : e));
}

/**
 * The entry as localStorage keeps it: a success's body is never shown and may hold a secret (GET_PW answers
 * the owner password), so only bodies that are shown are stored (D7).
 */
export function storedForm(e: HistoryEntry): HistoryEntry {
  return showsBody(e) ? e : { ...e, responseBody: "" };
}

/** An answer's body as the history shows it. */
export function bodyText(body: unknown): string {
  if (body === null || body === undefined) return "";
  return typeof body === "string" ? body : JSON.stringify(body, null, 2);
}

const INTERRUPTED_BEFORE_SEND = "Not sent: the page was closed during the 2 s delay.";
const INTERRUPTED_AFTER_SEND = "No answer recorded: the page was closed before the device answered.";

const isStr = (v: unknown): v is string => typeof v === "string";
const isTime = (v: unknown): v is number | null =>
  v === null || (typeof v === "number" && Number.isFinite(v));

function readEntry(raw: unknown): HistoryEntry | null {
  if (!raw || typeof raw !== "object") return null;
  const e = raw as Record<string, unknown>;
  const state = COMMAND_STATES.find((s) => s === e.state);
  const outcome = COMMAND_OUTCOMES.find((o) => o === e.outcome);
  if (!isStr(e.id) || !isStr(e.name) || !isStr(e.cmd) || !state || !outcome) return null;
  if (!isTime(e.timeSent) || !isTime(e.timeReceived)) return null;
  const args = Array.isArray(e.args)
    ? e.args.filter((a): a is { name: string; value: string } => isStr(a?.name) && isStr(a?.value))
    : [];
  const entry: HistoryEntry = {
    id: e.id,
    name: e.name,
    cmd: e.cmd,
    args,
    shownPacket: isStr(e.shownPacket) ? e.shownPacket : "",
    areAllArgsValid: e.areAllArgsValid === true,
    authType: e.authType === "PASSWORD" || e.authType === "KEY" ? e.authType : "NONE",
    authLevel: typeof e.authLevel === "number" ? e.authLevel : 0,
    timeSent: e.timeSent,
    timeReceived: e.timeReceived,
    responseHeader: isStr(e.responseHeader) ? e.responseHeader : "",
    responseBody: isStr(e.responseBody) ? e.responseBody : "",
    state,
    outcome,
  };
  // An entry still waiting when the page closed will never be answered: say so instead of spinning forever.
  if (entry.outcome === "PENDING") {
    entry.outcome = "UNKNOWN";
    entry.responseBody = entry.state === "NOTSENT" ? INTERRUPTED_BEFORE_SEND : INTERRUPTED_AFTER_SEND;
  }
  return entry;
}

/** Reads stored history: keeps the well-formed entries, drops the rest, the newest 50. */
export function readHistory(raw: unknown): HistoryEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .map(readEntry)
    .filter((e): e is HistoryEntry => e !== null)
    .slice(0, HISTORY_LIMIT);
}
