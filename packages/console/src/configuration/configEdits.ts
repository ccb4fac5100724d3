// The configuration page's own state: only the operator's edits. Everything the unit said comes from the query;
// `configView` puts the two together into what the page shows.
import type { ConfigRefreshState, ConfigValue } from "@trc/protocol";
import type { Conflict } from "../shared/settings/conflict.ts";
import {
  type ConfigEntry,
  type Draft,
  draftOf,
  isEdited,
  readDraft,
} from "../shared/settings/settingRules.ts";
import type { SaveResult } from "./saveResult.ts";

/** SPEC §4 config input: yellow when changed, green after a save, red after a failed one; busy while submitting. */
export type FieldStatus = "clean" | "changed" | "saved" | "failed";

/** One input as the page shows it. */
export interface FieldState {
  draft: Draft;
  status: FieldStatus;
  busy: boolean;
  /** Why the draft cannot be sent (D5 limits), shown under the input. */
  reason: string | null;
  result: SaveResult | null;
  /** The unit's value when the operator started editing (what a set is checked against). */
  shown?: ConfigValue | undefined;
  /** The unit's value changed since then: the question at the setting. */
  conflict?: Conflict | null;
}

/** What the operator did to one input. */
export interface FieldEdit {
  /** The typed value; undefined: the input follows the unit's value. */
  draft?: Draft;
  /** The unit's value when this edit began. */
  shown?: ConfigValue | undefined;
  busy: boolean;
  outcome: "saved" | "failed" | null;
  result: SaveResult | null;
  /** A value this page set: shown as current until the configuration is read again (`version` changes). */
  saved?: { value: ConfigValue; version: number };
  conflict: Conflict | null;
}

export type Edits = Readonly<Record<string, FieldEdit>>;

/** What the configuration query holds (from TanStack Query's state in the page, from a model in the tests). */
export interface QuerySnapshot {
  load: ConfigRefreshState;
  error: string | null;
  /** Parts of the device's answers that broke the contract. */
  issues: string[];
  items: ConfigEntry[];
  /** Remote store while querying: definitions queried of those available. */
  progress: { queried: number; available: number } | null;
  /** Changes with every answer (the query's dataUpdatedAt). */
  version: number;
}

/** The page: the query's answer with the operator's edits laid over it. */
export interface ConfigView {
  load: ConfigRefreshState;
  error: string | null;
  issues: string[];
  items: ConfigEntry[];
  fields: Record<string, FieldState>;
  progress: { queried: number; available: number } | null;
}

export type EditAction =
  /** `item` is the setting as the page shows it now. */
  | { type: "edit"; name: string; draft: Draft; item: ConfigEntry }
  | { type: "submit"; name: string }
  | { type: "saved"; name: string; value: ConfigValue; result: SaveResult; version: number }
  | { type: "conflict"; name: string; conflict: Conflict }
  | { type: "keep"; name: string }
  | { type: "editFurther"; name: string };

const NO_EDIT: FieldEdit = { busy: false, outcome: null, result: null, conflict: null };

export function cleanField(item: ConfigEntry): FieldState {
  return {
    draft: draftOf(item, item.value_current),
    status: "clean",
    busy: false,
    reason: null,
    result: null,
  };
}

export function editsReducer(edits: Edits, action: EditAction): Edits {
  const edit = edits[action.name] ?? NO_EDIT;
  const put = (next: FieldEdit): Edits => ({ ...edits, [action.name]: next });
  switch (action.type) {
    case "edit": {
      if (edit.busy) return edits;
      if (!isEdited(action.item, action.draft)) {
        // Back at the unit's value: the input follows the unit again. Editing clears the result colour.
        const { draft: _d, shown: _s, ...rest } = edit;
        return put({ ...rest, outcome: null, conflict: null });
      }
      const shown = edit.draft === undefined ? action.item.value_current : edit.shown;
      return put({ ...edit, draft: action.draft, shown, outcome: null, conflict: null });
    }
    case "submit":
      return put({ ...edit, busy: true, conflict: null });
    case "saved": {
      if (!action.result.ok) return put({ ...edit, busy: false, outcome: "failed", result: action.result });
      const { draft: _d, shown: _s, ...rest } = edit;
      return put({
        ...rest,
        busy: false,
        outcome: "saved",
        result: action.result,
        saved: { value: action.value, version: action.version },
      });
    }
    case "conflict":
      return put({ ...edit, busy: false, conflict: action.conflict });
    case "keep": {
      // The unit's value is in the query (re-read for the check): the input follows it, nothing is sent.
      const { draft: _d, shown: _s, ...rest } = edit;
      return put({ ...rest, busy: false, outcome: null, conflict: null });
    }
    case "editFurther": {
      // The operator has now seen the unit's value: the next Submit is checked against it.
      if (!edit.conflict) return edits;
      return put({ ...edit, busy: false, shown: edit.conflict.now, conflict: null });
    }
  }
}

/** One input from the unit's setting and the operator's edit. */
function fieldOf(item: ConfigEntry, edit: FieldEdit | undefined, version: number): FieldState {
  if (!edit) return cleanField(item);
  const { busy, result, conflict } = edit;
  if (edit.draft === undefined) {
    // Green while the unit still holds the value this page set (a re-read before another set keeps it).
    const saved =
      edit.outcome === "saved" &&
      edit.saved !== undefined &&
      (edit.saved.version === version || Object.is(item.value_current, edit.saved.value));
    return { ...cleanField(item), status: saved ? "saved" : "clean", busy, result, conflict };
  }
  const edited = isEdited(item, edit.draft);
  return {
    draft: edit.draft,
    status: !edited ? "clean" : edit.outcome === "failed" ? "failed" : "changed",
    busy,
    reason: edited ? readDraft(item, edit.draft).reason : null,
    result,
    shown: edit.shown,
    conflict,
  };
}

/** The page: a value this page set stays current until the next answer; every other value is the unit's. */
export function configView(query: QuerySnapshot, edits: Edits): ConfigView {
  const items = query.items.map((item) => {
    const saved = edits[item.name_internal]?.saved;
    return saved && saved.version === query.version ? { ...item, value_current: saved.value } : item;
  });
  const fields: Record<string, FieldState> = {};
  for (const item of items)
    fields[item.name_internal] = fieldOf(item, edits[item.name_internal], query.version);
  const { load, error, issues, progress } = query;
  return { load, error, issues, items, fields, progress };
}

/** Names of settings whose inputs hold edits that were not saved: leaving the page asks first. */
export function unsavedEdits(view: Pick<ConfigView, "items" | "fields">): string[] {
  return view.items
    .filter((item) => {
      const f = view.fields[item.name_internal];
      return f !== undefined && (f.busy || isEdited(item, f.draft));
    })
    .map((item) => item.name_internal);
}

/** The CSS class of an input by its status: SPEC §5's yellow, green and red highlights. */
export function fieldClass(status: FieldStatus): string {
  return status === "clean" ? "" : `field-${status}`;
}

/** The highlight in words, the input's description (not only a colour, WCAG 1.4.1); none when clean. */
export const FIELD_STATUS_TEXT: Record<Exclude<FieldStatus, "clean">, string> = {
  changed: "Changed, not saved",
  saved: "Saved",
  failed: "Not saved",
};
