// The command list: the local built-in list (D4), or the remote store (quantity, then getInfo paced 50 ms), checked and sorted.
import {
  API,
  BUILT_IN_COMMANDS,
  COMMAND_FETCH_PACING_MS,
  CommandDefinition,
  checkCommandList,
  fieldIssues,
  formatIssues,
  MappingQuantity,
  sortCommands,
} from "@trc/protocol";

/** What the remote path needs of the API client: an answer of any status. */
export type Fetcher = (path: string) => Promise<{ status: number; ok: boolean; body: unknown }>;

export interface CommandListResult {
  commands: CommandDefinition[];
  /** Answers that were skipped as bad, one line each. */
  problems: string[];
  /** How many commands the device refused to describe (401: not authorised for them). */
  skipped: number;
  /** A check of SPEC §5 failed: the list is not usable. */
  error: string | null;
}

export interface RemoteOptions {
  fetcher: Fetcher;
  onProgress?: (queried: number, available: number) => void;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
}

function checked(commands: CommandDefinition[], problems: string[], skipped: number): CommandListResult {
  try {
    checkCommandList(commands);
    return { commands: sortCommands(commands), problems, skipped, error: null };
  } catch (err) {
    return { commands: [], problems, skipped, error: err instanceof Error ? err.message : String(err) };
  }
}

export function localCommandList(list: readonly CommandDefinition[] = BUILT_IN_COMMANDS): CommandListResult {
  return checked([...list], [], 0);
}

const hasField = (body: unknown, field: string) =>
  !!body && typeof body === "object" && field in body && (body as Record<string, unknown>)[field] != null;

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Count, then one getInfo per index with 50 ms between them; a 401 is skipped, a bad answer is skipped and named. */
export async function remoteCommandList(opts: RemoteOptions): Promise<CommandListResult> {
  const sleep = opts.sleep ?? wait;
  const problems: string[] = [];
  const count = await opts.fetcher(API.commandQuantity);
  let available = 0;
  if (!count.ok) problems.push(`Command count: HTTP ${count.status}`);
  else if (!hasField(count.body, "len")) problems.push("Command count: answer without len");
  else {
    const parsed = MappingQuantity.safeParse(count.body);
    if (parsed.success) available = parsed.data.len;
    else problems.push(`Command count: ${formatIssues(fieldIssues(parsed.error.issues, count.body))}`);
  }
  opts.onProgress?.(0, available);
  const commands: CommandDefinition[] = [];
  let skipped = 0;
  for (let index = 0; index < available; index++) {
    if (opts.signal?.aborted) break;
    if (index > 0) await sleep(COMMAND_FETCH_PACING_MS);
    const answer = await opts.fetcher(API.commandInfo(index));
    opts.onProgress?.(index + 1, available);
    if (answer.status === 401) {
      skipped++;
      continue;
    }
    if (!answer.ok) {
      problems.push(`Command #${index}: HTTP ${answer.status}`);
      continue;
    }
    if (!hasField(answer.body, "name")) {
      problems.push(`Command #${index}: answer without name`);
      continue;
    }
    const def = parseDefinition(answer.body);
    if (typeof def === "string") problems.push(`Command #${index}: ${def}`);
    else commands.push(def);
  }
  return checked(commands, problems, skipped);
}

function parseDefinition(body: unknown): CommandDefinition | string {
  const parsed = CommandDefinition.safeParse(body);
  return parsed.success ? parsed.data : formatIssues(fieldIssues(parsed.error.issues, body));
}

export interface LevelView {
  level: number;
  useAuth: boolean;
  filterByLevel: boolean;
}

/** The rows shown: every command, or only those within the level when the filter flag is on (and auth is used). */
export function visibleCommands(list: readonly CommandDefinition[], v: LevelView): CommandDefinition[] {
  return v.useAuth && v.filterByLevel ? list.filter((c) => c.perm <= v.level) : [...list];
}

/** N of the footer 'N / M Available': the commands the current level may execute (all when auth is off). */
export function availableCount(
  list: readonly CommandDefinition[],
  v: Omit<LevelView, "filterByLevel">,
): number {
  return v.useAuth ? list.filter((c) => c.perm <= v.level).length : list.length;
}
