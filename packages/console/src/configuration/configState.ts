// The configuration page as one pure state machine (load state of SPEC §4, the settings, each input): the query's
// answers as TanStack Query delivers them (`querySnapshot`) with the operator's edits (`editsReducer`) laid over them.
// The page itself keeps only the edits and reads the rest from its query; tests drive the whole page through here.
import type { ConfigValue } from "@trc/protocol";
import type { ConfigEntry, Draft } from "../shared/settings/settingRules.ts";
import { type ConfigView, configView, type Edits, editsReducer, type QuerySnapshot } from "./configEdits.ts";
import type { SaveResult } from "./saveResult.ts";

export {
  cleanField,
  FIELD_STATUS_TEXT,
  type FieldState,
  type FieldStatus,
  fieldClass,
  unsavedEdits,
} from "./configEdits.ts";

export interface ConfigState extends ConfigView {
  query: QuerySnapshot;
  edits: Edits;
}

export type ConfigAction =
  | { type: "query" }
  | { type: "progress"; queried: number; available: number }
  | { type: "loaded"; items: ConfigEntry[]; issues: string[] }
  | { type: "failed"; error: string }
  | { type: "edit"; name: string; draft: Draft }
  | { type: "submit"; name: string }
  | { type: "saved"; name: string; value: ConfigValue; result: SaveResult };

/** What the query state says to the page (the page's hook builds this from `useQuery`'s result). */
export function querySnapshot(q: {
  isFetching: boolean;
  error: string | null;
  data: { items: ConfigEntry[]; issues: string[] } | undefined;
  dataUpdatedAt: number;
  progress: { queried: number; available: number } | null;
}): QuerySnapshot {
  const load = q.isFetching ? "QUERYING" : q.error !== null ? "ERROR" : q.data ? "REFRESHED" : "UN_QUERIED";
  return {
    load,
    error: q.isFetching ? null : q.error,
    issues: q.data?.issues ?? [],
    items: q.data?.items ?? [],
    progress: q.isFetching ? q.progress : null,
    version: q.dataUpdatedAt,
  };
}

const emptyQuery = querySnapshot({
  isFetching: false,
  error: null,
  data: undefined,
  dataUpdatedAt: 0,
  progress: null,
});

function withView(query: QuerySnapshot, edits: Edits): ConfigState {
  return { ...configView(query, edits), query, edits };
}

export const initialConfigState: ConfigState = withView(emptyQuery, {});

/** The query side as TanStack Query moves it: fetching, progress, an answer (a new version) or an error. */
function queryReducer(q: QuerySnapshot, action: ConfigAction): QuerySnapshot {
  switch (action.type) {
    case "query":
      return { ...q, load: "QUERYING", error: null, progress: null };
    case "progress":
      return { ...q, progress: { queried: action.queried, available: action.available } };
    case "loaded":
      return {
        ...q,
        load: "REFRESHED",
        error: null,
        progress: null,
        issues: action.issues,
        items: action.items,
        version: q.version + 1,
      };
    case "failed":
      return { ...q, load: "ERROR", error: action.error, progress: null };
    default:
      return q;
  }
}

export function configReducer(state: ConfigState, action: ConfigAction): ConfigState {
  switch (action.type) {
    case "edit": {
      const item = state.items.find((i) => i.name_internal === action.name);
      if (!item) return state;
      return withView(state.query, editsReducer(state.edits, { ...action, item }));
    }
    case "submit":
    case "saved": {
      if (!state.fields[action.name]) return state;
      const edit = action.type === "saved" ? { ...action, version: state.query.version } : action;
      return withView(state.query, editsReducer(state.edits, edit));
    }
    default:
      return withView(queryReducer(state.query, action), state.edits);
  }
}
