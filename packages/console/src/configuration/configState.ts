// The configuration page's state machine: load state (SPEC §4), the settings, and each input's draft, colour and result.
import type { ConfigRefreshState, ConfigValue } from "@trc/protocol";
import type { SaveResult } from "./saveResult.ts";
import { type ConfigEntry, type Draft, draftOf, isEdited, readDraft } from "./settingRules.ts";

/** SPEC §4 config input: yellow when changed, green after a save, red after a failed one; busy while submitting. */
export type FieldStatus = "clean" | "changed" | "saved" | "failed";

export interface FieldState {
  draft: Draft;
  status: FieldStatus;
  busy: boolean;
  /** Why the draft cannot be sent (D5 limits), shown under the input. */
  reason: string | null;
  result: SaveResult | null;
}

export interface ConfigState {
  load: ConfigRefreshState;
  error: string | null;
  /** Parts of the device's answers that broke the contract. */
  issues: string[];
  items: ConfigEntry[];
  fields: Record<string, FieldState>;
  /** Remote store while querying: definitions queried of those available. */
  progress: { queried: number; available: number } | null;
}

export type ConfigAction =
  | { type: "query" }
  | { type: "progress"; queried: number; available: number }
  | { type: "loaded"; items: ConfigEntry[]; issues: string[] }
  | { type: "failed"; error: string }
  | { type: "edit"; name: string; draft: Draft }
  | { type: "submit"; name: string }
  | { type: "saved"; name: string; value: ConfigValue; result: SaveResult };

export const initialConfigState: ConfigState = {
  load: "UN_QUERIED",
  error: null,
  issues: [],
  items: [],
  fields: {},
  progress: null,
};

export function cleanField(item: ConfigEntry): FieldState {
  return {
    draft: draftOf(item, item.value_current),
    status: "clean",
    busy: false,
    reason: null,
    result: null,
  };
}

/** A refresh keeps what the user is editing (and anything in flight); the other inputs follow the new values. */
function mergeFields(items: readonly ConfigEntry[], old: ConfigState["fields"]): ConfigState["fields"] {
  const fields: ConfigState["fields"] = {};
  for (const item of items) {
    const prev = old[item.name_internal];
    if (prev && (prev.busy || prev.status === "changed" || prev.status === "failed")) {
      const edited = isEdited(item, prev.draft);
      fields[item.name_internal] = edited || prev.busy ? prev : { ...prev, status: "clean", reason: null };
    } else {
      fields[item.name_internal] = { ...cleanField(item), result: prev?.result ?? null };
    }
  }
  return fields;
}

export function configReducer(state: ConfigState, action: ConfigAction): ConfigState {
  switch (action.type) {
    case "query":
      return { ...state, load: "QUERYING", error: null, progress: null };
    case "progress":
      return { ...state, progress: { queried: action.queried, available: action.available } };
    case "loaded":
      return {
        ...state,
        load: "REFRESHED",
        error: null,
        progress: null,
        issues: action.issues,
        items: action.items,
        fields: mergeFields(action.items, state.fields),
      };
    case "failed":
      return { ...state, load: "ERROR", error: action.error, progress: null };
    case "edit": {
      const item = state.items.find((i) => i.name_internal === action.name);
      const field = state.fields[action.name];
      if (!item || !field || field.busy) return state;
      const edited = isEdited(item, action.draft);
      const next: FieldState = {
        ...field,
        draft: action.draft,
        // Editing clears the result colour.
        status: edited ? "changed" : "clean",
        reason: edited ? readDraft(item, action.draft).reason : null,
      };
      return { ...state, fields: { ...state.fields, [action.name]: next } };
    }
    case "submit": {
      const field = state.fields[action.name];
      if (!field) return state;
      return { ...state, fields: { ...state.fields, [action.name]: { ...field, busy: true } } };
    }
    case "saved": {
      const field = state.fields[action.name];
      if (!field) return state;
      if (!action.result.ok) {
        const failed: FieldState = { ...field, busy: false, status: "failed", result: action.result };
        return { ...state, fields: { ...state.fields, [action.name]: failed } };
      }
      const items = state.items.map((i) =>
        i.name_internal === action.name ? { ...i, value_current: action.value } : i,
      );
      const item = items.find((i) => i.name_internal === action.name);
      const draft = item ? draftOf(item, action.value) : field.draft;
      const saved: FieldState = { draft, busy: false, status: "saved", reason: null, result: action.result };
      return { ...state, items, fields: { ...state.fields, [action.name]: saved } };
    }
  }
}

/** Names of settings whose inputs hold edits that were not saved: leaving the page asks first. */
export function unsavedEdits(state: ConfigState): string[] {
  return state.items
    .filter((item) => {
      const f = state.fields[item.name_internal];
      return f !== undefined && (f.busy || isEdited(item, f.draft));
    })
    .map((item) => item.name_internal);
}

/** The CSS class of an input by its status. */
export function fieldClass(status: FieldStatus): string {
  return status === "clean" ? "" : `field-${status}`;
}
