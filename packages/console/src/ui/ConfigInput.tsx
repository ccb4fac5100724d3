// The input of one setting by its kind (SPEC §5, D5): checkbox, number, text, password or a select of the allowed values
// (the Configuration page and the Fleet page's profile editor).
import type { ConfigEntry, Draft, InputKind } from "../shared/settings/settingRules.ts";

interface Props {
  id: string;
  item: ConfigEntry;
  kind: InputKind;
  draft: Draft;
  className: string;
  disabled: boolean;
  /** For a password: true shows the text. */
  shown: boolean;
  /** A reason why the value cannot be saved is shown. */
  invalid: boolean;
  /** The ids of the highlight in words and the reason. */
  describedBy: string | undefined;
  onEdit(draft: Draft): void;
}

export function ConfigInput({
  id,
  item,
  kind,
  draft,
  className,
  disabled,
  shown,
  invalid,
  describedBy,
  onEdit,
}: Props) {
  const common = {
    id,
    className,
    disabled,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy,
  };
  if (kind === "checkbox") {
    return (
      <input
        {...common}
        type="checkbox"
        checked={draft === true}
        onChange={(e) => onEdit(e.currentTarget.checked)}
      />
    );
  }
  if (kind === "select") {
    const options = (item.allowed ?? []).map(String);
    const text = String(draft);
    return (
      <select {...common} value={text} onChange={(e) => onEdit(e.currentTarget.value)}>
        {!options.includes(text) && <option value={text}>{text === "" ? "(none)" : text}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  }
  if (kind === "number") {
    return (
      <input
        {...common}
        type="number"
        inputMode={item.integer ? "numeric" : "decimal"}
        step={item.integer ? 1 : "any"}
        min={item.min}
        max={item.max}
        autoComplete="off"
        value={String(draft)}
        onChange={(e) => onEdit(e.currentTarget.value)}
      />
    );
  }
  const secret = kind === "password";
  return (
    <input
      {...common}
      type={secret && !shown ? "password" : "text"}
      // Passwords are never filled in by the browser's password manager.
      autoComplete={secret ? "new-password" : "off"}
      spellCheck={false}
      autoCapitalize="off"
      value={String(draft)}
      onChange={(e) => onEdit(e.currentTarget.value)}
    />
  );
}
