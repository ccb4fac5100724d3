// The command list: the local built-in list (D4), or the remote store (quantity, then getInfo paced 50 ms), checked and sorted.
import { API, BUILT_IN_COMMANDS, CommandDefinition, checkCommandList, sortCommands } from "@trc/protocol";
import { type MappingFetcher, readMapping } from "../api/mappingStore.ts";

/** What the remote path needs of the API client: an answer of any status. */
export type Fetcher = MappingFetcher;

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

/** Count, then one getInfo per index with 50 ms between them; a 401 is skipped, a bad answer is skipped and named. */
export async function remoteCommandList(opts: RemoteOptions): Promise<CommandListResult> {
  const r = await readMapping({
    label: "Command",
    quantityPath: API.commandQuantity,
    infoPath: API.commandInfo,
    schema: CommandDefinition,
    required: "name",
    ...opts,
  });
  return checked(r.items, r.countProblem ? [r.countProblem] : r.problems, r.skipped);
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
