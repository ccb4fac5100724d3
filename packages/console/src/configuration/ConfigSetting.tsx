// One setting (SPEC §2): name, description, 'Reset to default', 'Current', the input, Submit, the limit reason, the
// question when the unit's value changed meanwhile, and the result.
import { useState } from "react";
import { CONFLICT_ANSWERS, type ConflictAnswer, conflictText } from "../shared/settings/conflict.ts";
import {
  type ConfigEntry,
  canResetToDefault,
  type Draft,
  draftOf,
  inputKind,
  isEdited,
  valueText,
} from "../shared/settings/settingRules.ts";
import { ConfigInput } from "../ui/ConfigInput.tsx";
import { Spinner } from "../ui/Spinner.tsx";
import { FIELD_STATUS_TEXT, type FieldState, fieldClass } from "./configState.ts";
import { SaveResultView } from "./SaveResultView.tsx";

interface Props {
  item: ConfigEntry;
  field: FieldState;
  onEdit(name: string, draft: Draft): void;
  onSubmit(name: string): void;
  /** The operator's answer when the unit's value changed since the page showed it. */
  onResolve?(name: string, answer: ConflictAnswer): void;
  /** What the unit's current value means, said under it (the passing filter in words). */
  note?: string | null | undefined;
}

const ANSWERS: ConflictAnswer[] = ["overwrite", "keep", "edit"];

export function ConfigSetting({ item, field, onEdit, onSubmit, onResolve, note }: Props) {
  const [shown, setShown] = useState(false);
  const name = item.name_internal;
  const id = `cfg-${name}`;
  const kind = inputKind(item);
  const hide = kind === "password" && !shown;
  const conflict = field.conflict ?? null;
  const canSubmit = !field.busy && !conflict && field.reason === null && isEdited(item, field.draft);
  return (
    <fieldset className="cfg-setting" aria-labelledby={`${id}-label`} data-setting={name}>
      <div className="cfg-head">
        <label id={`${id}-label`} htmlFor={id} className="cfg-name">
          {item.name_display}
        </label>
        <span className="muted cfg-desc">{item.description}</span>
      </div>
      <div className="cfg-values">
        <span className="cfg-current">Current: {valueText(item.value_current, hide)}</span>
        {canResetToDefault(item) && (
          <button
            type="button"
            className="btn btn-small"
            disabled={field.busy}
            onClick={() => onEdit(name, draftOf(item, item.value_default))}
          >
            Reset to default: {valueText(item.value_default, hide)}
          </button>
        )}
      </div>
      {note && (
        <div className="muted cfg-values" id={`${id}-note`} data-testid="setting-note">
          {note}
        </div>
      )}
      <form
        className="cfg-edit"
        onSubmit={(e) => {
          e.preventDefault();
          if (canSubmit) onSubmit(name);
        }}
      >
        <ConfigInput
          id={id}
          item={item}
          kind={kind}
          draft={field.draft}
          className={fieldClass(field.status)}
          disabled={field.busy || conflict !== null}
          shown={shown}
          invalid={!!field.reason}
          describedBy={
            [note && `${id}-note`, field.status !== "clean" && `${id}-state`, field.reason && `${id}-reason`]
              .filter(Boolean)
              .join(" ") || undefined
          }
          onEdit={(draft) => onEdit(name, draft)}
        />
        {kind === "password" && (
          <button
            type="button"
            className="btn btn-small"
            aria-pressed={shown}
            onClick={() => setShown(!shown)}
          >
            {shown ? "Hide" : "Show"}
          </button>
        )}
        <button type="submit" className="btn btn-primary btn-small" disabled={!canSubmit}>
          Submit
        </button>
        {field.busy && <Spinner label="Saving" />}
      </form>
      {field.status !== "clean" && (
        <span id={`${id}-state`} hidden>
          {FIELD_STATUS_TEXT[field.status]}
        </span>
      )}
      {field.reason && (
        <div className="field-reason" id={`${id}-reason`}>
          {field.reason}
        </div>
      )}
      {conflict && (
        <div className="cfg-conflict">
          <p role="alert">{conflictText(valueText(conflict.old, hide), valueText(conflict.now, hide))}</p>
          {ANSWERS.map((answer) => (
            <button
              key={answer}
              type="button"
              className={answer === "overwrite" ? "btn btn-small btn-primary" : "btn btn-small"}
              onClick={() => onResolve?.(name, answer)}
            >
              {CONFLICT_ANSWERS[answer]}
            </button>
          ))}
        </div>
      )}
      {field.result && <SaveResultView result={field.result} />}
    </fieldset>
  );
}
