// Conflicting edits (issue 22): is the unit's value still the one the page showed, the text, and what each answer does.
import type { ConfigValue } from "@trc/protocol";

/** The unit's value changed after the page showed it, and the operator is about to send another one. */
export interface Conflict {
  /** The value the page showed when the operator started editing. */
  old: ConfigValue | undefined;
  /** The unit's value now, just re-read. */
  now: ConfigValue | undefined;
  /** What the operator wants to send. */
  value: ConfigValue;
}

/** The operator's answers: send anyway, take the unit's value into the input, or go back to the input. */
export type ConflictAnswer = "overwrite" | "keep" | "edit";

export const CONFLICT_PREFIX = "Changed on the unit since you opened this page:";

export const CONFLICT_ANSWERS: Readonly<Record<ConflictAnswer, string>> = {
  overwrite: "Overwrite",
  keep: "Keep the unit's value",
  edit: "Edit further",
};

/**
 * A conflict when the unit's value is no longer the one the page showed. When the unit already holds the value
 * being sent there is nothing to lose, so no question.
 */
export function findConflict(
  shown: ConfigValue | undefined,
  now: ConfigValue | undefined,
  value: ConfigValue,
): Conflict | null {
  if (Object.is(now, shown) || Object.is(now, value)) return null;
  return { old: shown, now, value };
}

/** "Changed on the unit since you opened this page: OLD → NEW", OLD and NEW as the page shows values. */
export function conflictText(oldText: string, newText: string): string {
  return `${CONFLICT_PREFIX} ${oldText} → ${newText}`;
}

/** What the page does with each answer. */
export type ConflictStep =
  /** Send the operator's value (the restart banner and colours as for any set). */
  | { send: ConfigValue }
  /** Send nothing; the input takes the unit's value and is clean. */
  | { take: ConfigValue | undefined }
  /** Send nothing; the input keeps the typed value, now measured against the unit's value. */
  | { editFrom: ConfigValue | undefined };

export function conflictStep(conflict: Conflict, answer: ConflictAnswer): ConflictStep {
  switch (answer) {
    case "overwrite":
      return { send: conflict.value };
    case "keep":
      return { take: conflict.now };
    case "edit":
      return { editFrom: conflict.now };
  }
}
